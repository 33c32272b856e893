//! Seasons end to end over HTTP (issue 20). The second test is the "Done when": a local
//! elimination, two regional qualifiers (a withdrawal, a declined invitation), wildcards, the
//! final in groups and a knockout seeded by the placings, the season ranking and the person page
//! of a player of all three levels. The first, a small season (issue 20): the coordinator creates a season from the form
//! and adds two regional qualifiers (Swiss only, four players each, results typed by the referee)
//! and the final; each qualifier is closed from its invitations page, which invites its winner (as
//! the public standings rank them) into the final; the final's organiser accepts one (an entry of
//! the final) and marks the other declined (the next of that event's standings is invited); the
//! coordinator adds a wildcard; reopening the event with an accepted invitation is a correction
//! (closed again unchanged), the other reopens and its invitations not accepted are withdrawn. Access: an organiser of one
//! event reaches neither the final's invitations nor the coordinator's page. The public season
//! page never shows a birth date.

use crate::helpers::*;
use crate::pages::admin::{SeasonPage, corrections, invitations as invitations_on, season_log};
use crate::pages::invitations::{invitation_rows, names_in};
use crate::pages::{select, text_of};
use crate::setup::{Day, OpenDay, PLAYERS};

const ORGANISER_B_PASSWORD: &str = "organizator-b-haslo-2026";

/// Two Swiss rounds played (the player commanding Red first wins each match, typed by `referee`)
/// and locked.
async fn play_two_rounds(day: &OpenDay, referee: &Browser) {
    let t = day.t;
    for n in 1..=2 {
        if n > 1 {
            let paired = day.admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
            assert_eq!(paired.status, 303, "{}", paired.body);
            let published = day.admin.post(&format!("/admin/t/{t}/round/{n}/publish"), &[]).await;
            assert_eq!(published.status, 303, "{}", published.body);
        }
        play_round_red_first_wins(referee, t, n).await;
        let locked = day.admin.post(&format!("/admin/t/{t}/round/{n}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "{}", locked.body);
    }
}

/// The players of the public standings, in their order (rank 1 first).
async fn standings_order(b: &Browser, t: i64) -> Vec<i64> {
    let page = b.get(&format!("/t/{t}/standings")).await;
    crate::pages::Standings::read(page.assert_ok()).rows.iter().map(|r| r.player).collect()
}

/// The name of a player of `day` (registered in [`PLAYERS`] order from `first`).
fn name_of(day: &OpenDay, first: usize, player: i64) -> &'static str {
    PLAYERS[first + day.players.iter().position(|p| *p == player).unwrap()]
}

/// The invitation ids on the final's invitations page, by the person's name (the first listed).
fn invitation_of(body: &str, name: &str) -> i64 {
    invitations_on(body)
        .iter()
        .find(|i| i.name == name)
        .unwrap_or_else(|| panic!("{name} invited: {body}"))
        .id
}

/// The state's words of `name`'s invitation (the last one listed for them).
fn state_of(body: &str, name: &str) -> String {
    invitations_on(body)
        .into_iter()
        .rev()
        .find(|i| i.name == name)
        .unwrap_or_else(|| panic!("{name} listed"))
        .state
}

#[actix_rt::test]
async fn a_small_season_from_two_regional_qualifiers_to_the_final() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;

    // The coordinator's season, from the form (the default levels and the 16 voivodeships).
    let (coordination, season) = create_season(&admin).await;

    // Two regional qualifiers of four different players each, and the final.
    let a = Day::new(&app).swiss_only("2").named(&PLAYERS[..4]).referee().published().open().await;
    let b = Day::new(&app).swiss_only("2").named(&PLAYERS[4..]).published().open().await;
    let b_referee = appoint(&b.admin, b.t, crate::setup::REFEREE.0, "").await;
    assert_eq!(b_referee.status, 303, "{}", b_referee.body);
    let final_t = create_tournament(&admin, &[("name", "Finał ogólnopolski"), ("knockout_size", "0")]).await;

    let page = admin.get(&coordination).await;
    assert_eq!(text_of(page.assert_ok(), "h1"), "Koordynacja sezonu: Liga 2026");
    let regional = "kwalifikacje regionalne";
    for (t, level, region) in [
        (a.t, regional, Some("mazowieckie")),
        (b.t, regional, Some("małopolskie")),
        (final_t, "finał ogólnopolski", None),
    ] {
        add_season_event(&admin, season, t, level, region, "1").await;
    }

    // Closing before the results are in is refused, in Polish.
    let early = admin.post(&format!("/admin/t/{}/event/close", a.t), &[]).await;
    assert_eq!(early.status, 400);
    assert_eq!(
        text_of(&early, "#message"),
        "Turniej można zamknąć, gdy wszystkie mecze są rozstrzygnięte. Brakuje wyniku w rundzie 1."
    );

    play_two_rounds(&a, a.referee()).await;
    play_two_rounds(&b, a.referee()).await;
    let (a_order, b_order) = (standings_order(&admin, a.t).await, standings_order(&admin, b.t).await);
    assert_eq!((a_order.len(), b_order.len()), (4, 4));
    for day in [&a, &b] {
        let closed = admin.post(&format!("/admin/t/{}/event/close", day.t), &[]).await;
        assert_eq!(closed.status, 303, "{}", closed.body);
    }
    let (a_winner, b_winner) = (name_of(&a, 0, a_order[0]), name_of(&b, 4, b_order[0]));
    let b_second = name_of(&b, 4, b_order[1]);

    // The final's invitations: each region's winner.
    let invitations = format!("/admin/t/{final_t}/invitations");
    let page = admin.get(&invitations).await;
    page.assert_ok();
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie czeka na odpowiedź");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie czeka na odpowiedź");
    assert!(!invitations_on(&page.body).iter().any(|i| i.name == b_second), "only the winners invited");
    let (a_inv, b_inv) = (invitation_of(&page.body, a_winner), invitation_of(&page.body, b_winner));

    // Access: B's organiser reaches neither the final's invitations nor the coordinator's page,
    // nor the final's invitation through B's own address.
    let made = admin
        .post(
            &format!("/admin/t/{}/referees", b.t),
            &[("username", "organizator-b"), ("password", ORGANISER_B_PASSWORD), ("role", "organiser")],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let org_b = app.browser();
    org_b.login("organizator-b", ORGANISER_B_PASSWORD).await;
    assert_eq!(org_b.post(&format!("{invitations}/{a_inv}/accept"), &[]).await.status, 403);
    assert_eq!(org_b.post(&format!("/admin/t/{}/invitations/{a_inv}/accept", b.t), &[]).await.status, 404);
    assert_eq!(org_b.get(&coordination).await.status, 403);

    // Accept A's winner: an entry of the final. Decline B's winner: B's second is invited.
    let accepted = admin.post(&format!("{invitations}/{a_inv}/accept"), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    player_id(&admin.get(&format!("/admin/t/{final_t}")).await.body, a_winner);
    let declined = admin.post(&format!("{invitations}/{b_inv}/decline"), &[]).await;
    assert_eq!(declined.status, 303, "{}", declined.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie przyjęte");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie odrzucone");
    assert_eq!(state_of(&page.body, b_second), "zaproszenie czeka na odpowiedź");
    let again = admin.post(&format!("{invitations}/{b_inv}/accept"), &[]).await;
    assert_eq!(again.status, 409, "a declined invitation is not accepted");

    // A wildcard for A's last player (their person's number from their public page), logged.
    let a_last = name_of(&a, 0, a_order[3]);
    let player_page = admin.get(&format!("/t/{}/player/{}", a.t, a_order[3])).await;
    let person = ids_after(&player_page.body, "/person/")[0].to_string();
    let wild = admin
        .post(
            &format!("/admin/season/{season}/wildcards"),
            &[("person", &person), ("tournament", &final_t.to_string()), ("reason", "mistrzostwo szkół")],
        )
        .await;
    assert_eq!(wild.status, 303, "{}", wild.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, a_last), "zaproszenie czeka na odpowiedź");
    let wildcard = invitation_rows(&page).into_iter().rev().find(|i| i.name == a_last).unwrap();
    assert_eq!(
        (wildcard.state.as_str(), wildcard.origin.as_str(), wildcard.origin_words.as_str()),
        ("invited", "wildcard", "dzika karta: mistrzostwo szkół"),
        "{wildcard:?}"
    );
    let log = season_log(&admin.get(&coordination).await);
    assert!(log.iter().any(|l| l.ends_with("mistrzostwo szkół")), "the reason logged: {log:?}");

    // Reopening A (its invitation was accepted) is a correction (issue 34): nothing changes until
    // it closes again, which a correction changing no invitation allows the organiser; reopening
    // B withdraws its open one.
    let corrected = admin.post(&format!("/admin/t/{}/event/reopen", a.t), &[("reason", "korekta")]).await;
    assert_eq!(corrected.status, 303, "{}", corrected.body);
    let correction = corrections(&admin.get(&format!("/admin/t/{}/invitations", a.t)).await);
    assert_eq!(correction.len(), 1, "{correction:?}");
    assert!(correction[0].title.starts_with("Korekta wyników po zamknięciu"), "{correction:?}");
    assert!(correction[0].changes_nothing(), "{correction:?}");
    assert_eq!(admin.post(&format!("/admin/t/{}/event/close", a.t), &[]).await.status, 303);
    let no_reason = admin.post(&format!("/admin/t/{}/event/reopen", b.t), &[("reason", " ")]).await;
    assert_eq!(no_reason.status, 400);
    let reopened = admin.post(&format!("/admin/t/{}/event/reopen", b.t), &[("reason", "błędny wynik")]).await;
    assert_eq!(reopened.status, 303, "{}", reopened.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, b_second), "zaproszenie wycofane");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie wycofane");
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie przyjęte");
    let b_page = admin.get(&format!("/admin/t/{}/invitations", b.t)).await;
    assert!(
        crate::pages::has(&b_page, "form#close") && !crate::pages::has(&b_page, "form#reopen"),
        "open again"
    );

    // The public season page: the levels, the events with their status, A's qualifier; no birth
    // date (every player was registered born 2010-01-15).
    let public = app.browser().get(&format!("/season/{season}")).await;
    let season_page = SeasonPage::read(public.assert_ok());
    assert_eq!(season_page.name, "Liga 2026");
    assert!(season_page.levels.iter().any(|l| l.0 == "kwalifikacje regionalne"), "{season_page:?}");
    let a_event = season_page.event(a.t);
    assert_eq!(a_event.status, "zamknięty, klasyfikacja zapisana");
    assert!(a_event.qualifiers.iter().any(|q| q.1 == a_winner), "{a_event:?}");
    public.assert_lacks("2010-01-15").assert_lacks("15.01.2010");
    app.stop().await;
}

/// Register a person of `region` (as typed) in `t` from the organiser's form; their entry's id.
async fn register_in_region(admin: &Browser, t: i64, name: &str, born: &str, region: &str) -> i64 {
    let page = admin
        .post(
            &format!("/admin/t/{t}/players"),
            &[
                ("name", name),
                ("birth_date", born),
                ("club", &format!("LO {}", &name[..1])),
                ("region", region),
            ],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    player_id(&admin.get(&format!("/admin/t/{t}")).await.body, name)
}

/// Pair, publish, play (the player commanding Red first wins, on Red-side points) and lock every
/// round `pair` pairs (the Swiss: `/rounds`; the groups: `/stages/round`) until it refuses; the
/// withdrawal `after_first` is made once round 1 is locked.
async fn play_out(admin: &Browser, referee: &Browser, t: i64, pair: &str, after_first: Option<i64>) {
    for n in 1..=12 {
        let paired = admin.post(&format!("/admin/t/{t}{pair}"), &[]).await;
        if paired.status == 400 {
            assert!(n > 1, "{}", paired.body);
            return;
        }
        assert_eq!(paired.status, 303, "{}", paired.body);
        assert_eq!(admin.post(&format!("/admin/t/{t}/round/{n}/publish"), &[]).await.status, 303);
        play_round_red_first_wins(referee, t, n).await;
        let locked = admin.post(&format!("/admin/t/{t}/round/{n}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "{}", locked.body);
        if let (1, Some(p)) = (n, after_first) {
            assert_eq!(withdraw(admin, t, p, "1").await.status, 303);
        }
    }
}

/// The "Done when" over HTTP: a local elimination, two regional qualifiers (one with a
/// withdrawal and a declined invitation), their qualifiers invited into the final by region,
/// wildcards, the final in groups + knockout seeded by the placings, every event closed; a
/// closed event refuses a correction; the season ranking (each person's level checked against
/// the invitations pages) and the person page of a player of all three levels. Regions are
/// typed on the register form without diacritics and shown as the season spells them.
#[actix_rt::test]
async fn a_season_over_http_from_a_local_elimination_to_the_final_ranking() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let swiss = |name: &'static str| [("name", name), ("swiss_rounds", "2"), ("knockout_size", "0")];
    let local = create_tournament(&admin, &swiss("Eliminacje: LO Warszawa")).await;
    let a = create_tournament(&admin, &swiss("Kwalifikacje: Mazowsze")).await;
    let b = create_tournament(&admin, &swiss("Kwalifikacje: Małopolska")).await;
    let made =
        admin.post("/admin/new", &tournament_form(&[("format", "groups_knockout"), ("name", "Finał")])).await;
    let final_t: i64 =
        made.location.unwrap().trim_start_matches("/admin/t/").split('/').next().unwrap().parse().unwrap();
    let format = [
        ("preset", "groups_knockout"),
        ("count", "2"),
        ("per_group", "2"),
        ("best_next", "0"),
        ("seeding", "snake"),
        ("separation", "region"),
        ("entry", "crossover"),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{final_t}/stages/format"), &format).await.status, 303);
    assert_eq!(appoint(&admin, local, "sedzia", "sedzia-haslo-2026").await.status, 303);
    for t in [a, b, final_t] {
        assert_eq!(appoint(&admin, t, "sedzia", "").await.status, 303);
    }
    let referee = app.browser();
    referee.login("sedzia", "sedzia-haslo-2026").await;

    let (regional, maz) = ("kwalifikacje regionalne", Some("mazowieckie"));
    for (t, level, region) in [
        (local, "eliminacje lokalne", maz),
        (a, regional, maz),
        (b, regional, Some("małopolskie")),
        (final_t, "finał ogólnopolski", None),
    ] {
        add_season_event(&admin, season, t, level, region, "2").await;
    }

    // The local elimination: four persons, played, closed; its top 2 go to A.
    let l_names = ["Lena Lis", "Leon Lew", "Lucyna Łoś", "Ludwik Lin"];
    for (i, n) in l_names.iter().enumerate() {
        register_in_region(&admin, local, n, &format!("2010-0{}-1{i}", i + 1), "Mazowieckie").await;
    }
    play_out(&admin, &referee, local, "/rounds", None).await;
    assert_eq!(admin.post(&format!("/admin/t/{local}/event/close"), &[]).await.status, 303);
    // Closed: a correction of its results is refused until it is reopened.
    let m =
        ids_after(&admin.get(&format!("/t/{local}/round/2")).await.body, &format!("/t/{local}/match/"))[0];
    let forms = game_forms(&admin.get(&format!("/ref/t/{local}/match/{m}")).await.body, local);
    let refused = enter(&admin, local, (forms[0].0, &forms[0].1), "polish", "radzymin-check", "4").await;
    assert!(matches!(refused.status, 400 | 422), "{}: {}", refused.status, refused.body);
    let closed = "Turniej jest zamknięty, a jego klasyfikacja końcowa zapisana: wyników, rund i zgłoszeń nie \
                  można zmieniać, dopóki organizator nie otworzy go ponownie.";
    assert_eq!(
        crate::pages::texts(&refused, ".error"),
        [format!("Nie zapisano. Do poprawienia: {closed}"), closed.to_string()]
    );

    let a_invitations = format!("/admin/t/{a}/invitations");
    let page = admin.get(&a_invitations).await;
    let from_local = names_in(&page, "invited");
    assert_eq!(from_local.len(), 2);
    for id in invitations_on(&page.body).iter().map(|i| i.id) {
        assert_eq!(admin.post(&format!("{a_invitations}/{id}/accept"), &[]).await.status, 303);
    }
    // A: the two from the local elimination and two more; B: four, one withdrawn after round 1.
    for (i, n) in ["Adam Ast", "Ada Alt"].iter().enumerate() {
        register_in_region(&admin, a, n, &format!("2009-0{}-0{}", i + 3, i + 4), "mazowieckie").await;
    }
    let b_names = ["Bogdan Bór", "Bożena Buk", "Bartosz Bies", "Basia Bąk"];
    let mut b_players = Vec::new();
    for (i, n) in b_names.iter().enumerate() {
        b_players
            .push(register_in_region(&admin, b, n, &format!("2011-0{}-2{i}", i + 5), "MALOPOLSKIE").await);
    }
    play_out(&admin, &referee, a, "/rounds", None).await;
    play_out(&admin, &referee, b, "/rounds", Some(b_players[3])).await;
    for t in [a, b] {
        let closed = admin.post(&format!("/admin/t/{t}/event/close"), &[]).await;
        assert_eq!(closed.status, 303, "{}", closed.body);
    }

    // The final: B's first qualifier declines (B's next eligible is invited; the withdrawn one
    // never is), the coordinator's wildcards bring the local elimination's persons not there yet
    // up to six, all accepted.
    let invitations = format!("/admin/t/{final_t}/invitations");
    let page = admin.get(&invitations).await;
    let waiting = names_in(&page, "invited");
    assert_eq!(waiting.len(), 4, "two per region");
    let b_first = waiting.iter().find(|n| b_names.contains(&n.as_str())).unwrap().clone();
    let b_first_inv = invitation_of(&page.body, &b_first);
    let declined = admin.post(&format!("{invitations}/{b_first_inv}/decline"), &[]).await;
    assert_eq!(declined.status, 303);
    let page = admin.get(&invitations).await;
    let waiting = names_in(&page, "invited");
    assert_eq!(waiting.len(), 4, "the reserve moved up");
    assert!(!waiting.contains(&b_names[3].to_string()), "the withdrawn player is never invited");
    let mut wildcards = Vec::new();
    for n in from_local.iter().chain(l_names.iter().map(|n| (*n).to_string()).collect::<Vec<_>>().iter()) {
        if wildcards.len() < 2 && !waiting.contains(n) && !wildcards.contains(n) {
            wildcards.push(n.clone());
        }
    }
    for n in &wildcards {
        let p = player_id(&admin.get(&format!("/admin/t/{local}")).await.body, n);
        let person =
            ids_after(&admin.get(&format!("/t/{local}/player/{p}")).await.body, "/person/")[0].to_string();
        let wild = admin
            .post(
                &format!("/admin/season/{season}/wildcards"),
                &[("person", &person), ("tournament", &final_t.to_string()), ("reason", "gospodarz finału")],
            )
            .await;
        assert_eq!(wild.status, 303, "{}", wild.body);
    }
    let page = admin.get(&invitations).await;
    for id in invitations_on(&page.body).iter().map(|i| i.id) {
        let r = admin.post(&format!("{invitations}/{id}/accept"), &[]).await;
        assert!(r.status == 303 || r.status == 409, "{}", r.body);
    }
    let page = admin.get(&invitations).await;
    let finalists = names_in(&page, "accepted");
    assert_eq!(finalists.len(), 6);
    // Seeded by the placings, drawn, the groups played, closed (a lot where a tie is left), the
    // knockout played, the final closed.
    let seeded = admin.post(&format!("/admin/t/{final_t}/event/seed"), &[]).await;
    assert_eq!(seeded.status, 303, "{}", seeded.body);
    let stages = format!("/admin/t/{final_t}/stages");
    let seed = field_value(&admin.get(&stages).await.body, "seed").unwrap();
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", &seed)]).await.status, 303);
    play_out(&admin, &referee, final_t, "/stages/round", None).await;
    if admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await.status != 303 {
        for g in ["0", "1"] {
            admin.post(&format!("{stages}/lot"), &[("group", g)]).await;
        }
        assert_eq!(admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await.status, 303);
    }
    let started = admin.post(&format!("{stages}/knockout"), &[]).await;
    assert_eq!(started.status, 303, "{}", started.body);
    let first: i64 = started.location.unwrap().rsplit('/').next().unwrap().parse().unwrap();
    for n in [first, first + 1] {
        if n > first {
            assert_eq!(admin.post(&format!("/admin/t/{final_t}/knockout"), &[]).await.status, 303);
        }
        assert_eq!(admin.post(&format!("/admin/t/{final_t}/round/{n}/publish"), &[]).await.status, 303);
        play_round_red_first_wins(&referee, final_t, n).await;
        let locked = admin.post(&format!("/admin/t/{final_t}/round/{n}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "{}", locked.body);
    }
    // Before the final closes, the finalists' places there are not known yet (the kept page then
    // follows the close: the season's stamp moved).
    let early = app.browser().get(&format!("/season/{season}/ranking")).await;
    let early_places = crate::pages::texts(&early, "tr[data-person] .place");
    assert_eq!(&early_places[..6], ["trwa"; 6]);
    let closed = admin.post(&format!("/admin/t/{final_t}/event/close"), &[]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);

    // The season ranking: the six finalists first (places 1 to 4 of the knockout first), then
    // everyone else of A and B, then the local elimination's others; regions as the season spells them.
    let ranking = app.browser().get(&format!("/season/{season}/ranking")).await;
    // The seventh column: the region.
    let regions: Vec<String> = select(&ranking.assert_ok().body, "tr[data-person]")
        .iter()
        .map(|r| r.select("td")[6].text())
        .collect();
    assert!(regions.iter().any(|r| r == "małopolskie"), "{regions:?}");
    assert!(!regions.iter().any(|r| r == "MALOPOLSKIE"), "the region as the season spells it: {regions:?}");
    let rows: Vec<(String, String)> = crate::pages::select(&ranking.body, "tr[data-person]")
        .iter()
        .map(|r| (r.one("td.main a").text(), r.one(".level").text()))
        .collect();
    assert_eq!(rows.len(), 10, "4 + 2 + 4 persons");
    let in_regional: Vec<String> = from_local
        .iter()
        .cloned()
        .chain(["Adam Ast", "Ada Alt"].map(String::from))
        .chain(b_names.map(String::from))
        .collect();
    let expected_level = |n: &String| {
        if finalists.contains(n) {
            "finał ogólnopolski"
        } else if in_regional.contains(n) {
            "kwalifikacje regionalne"
        } else {
            "eliminacje lokalne"
        }
    };
    for (name, level) in &rows {
        assert_eq!(level, expected_level(name), "{name}");
    }
    let rank_of = |l: &str| {
        ["finał ogólnopolski", "kwalifikacje regionalne", "eliminacje lokalne"].iter().position(|x| *x == l)
    };
    assert!(rows.windows(2).all(|w| rank_of(&w[0].1) <= rank_of(&w[1].1)), "{rows:?}");
    let places = crate::pages::texts(&ranking, "tr[data-person] .place");
    assert_eq!(&places[..4], ["1.", "2.", "3.", "4."]);

    // A person of all three levels: one of the local elimination's two who went on to A and is
    // in the final (as a qualifier of A or by a wildcard).
    let three = from_local.iter().find(|n| finalists.contains(n)).expect("a local player in the final");
    let p = player_id(&admin.get(&format!("/admin/t/{local}")).await.body, three);
    let person = ids_after(&admin.get(&format!("/t/{local}/player/{p}")).await.body, "/person/")[0];
    let page = app.browser().get(&format!("/person/{person}")).await;
    page.assert_ok().assert_lacks("2010-0");
    for t in [local, a, final_t] {
        assert!(
            !ids_after(&page.body, &format!("/t/{t}/match/")).is_empty(),
            "matches of {t}: {}",
            page.body
        );
        assert!(!ids_after(&page.body, &format!("/t/{t}/game/")).is_empty(), "games of {t}");
    }
    let seasons = crate::pages::texts(&page, "#person-events td a.muted");
    for level in ["eliminacje lokalne", "kwalifikacje regionalne", "finał ogólnopolski"] {
        assert!(seasons.contains(&format!("Liga 2026 · {level}")), "{level}: {seasons:?}");
    }
    app.stop().await;
}
