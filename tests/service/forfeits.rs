//! No-shows and withdrawals within a match: entered by the referee, version-checked and logged,
//! shown on the pairings and match pages, counted by the standings (league `MatchPlay::NoShow`).

use crate::helpers::*;
use crate::pages::exports::Csv;
use crate::pages::{has, players_of, points_of};
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn a_no_show_wins_the_match_for_the_present_player_in_standings_and_pairings() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, matches) =
        published_round(&app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let public = app.browser();

    // Table 1: the player commanding Red in game 1 did not come.
    let form = referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await;
    for choice in ["absent-a", "absent-b", "absent-both", "withdrew-a", "withdrew-b"] {
        assert!(
            has(&form, &format!("#forfeit-form select[name=forfeit] option[value={choice}]")),
            "{choice} offered"
        );
    }
    let (absent, present) = players_of(&form.body);
    let version = forfeit_version(&form.body);
    let path = format!("/ref/t/{t}/match/{}/forfeit", matches[0]);
    // Without the CSRF token the form is refused; an unknown choice names the field.
    assert_eq!(referee.post_raw(&path, &[("version", &version), ("forfeit", "absent-a")]).await.status, 403);
    let bad = referee.post(&path, &[("version", &version), ("forfeit", "absent-c")]).await;
    assert_eq!(bad.status, 422);
    assert_eq!(field_error(&bad.body, "forfeit").as_deref(), Some("wybierz jedną z opcji"));
    let saved = referee.post(&path, &[("version", &version), ("forfeit", "absent-a")]).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    // A second save with the old version is a conflict, not an overwrite.
    let stale = referee.post(&path, &[("version", &version), ("forfeit", "absent-both")]).await;
    assert_eq!(stale.status, 409, "{}", stale.body);

    // Table 2: played over the board, Red in game 1 wins 2:0.
    let form2 = referee.get(&format!("/ref/t/{t}/match/{}", matches[1])).await;
    let (winner2, loser2) = players_of(&form2.body);
    play_match(
        &referee,
        t,
        matches[1],
        [("red", "warsaw-entered", "21"), ("polish", "three-red-eliminated", "0")],
    )
    .await;

    // Pairings: the forfeit is shown as such, with the present player as the winner.
    let pairings = crate::pages::Round::read(&public.get(&format!("/t/{t}/round/1")).await);
    let line = pairings.line(matches[0]);
    assert_eq!(line.state, "forfeit", "{line:?}");
    assert_eq!(line.result, format!("Wygrywa {present} walkowerem (nieobecność: {absent})"));
    let english = app.browser();
    english.get("/lang/en").await;
    let english = crate::pages::Round::read(&english.get(&format!("/t/{t}/round/1")).await);
    assert!(
        english.line(matches[0]).result.starts_with(&format!("{present} wins by walkover")),
        "{english:?}"
    );

    // The round is complete and can be locked; the standings count the forfeit win.
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let standings = public.get(&format!("/t/{t}/standings")).await;
    assert_eq!(points_of(&standings, &present), "1", "{}", standings.body);
    assert_eq!(points_of(&standings, &absent), "0", "{}", standings.body);
    assert_eq!(points_of(&standings, &winner2), "1");
    assert_eq!(points_of(&standings, &loser2), "0");

    // History: who changed what, visible to the organiser and on the match page for referees.
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    let changes = crate::pages::admin::history(&history);
    let forfeit = crate::pages::admin::change(&changes, "Walkower lub wycofanie (runda 1, stół 1)");
    assert!(forfeit.after.iter().any(|a| *a == format!("nieobecność: {absent}")), "{forfeit:?}");
    history.assert_lacks("absent-a");
    let on_match = crate::pages::admin::history(&referee.get(&format!("/t/{t}/match/{}", matches[0])).await);
    let forfeit = crate::pages::admin::change(&on_match, "Walkower lub wycofanie");
    assert!(forfeit.after.iter().any(|a| *a == format!("nieobecność: {absent}")), "{forfeit:?}");
}

#[actix_rt::test]
async fn both_absent_lose_and_a_withdrawal_can_be_cleared_again() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, matches, .. } =
        Day::new(&app).swiss_only("2").players(4).published().open().await;

    // Table 1: both absent, both lose.
    let form = admin.get(&format!("/ref/t/{t}/match/{}", matches[0])).await;
    let (a1, b1) = players_of(&form.body);
    let path = format!("/ref/t/{t}/match/{}/forfeit", matches[0]);
    let v = forfeit_version(&form.body);
    assert_eq!(admin.post(&path, &[("version", &v), ("forfeit", "absent-both")]).await.status, 303);

    // Table 2: the second player withdrew, then the referee clears it (a mistake), then re-enters it.
    let form = admin.get(&format!("/ref/t/{t}/match/{}", matches[1])).await;
    let (a2, b2) = players_of(&form.body);
    let path2 = format!("/ref/t/{t}/match/{}/forfeit", matches[1]);
    let v = forfeit_version(&form.body);
    assert_eq!(admin.post(&path2, &[("version", &v), ("forfeit", "withdrew-b")]).await.status, 303);
    let form = admin.get(&format!("/ref/t/{t}/match/{}", matches[1])).await;
    let chosen = crate::pages::one(&form.body, "select[name=forfeit] option[selected]");
    assert_eq!(chosen.get("value"), "withdrew-b");
    assert!(crate::pages::has(&form, "#forfeit-note"), "the note on the stored forfeit");
    let v = forfeit_version(&form.body);
    assert_eq!(admin.post(&path2, &[("version", &v), ("forfeit", "")]).await.status, 303);
    let cleared = crate::pages::Round::read(&admin.get(&format!("/t/{t}/round/1")).await);
    assert_eq!(cleared.line(matches[1]).state, "pending", "{cleared:?}");
    // Without a result the round cannot be locked.
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 400);
    let form = admin.get(&format!("/ref/t/{t}/match/{}", matches[1])).await;
    let v = forfeit_version(&form.body);
    assert_eq!(admin.post(&path2, &[("version", &v), ("forfeit", "withdrew-b")]).await.status, 303);
    let round = crate::pages::Round::read(&admin.get(&format!("/t/{t}/round/1")).await);
    let states: Vec<&str> = round.lines.iter().map(|l| l.state.as_str()).collect();
    assert_eq!(states, ["forfeit", "forfeit"], "{round:?}");
    assert!(round.line(matches[0]).result.starts_with("Obustronny walkower"), "{round:?}");
    assert!(round.line(matches[1]).result.contains("wycofanie"), "{round:?}");

    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let standings = admin.get(&format!("/t/{t}/standings")).await;
    assert_eq!(points_of(&standings, &a1), "0");
    assert_eq!(points_of(&standings, &b1), "0");
    assert_eq!(points_of(&standings, &a2), "1");
    assert_eq!(points_of(&standings, &b2), "0");
    // CSV export names the forfeit too.
    let csv = Csv::read(&admin.get(&format!("/t/{t}/export/pairings/1")).await, ';');
    assert_eq!(
        csv.at(0, "Wynik meczu"),
        "Obustronny walkower: nikt się nie stawił, obie strony przegrywają",
        "{csv:?}"
    );
}

#[actix_rt::test]
async fn a_knockout_no_show_sends_the_present_player_on_and_a_double_no_show_is_refused() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app)
        .config(&[("swiss_rounds", "1"), ("knockout_size", "2"), ("third_place", "0")])
        .players(2)
        .open()
        .await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    play_round_red_first_wins(&admin, t, 1).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/knockout"), &[]).await.status, 303);
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let m = crate::pages::Round::read(&admin.get(&format!("/t/{t}/round/2")).await).lines[0].id;

    let form = admin.get(&format!("/ref/t/{t}/match/{m}")).await;
    let choices: Vec<String> = crate::pages::select(&form.body, "#forfeit-form option")
        .iter()
        .map(|o| o.get("value").to_string())
        .collect();
    assert!(!choices.is_empty() && !choices.iter().any(|c| c == "absent-both"), "{choices:?}");
    let (_, present) = players_of(&form.body);
    let path = format!("/ref/t/{t}/match/{m}/forfeit");
    let v = forfeit_version(&form.body);
    let refused = admin.post(&path, &[("version", &v), ("forfeit", "absent-both")]).await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        field_error(&refused.body, "forfeit").as_deref(),
        Some("W fazie pucharowej jeden z graczy musi przejść dalej: obustronny walkower jest niemożliwy.")
    );
    assert_eq!(admin.post(&path, &[("version", &v), ("forfeit", "absent-a")]).await.status, 303);
    let bracket = app.browser().get(&format!("/t/{t}/bracket")).await;
    assert_eq!(
        crate::pages::Bracket::read(&bracket.assert_ok().body).champion.as_deref(),
        Some(present.as_str())
    );
    let decided = crate::pages::Match::read(&app.browser().get(&format!("/t/{t}/match/{m}")).await);
    assert_eq!(decided.line.state, "forfeit", "{decided:?}");
}
