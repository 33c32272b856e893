//! Consistency rules: a walkover blocks game results until it is cleared; deck checks only in
//! published rounds, 31 cards is "too many", a full count lists no missing cards; discarding a
//! draft records everything it deleted.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn a_walkover_blocks_game_results_until_it_is_cleared() {
    let app = TestApp::spawn().await;
    let (t, _admin, referee, matches) = published_round(&app, &[]).await;
    let match_path = format!("/ref/t/{t}/match/{}", matches[0]);
    let form = referee.get(&match_path).await;
    let games = game_forms(&form.body, t);
    let saved = referee
        .post(
            &format!("{match_path}/forfeit"),
            &[("version", &forfeit_version(&form.body)), ("forfeit", "absent-a")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);

    let refused = enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    assert_eq!(refused.status, 422);
    refused.assert_contains("Ten mecz zapisano jako walkower lub wycofanie");
    // Nothing was saved: the game is still open and the match still a walkover.
    assert!(
        crate::pages::Game::read(&app.browser().get(&format!("/t/{t}/game/{}", games[0].0)).await)
            .result
            .is_none(),
        "no result yet"
    );
    assert!(history_rows(&app, "game", "enter").await.is_empty());

    // Cleared ("match played"), the same result is accepted.
    let form = referee.get(&match_path).await;
    let cleared = referee
        .post(&format!("{match_path}/forfeit"), &[("version", &forfeit_version(&form.body)), ("forfeit", "")])
        .await;
    assert_eq!(cleared.status, 303);
    let ok = enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    assert_eq!(ok.status, 303, "{}", ok.body);
}

#[actix_rt::test]
async fn deck_checks_are_taken_only_in_published_rounds() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").players(4).referee().draft().open().await;
    let (t, admin, referee) = (day.t, &day.admin, day.referee());
    let draft = admin.get(&format!("/t/{t}/round/1")).await;
    let m = ids_after(&draft.body, &format!("/t/{t}/match/"))[0];
    let deck = format!("/ref/t/{t}/match/{m}/deck");
    let full = [("set_label", "7"), ("red_count", "30"), ("polish_count", "30")];

    let in_draft = admin.post(&deck, &full).await;
    assert_eq!(in_draft.status, 422);
    in_draft.assert_contains("tylko w opublikowanej rundzie");

    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    assert_eq!(referee.post(&deck, &full).await.status, 303);

    play_round_red_first_wins(referee, t, 1).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let locked = admin.post(&deck, &full).await;
    assert_eq!(locked.status, 422);
    locked.assert_contains("tylko w opublikowanej rundzie");
    assert_eq!(history_rows(&app, "deck-check", "check").await.len(), 1, "only the published round's check");
}

#[actix_rt::test]
async fn thirty_one_cards_is_too_many_and_a_full_count_lists_no_missing_cards() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) = published_round(&app, &[]).await;
    let deck = format!("/ref/t/{t}/match/{}/deck", matches[0]);

    // 30 with every Red card ticked missing: contradictory, refused.
    let mut all_missing: Vec<(String, String)> = vec![
        ("set_label".into(), "5".into()),
        ("red_count".into(), "30".into()),
        ("polish_count".into(), "30".into()),
    ];
    all_missing.extend((1..=30).map(|n| (format!("missing_red_{n}"), "1".to_string())));
    let fields: Vec<(&str, &str)> = all_missing.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let refused = referee.post(&deck, &fields).await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        field_error(&refused.body, "red_count").as_deref(),
        Some("przy pełnej (lub za dużej) liczbie kart nie zaznacza się brakujących kart")
    );
    // What was typed and ticked is kept.
    assert_eq!(field_value(&refused.body, "set_label").as_deref(), Some("5"));
    assert!(crate::pages::has(&refused, "input[name=missing_red_30][value=1][checked]"), "the tick kept");

    // 31 with one ticked: refused the same way; 28 with three ticked: more than the count lacks.
    let refused = referee
        .post(
            &deck,
            &[("set_label", "5"), ("red_count", "31"), ("polish_count", "30"), ("missing_red_3", "1")],
        )
        .await;
    assert_eq!(refused.status, 422);
    let refused = referee
        .post(
            &deck,
            &[
                ("set_label", "5"),
                ("red_count", "30"),
                ("polish_count", "28"),
                ("missing_polish_1", "1"),
                ("missing_polish_2", "1"),
                ("missing_polish_3", "1"),
            ],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        field_error(&refused.body, "polish_count").as_deref(),
        Some("zaznaczono więcej brakujących kart, niż brakuje według liczby (3 > 2)")
    );

    // 31 alone is recorded as too many, not as an incomplete set with missing cards.
    let saved = referee.post(&deck, &[("set_label", "5"), ("red_count", "31"), ("polish_count", "30")]).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let decks = crate::pages::Overview::read(&admin.get(&format!("/admin/t/{t}")).await).decks;
    assert!(decks.iter().any(|d| d.set == "5" && d.too_many), "listed as too many: {decks:?}");
    let (_, _, new) = history_rows(&app, "deck-check", "check").await.pop().unwrap();
    assert!(new.contains("\"red_count\":31") && new.contains("\"missing_cards\":[]"), "{new}");
}

#[actix_rt::test]
async fn discarding_a_draft_records_everything_it_deleted() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).players(4).referee().draft().open().await;
    let assigned = admin
        .post(&format!("/admin/t/{t}/round/1/assign"), &[("referee", "sedzia"), ("from", "1"), ("to", "2")])
        .await;
    assert_eq!(assigned.status, 303, "{}", assigned.body);
    // Discarding asks first (a page, no JavaScript), then acts.
    let asked = admin.post(&format!("/admin/t/{t}/round/1/discard"), &[]).await;
    assert_eq!(asked.status, 200);
    assert!(crate::pages::has(&asked, "#confirm #confirm-yes"), "asked first: {}", asked.body);
    assert!(
        history_rows(&app, "round", "discard").await.is_empty(),
        "nothing is discarded before the confirmation"
    );
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/discard"), &[("confirm", "1")]).await.status, 303);

    let rows = history_rows(&app, "round", "discard").await;
    assert_eq!(rows.len(), 1);
    let (_, old, new) = &rows[0];
    assert_eq!(new, "null");
    let old: serde_json::Value = serde_json::from_str(old).unwrap();
    assert_eq!(old["number"], 1);
    assert_eq!(old["phase"], "swiss");
    assert_eq!(old["matches"].as_array().unwrap().len(), 2, "{old}");
    assert_eq!(old["table_referees"].as_array().unwrap().len(), 2, "{old}");
    assert!(old["deck_checks"].as_array().unwrap().is_empty());
    assert_eq!(history_rows(&app, "pairing", "discard").await.len(), 2);
}
