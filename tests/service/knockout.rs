//! After the Swiss rounds: the knockout bracket, the third-place match, and a final decided by the
//! knowledge test and then the extra game with its Red side drawn by lot.

use crate::helpers::*;
use crate::pages::{Bracket, Overview, RefereeMatch, Round, has, text_of};
use crate::setup::{Day, OpenDay, players_csv};

#[actix_rt::test]
async fn the_knockout_ends_with_a_final_decided_by_the_knowledge_test_and_an_extra_game() {
    let app = TestApp::spawn().await;
    let csv = players_csv(4);
    let OpenDay { t, admin, .. } = Day::new(&app)
        .config(&[("swiss_rounds", "1"), ("knockout_size", "4"), ("third_place", "1")])
        .imported(&csv)
        .open()
        .await;
    let public = app.browser();

    // Not before the Swiss rounds are over.
    let early = admin.post(&format!("/admin/t/{t}/knockout"), &[]).await;
    assert_eq!(early.status, 400);
    early.assert_contains("Najpierw rozegraj wszystkie rundy szwajcarskie");

    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    play_round_red_first_wins(&admin, t, 1).await;
    admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;

    // Semifinals: 1 v 4 and 2 v 3, the better seed commanding Red first.
    let semis = admin.post_follow(&format!("/admin/t/{t}/knockout"), &[]).await;
    let semis = Round::read(&semis);
    assert_eq!(
        (semis.stage.as_deref(), semis.status.as_str()),
        (Some("ko_semi_final"), "draft"),
        "{semis:?}"
    );
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let bracket = public.get(&format!("/t/{t}/bracket")).await;
    let columns = crate::pages::texts(&bracket, "#bracket .col h3");
    assert_eq!(columns, ["Półfinał", "Finał", "Mecz o 3. miejsce"], "the bracket's columns");
    let first_semi = crate::pages::texts(&bracket, "#bracket .m");
    assert!(first_semi[0].contains("(1)") && first_semi[0].contains("(4)"), "1 v 4: {first_semi:?}");
    play_round_red_first_wins(&admin, t, 2).await;
    // Waiting for the lock: the next knockout round needs the last one locked, and the organiser's
    // page offers the lock, not the pairing.
    assert_eq!(admin.post(&format!("/admin/t/{t}/knockout"), &[]).await.status, 400);
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(!has(&overview, &format!("form[action=/admin/t/{t}/knockout]")), "no pairing offered");
    assert!(has(&overview, &format!("form[action=/admin/t/{t}/round/2/lock]")), "the lock offered");
    assert_eq!(
        text_of(&overview, "#next-step"),
        "Runda 2: najpierw zamknij tę rundę (wszystkie wyniki wpisane)"
    );
    admin.post(&format!("/admin/t/{t}/round/2/lock"), &[("confirm", "1")]).await;

    // Final and third-place match together.
    admin.post(&format!("/admin/t/{t}/knockout"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/3/publish"), &[]).await;
    let round3 = Round::read(&admin.get(&format!("/t/{t}/round/3")).await);
    let matches: Vec<i64> = round3.lines.iter().map(|l| l.id).collect();
    assert_eq!(matches.len(), 2, "final and third-place match");
    let (final_match, third_match) = (matches[0], matches[1]);

    // Third place: decided on Red-side points.
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{third_match}")).await.body, t);
    enter(&admin, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    enter(&admin, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;

    // Final: 1:1 with equal Red-side points.
    let games = game_forms(&admin.get(&format!("/ref/t/{t}/match/{final_match}")).await.body, t);
    enter(&admin, t, (games[0].0, &games[0].1), "red", "radzymin-check", "10").await;
    enter(&admin, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    let page = admin.get(&format!("/ref/t/{t}/match/{final_match}")).await;
    assert_eq!(RefereeMatch::read(&page).line.state, "knowledge", "the knowledge test decides next");
    page.assert_contains("organizator wpisuje wyniki testu wiedzy");

    // Equal knowledge-test scores (everyone 15): an extra game is needed.
    let overview = Overview::read(&admin.get(&format!("/admin/t/{t}")).await);
    for name in ["Adam Abacki", "Beata Babacka", "Cezary Cabacki", "Dorota Dadacka"] {
        let row = overview.player(name);
        let (id, version) = (row.id, row.version.as_str());
        let r = admin
            .post(
                &format!("/admin/t/{t}/players/{id}"),
                &[("version", version), ("action", "knowledge"), ("knowledge", "15")],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let form = admin.get(&format!("/ref/t/{t}/match/{final_match}")).await;
    assert_eq!(RefereeMatch::read(&form).line.state, "extra", "the extra game is needed");
    assert!(has(&form, "#draw-lot"), "its side drawn by lot");
    assert_eq!(admin.post(&format!("/ref/t/{t}/match/{final_match}/extra"), &[]).await.status, 303);
    // The lot is drawn once: a second click shows the drawn lot and draws nothing new.
    assert_eq!(admin.post(&format!("/ref/t/{t}/match/{final_match}/extra"), &[]).await.status, 303);
    assert_eq!(history_rows(&app, "game", "extra-game lot").await.len(), 1);
    let form = admin.get(&format!("/ref/t/{t}/match/{final_match}")).await;
    assert!(crate::pages::RefereeMatch::read(&form).games.iter().any(|g| g.number == 3), "the extra game");
    let games = game_forms(&form.body, t);
    assert_eq!(games.len(), 3);
    // Whoever the lot made Red wins the extra game and the final.
    let red_name = &crate::pages::RefereeMatch::read(&form).game(3).red_name.clone();
    enter(&admin, t, (games[2].0, &games[2].1), "red", "warsaw-entered", "21").await;

    let bracket = public.get(&format!("/t/{t}/bracket")).await;
    let bracket = crate::pages::Bracket::read(&bracket);
    assert_eq!(bracket.champion.as_deref(), Some(red_name.as_str()));
    // The final ranking lists the champion first.
    let first = &bracket.finals[0];
    assert_eq!((first.name.as_str(), first.place.as_str()), (red_name.as_str(), "1"), "{first:?}");
    let final_page = public.get(&format!("/t/{t}/match/{final_match}")).await;
    let decided = crate::pages::Match::read(&final_page);
    assert_eq!(decided.line.winner, Some(first.player), "{decided:?}");
    assert!(decided.games.iter().any(|g| g.1 == 3), "decided in the extra game: {decided:?}");
    let history = admin.get(&format!("/admin/t/{t}/history")).await;
    crate::pages::admin::change(&crate::pages::admin::history(&history), "Losowanie strony w dogrywce");
    // Knockout rounds are named by what they are, on every page that shows them.
    for lang in ["pl", "en"] {
        for who in [&admin, &public] {
            who.get(&format!("/lang/{lang}")).await;
        }
        for path in [
            format!("/t/{t}/bracket"),
            format!("/t/{t}/round/2"),
            format!("/t/{t}/round/3"),
            format!("/t/{t}"),
            format!("/ref/t/{t}"),
            format!("/t/{t}/match/{final_match}"),
            format!("/ref/t/{t}/match/{third_match}"),
            format!("/admin/t/{t}"),
        ] {
            let page = admin.get(&path).await;
            crate::words::assert_no_retired_phrase(&format!("{lang} {path}"), &page.body);
        }
    }
    admin.get("/lang/pl").await;
    public.get("/lang/pl").await;
    let semis = Round::read(&public.get(&format!("/t/{t}/round/2")).await);
    assert_eq!(semis.stage.as_deref(), Some("ko_semi_final"));
    assert!(semis.heading.contains("półfinał"), "in words: {}", semis.heading);
    let last = Round::read(&public.get(&format!("/t/{t}/round/3")).await);
    let stages: Vec<Option<&str>> = last.lines.iter().map(|l| l.stage.as_deref()).collect();
    assert_eq!(stages, [Some("ko_final"), Some("ko_third_place")]);
    let tables = admin.get(&format!("/ref/t/{t}")).await;
    let listed = crate::pages::texts(&tables, "#others li strong");
    assert_eq!(listed, ["Stół 1 · finał", "Stół 2 · mecz o 3. miejsce"], "each table's stage in words");
    let ranking = Bracket::read(&public.get(&format!("/t/{t}/bracket")).await).finals;
    assert_eq!(ranking[1].reached, "przegrany finał", "{ranking:?}");
    // Nothing left to pair, and nothing offered.
    admin.post(&format!("/admin/t/{t}/round/3/lock"), &[("confirm", "1")]).await;
    let over = admin.post(&format!("/admin/t/{t}/knockout"), &[]).await;
    assert_eq!(over.status, 400);
    over.assert_contains("Faza pucharowa zakończona");
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    for offered in ["knockout", "rounds"] {
        assert!(!has(&overview, &format!("form[action=/admin/t/{t}/{offered}]")), "{offered} not offered");
    }
    assert_eq!(text_of(&overview, "#next-step"), "Wszystkie rundy są rozegrane.");
    assert_eq!(Overview::read(&overview).round_status(3), "locked");
}
