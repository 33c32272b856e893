//! Issue 34's "Done when" over HTTP: a season whose events cover all four formats (Swiss only,
//! Swiss + knockout, groups only, groups + knockout), one person winning in two regions, a tie at
//! a qualifying place (the organiser's lot before closing), a decline with no reserve left (the
//! place shown unfilled to the coordinator and to the organisers) and corrections after closing
//! (one before any invitation was accepted: reopened with a reason, a result corrected, closed
//! again; one after: what changes shown first, an accepted place revoked, the coordinator
//! confirming). Every stored ranking equals the public final standings; every invitation is the
//! one typed by hand below.
//!
//! Results are chosen, not drawn: every match is won by the stronger player (a list per event,
//! strongest first), 2:0, except the draws named; so each event's outcome can be worked out by
//! hand.

use crate::helpers::*;
use crate::pages::admin::{SeasonPage, corrections, season_log, unfilled};
use crate::pages::{KeptForm, has, input, text_of};
use crate::season_demo::public_final_standings;
use std::collections::HashMap;

/// Register a person (born `born`, school "LO <initial>") in `t` from the organiser's form, in
/// `region`; their entry's id.
async fn register_person(admin: &Browser, t: i64, name: &str, born: &str, region: &str) -> i64 {
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

/// The person of entry `p` of `t`, from its public player page.
async fn person_of(b: &Browser, t: i64, p: i64) -> i64 {
    ids_after(&b.get(&format!("/t/{t}/player/{p}")).await.body, "/person/")[0]
}

/// The matches of round `n` of `t` on its public page: (match, Red first, the other).
async fn matches_of(b: &Browser, t: i64, n: i64) -> Vec<(i64, i64, i64)> {
    let page = b.get(&format!("/t/{t}/round/{n}")).await;
    let round = crate::pages::Round::read(page.assert_ok());
    round.matches().iter().map(|l| (l.id, l.red, l.other.expect("a match, not a bye"))).collect()
}

/// How the results are chosen: the stronger player (earlier in `order`) wins 2:0, except the
/// pairs in `draws` (1:1 on equal Red-side points: a draw outside the knockout).
struct Strength {
    order: Vec<i64>,
    draws: Vec<(i64, i64)>,
}

impl Strength {
    fn games(&self, red_first: i64, other: i64) -> [(&'static str, &'static str, &'static str); 2] {
        if self.draws.iter().any(|&(a, b)| (a, b) == (red_first, other) || (b, a) == (red_first, other)) {
            return [("red", "warsaw-entered", "21"), ("red", "warsaw-entered", "21")];
        }
        let rank = |p| self.order.iter().position(|&q| q == p).unwrap_or(usize::MAX);
        if rank(red_first) < rank(other) {
            [("red", "warsaw-entered", "21"), ("polish", "radzymin-check", "4")]
        } else {
            [("polish", "radzymin-check", "4"), ("red", "warsaw-entered", "21")]
        }
    }
}

/// Pair (POST `pair`), publish, play by `strength` and lock rounds from `n` on until the pairing
/// refuses; the next round's number.
async fn play_rounds(admin: &Browser, t: i64, pair: &str, strength: &Strength, mut n: i64) -> i64 {
    loop {
        let paired = admin.post(&format!("/admin/t/{t}{pair}"), &[]).await;
        if paired.status == 400 {
            return n;
        }
        assert_eq!(paired.status, 303, "{pair}: {}", paired.body);
        let published = admin.post(&format!("/admin/t/{t}/round/{n}/publish"), &[]).await;
        assert_eq!(published.status, 303, "{}", published.body);
        for (m, red_first, other) in matches_of(admin, t, n).await {
            play_match(admin, t, m, strength.games(red_first, other)).await;
        }
        let locked = admin.post(&format!("/admin/t/{t}/round/{n}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "{}", locked.body);
        n += 1;
    }
}

/// Choose a groups format for `t`: `count` groups, the top `per_group` of each going on,
/// snake seeding by registration, nobody kept apart, crossover.
async fn groups_format(admin: &Browser, t: i64, preset: &str, count: &str, per_group: &str) {
    let format = [
        ("preset", preset),
        ("count", count),
        ("per_group", per_group),
        ("best_next", "0"),
        ("seeding", "snake"),
        ("separation", "none"),
        ("entry", "crossover"),
    ];
    let chosen = admin.post(&format!("/admin/t/{t}/stages/format"), &format).await;
    assert_eq!(chosen.status, 303, "{}", chosen.body);
}

/// Draw the groups (the preview's seed), play every group round, close the stage.
async fn play_groups(admin: &Browser, t: i64, strength: &Strength) -> i64 {
    let stages = format!("/admin/t/{t}/stages");
    let seed = field_value(&admin.get(&stages).await.body, "seed").unwrap();
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", &seed)]).await.status, 303);
    let next = play_rounds(admin, t, "/stages/round", strength, 1).await;
    let closed = admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);
    next
}

/// Every invitation of the season as (person, from, state), sorted: `from` is the source event's
/// name, or "dzika karta".
async fn invitations(
    db: &bitwa::store::Store,
    season: i64,
    names: &HashMap<i64, &str>,
) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> =
        bitwa::app::season::invitations::of_season(db, bitwa::store::SeasonId(season))
            .await
            .unwrap()
            .into_iter()
            .map(|i| {
                let from = i.source_id.map_or("dzika karta", |s| names[&s.0]).to_string();
                (i.name, from, format!("{:?}", i.state))
            })
            .collect();
    out.sort();
    out
}

fn typed(rows: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> =
        rows.iter().map(|(a, b, c)| ((*a).to_string(), (*b).to_string(), (*c).to_string())).collect();
    out.sort();
    out
}

/// The outcome marks of the qualification's preview on an invitations page, by player.
fn outlook(body: &str) -> HashMap<i64, String> {
    crate::pages::select(body, "tr[data-player][data-outcome]")
        .iter()
        .map(|row| (row.num("data-player"), row.get("data-outcome").to_string()))
        .collect()
}

#[actix_rt::test]
async fn a_season_of_every_format_qualifies_exactly_the_players_its_tables_say() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let public = app.browser();
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let (coordination, season) = create_season(&admin).await;

    // The events: A Swiss only (1 place), B Swiss + knockout of 4 without a third-place match (3
    // places: the semi-finalists share 3rd), C groups only (1 place), the final groups + knockout.
    let a = create_tournament(
        &admin,
        &[("name", "Kwalifikacje: Mazowsze"), ("swiss_rounds", "2"), ("knockout_size", "0")],
    )
    .await;
    let b = create_tournament(
        &admin,
        &[
            ("name", "Kwalifikacje: Małopolska"),
            ("swiss_rounds", "2"),
            ("knockout_size", "4"),
            ("third_place", ""),
        ],
    )
    .await;
    let c_made = admin
        .post("/admin/new", &tournament_form(&[("format", "groups_only"), ("name", "Kwalifikacje: Śląsk")]))
        .await;
    assert_eq!(c_made.status, 303, "{}", c_made.body);
    let id_of = |p: &Page| -> i64 {
        p.location
            .clone()
            .unwrap()
            .trim_start_matches("/admin/t/")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let c = id_of(&c_made);
    let f_made =
        admin.post("/admin/new", &tournament_form(&[("format", "groups_knockout"), ("name", "Finał")])).await;
    let final_t = id_of(&f_made);
    let names: HashMap<i64, &str> = [
        (a, "Kwalifikacje: Mazowsze"),
        (b, "Kwalifikacje: Małopolska"),
        (c, "Kwalifikacje: Śląsk"),
        (final_t, "Finał"),
    ]
    .into_iter()
    .collect();
    let regional = "kwalifikacje regionalne";
    for (t, level, region, places) in [
        (a, regional, Some("mazowieckie"), "1"),
        (b, regional, Some("małopolskie"), "3"),
        (c, regional, Some("śląskie"), "1"),
        (final_t, "finał ogólnopolski", None, "1"),
    ] {
        add_season_event(&admin, season, t, level, region, places).await;
    }

    // A: Zofia Zając wins both rounds (R1: Zofia v Adam Ast, Alicja Aster v Antoni Abel; R2 the
    // winners and the losers meet).
    let zofia_born = "2010-03-03";
    let mut a_ids = Vec::new();
    for (n, born) in [
        ("Zofia Zając", zofia_born),
        ("Alicja Aster", "2009-01-11"),
        ("Adam Ast", "2009-02-12"),
        ("Antoni Abel", "2009-03-13"),
    ] {
        a_ids.push(register_person(&admin, a, n, born, "mazowieckie").await);
    }
    let a_strength = Strength { order: a_ids.clone(), draws: vec![] };
    play_rounds(&admin, a, "/rounds", &a_strength, 1).await;

    // B: Bogdan Bór first, Bożena Buk second; Bartosz Bies and Basia Bąk lose the semi-finals and
    // share 3rd place, which decides B's third qualifying place.
    let mut b_ids = Vec::new();
    for (n, born) in [
        ("Bogdan Bór", "2011-05-20"),
        ("Bożena Buk", "2011-06-21"),
        ("Bartosz Bies", "2011-07-22"),
        ("Basia Bąk", "2011-08-23"),
    ] {
        b_ids.push(register_person(&admin, b, n, born, "małopolskie").await);
    }
    let b_strength = Strength { order: b_ids.clone(), draws: vec![] };
    let next = play_rounds(&admin, b, "/rounds", &b_strength, 1).await;
    play_rounds(&admin, b, "/knockout", &b_strength, next).await;

    // C: two groups of three by snake (A: Zofia, Cezary Cis, Celina Cyk; B: Wiktor Wąs, Cyryl
    // Cedr, Cecylia Cło). Zofia wins her group 2:0 twice; Wiktor draws with Cecylia, so he wins
    // his group on fewer points per match: Zofia 1st, Wiktor 2nd.
    groups_format(&admin, c, "groups_only", "2", "1").await;
    let mut c_ids = Vec::new();
    for (n, born) in [
        ("Zofia Zając", zofia_born),
        ("Wiktor Wąs", "2008-04-04"),
        ("Cyryl Cedr", "2008-05-05"),
        ("Cezary Cis", "2008-06-06"),
        ("Celina Cyk", "2008-07-07"),
        ("Cecylia Cło", "2008-08-08"),
    ] {
        c_ids.push(register_person(&admin, c, n, born, "śląskie").await);
    }
    // Another region's entry is a person of its own until the organiser says it is the same one.
    let zofia = person_of(&public, a, a_ids[0]).await;
    let zofia_c = person_of(&public, c, c_ids[0]).await;
    assert_ne!(zofia, zofia_c);
    let (kept, merged) = (zofia.to_string(), zofia_c.to_string());
    let merge =
        admin.post(&format!("/admin/t/{c}/persons/merge"), &[("kept", &kept), ("merged", &merged)]).await;
    assert_eq!(merge.status, 303, "{}", merge.body);
    assert_eq!(person_of(&public, c, c_ids[0]).await, zofia);
    let c_strength = Strength { order: c_ids.clone(), draws: vec![(c_ids[1], c_ids[5])] };
    play_groups(&admin, c, &c_strength).await;

    // Every regional event closes, B only after its lot.
    for t in [a, c] {
        let closed = admin.post(&format!("/admin/t/{t}/event/close"), &[]).await;
        assert_eq!(closed.status, 303, "{}", closed.body);
    }
    let b_page = format!("/admin/t/{b}/invitations");
    let page = admin.get(&b_page).await;
    let tie = text_of(page.assert_ok(), "#qualifying-tie");
    assert!(tie.starts_with("Remis o miejsce premiowane awansem: miejsce 3–4"), "{tie}");
    let marks = outlook(&page.body);
    assert_eq!(marks[&b_ids[0]], "qualifies");
    assert_eq!(marks[&b_ids[1]], "qualifies");
    assert_eq!(marks[&b_ids[2]], "lot-due", "never 'awans' while the lot is due");
    assert_eq!(marks[&b_ids[3]], "lot-due");
    let refused = admin.post(&format!("/admin/t/{b}/event/close"), &[]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    refused.assert_contains("Miejsce 3. dzieli kilka osób");
    assert!(bitwa::app::season::close::ranking(&db, bitwa::store::TournamentId(b)).await.unwrap().is_empty());
    let drawn = admin.post(&format!("/admin/t/{b}/event/lot"), &[]).await;
    assert_eq!(drawn.status, 303, "{}", drawn.body);
    let again = admin.post(&format!("/admin/t/{b}/event/lot"), &[]).await;
    assert_eq!(again.status, 400, "a lot is drawn once");
    let page = admin.get(&b_page).await;
    let tie = text_of(&page, "#qualifying-tie");
    assert!(tie.contains("Losowanie przeprowadzone, ziarno:"), "{tie}");
    assert!(!has(&page, "form#draw-lot"), "drawn once");
    let marks = outlook(&page.body);
    let (lot_winner, lot_loser) = if marks[&b_ids[2]] == "qualifies" { (2, 3) } else { (3, 2) };
    assert_eq!(
        (marks[&b_ids[lot_winner]].as_str(), marks[&b_ids[lot_loser]].as_str()),
        ("qualifies", "reserve")
    );
    let closed = admin.post(&format!("/admin/t/{b}/event/close"), &[]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);
    let b_names = ["Bogdan Bór", "Bożena Buk", "Bartosz Bies", "Basia Bąk"];
    let (b_third, b_fourth) = (b_names[lot_winner], b_names[lot_loser]);

    // A correction after closing: A reopened with a reason, round 2's second match (Adam Ast v
    // Antoni Abel) won by Antoni instead, A closed again. Its stored ranking follows the public
    // standings: Antoni ahead of Adam, who is now last.
    let before = public_final_standings(&public, a).await;
    let reopened = admin
        .post(&format!("/admin/t/{a}/event/reopen"), &[("reason", "Pomyłka w wyniku meczu rundy 2")])
        .await;
    assert_eq!(reopened.status, 303, "{}", reopened.body);
    let (m, red_first, other) =
        matches_of(&admin, a, 2).await.into_iter().find(|(_, x, y)| [*x, *y].contains(&a_ids[2])).unwrap();
    let upset = Strength { order: vec![a_ids[3], a_ids[2]], draws: vec![] };
    let forms = game_forms(&admin.get(&format!("/ref/t/{a}/match/{m}")).await.body, a);
    for (form, (winner, termination, points)) in forms.iter().zip(upset.games(red_first, other)) {
        let r = enter(&admin, a, (form.0, &form.1), winner, termination, points).await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let closed = admin.post(&format!("/admin/t/{a}/event/close"), &[]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);
    let after = public_final_standings(&public, a).await;
    assert_ne!(before, after, "the correction moved places");
    let place = |rows: &[(i64, i64)], p: i64| rows.iter().find(|r| r.0 == p).unwrap().1;
    assert!(place(&after, a_ids[3]) < place(&after, a_ids[2]), "Antoni before Adam: {after:?}");
    let log = season_log(&admin.get(&coordination).await);
    assert!(
        log.iter()
            .any(|l| l.contains("ponownie otwarto turniej") && l.ends_with("Pomyłka w wyniku meczu rundy 2")),
        "{log:?}"
    );

    // The final's invitations: Zofia from A and from C, B's three. Accepting Zofia's from A passes
    // C's place to Wiktor at once.
    let f_page = format!("/admin/t/{final_t}/invitations");
    let zofia_from_a = bitwa::app::season::invitations::to_event(&db, bitwa::store::TournamentId(final_t))
        .await
        .unwrap()
        .into_iter()
        .find(|i| {
            i.source_id.map(|s| s.0) == Some(a)
                && i.state == bitwa::store::seasons::flow::InvitationState::Invited
        })
        .unwrap();
    let accepted = admin.post(&format!("{f_page}/{}/accept", zofia_from_a.id), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    // B's third qualifier declines, then the reserve who moved up too: no reserve is left.
    for name in [b_third, b_fourth] {
        let open = bitwa::app::season::invitations::to_event(&db, bitwa::store::TournamentId(final_t))
            .await
            .unwrap()
            .into_iter()
            .find(|i| i.name == name && i.state == bitwa::store::seasons::flow::InvitationState::Invited)
            .unwrap_or_else(|| panic!("{name} invited"));
        let declined = admin.post(&format!("{f_page}/{}/decline", open.id), &[]).await;
        assert_eq!(declined.status, 303, "{}", declined.body);
    }
    // The unfilled place: on the coordinator's page, the final's and B's invitations pages.
    for page in [&coordination, &f_page, &b_page] {
        let list = unfilled(&admin.get(page).await);
        assert_eq!(list.len(), 1, "{page}: {list:?}");
        assert!(list[0].0.starts_with("Kwalifikacje: Małopolska → Finał"), "{page}: {list:?}");
        assert_eq!(list[0].1, 1, "{page}: one place");
    }
    assert!(!has(&admin.get(&format!("/admin/t/{a}/invitations")).await, "#unfilled-places"));

    // Two wildcards (A's runner-up and C's Cezary Cis), then every open invitation accepted.
    for (t, p) in [(a, a_ids[1]), (c, c_ids[3])] {
        let person = person_of(&public, t, p).await.to_string();
        let wild = admin
            .post(
                &format!("/admin/season/{season}/wildcards"),
                &[
                    ("person", &person),
                    ("tournament", &final_t.to_string()),
                    ("reason", "uzupełnienie finału"),
                ],
            )
            .await;
        assert_eq!(wild.status, 303, "{}", wild.body);
    }
    for i in
        bitwa::app::season::invitations::to_event(&db, bitwa::store::TournamentId(final_t)).await.unwrap()
    {
        if i.state == bitwa::store::seasons::flow::InvitationState::Invited {
            let r = admin.post(&format!("{f_page}/{}/accept", i.id), &[]).await;
            assert_eq!(r.status, 303, "{}", r.body);
        }
    }

    // Every invitation, typed by hand. A's first invitation to Zofia was withdrawn when A reopened.
    let (mz, mp, sl) = ("Kwalifikacje: Mazowsze", "Kwalifikacje: Małopolska", "Kwalifikacje: Śląsk");
    assert_eq!(
        invitations(&db, season, &names).await,
        typed(&[
            ("Zofia Zając", mz, "Withdrawn"),
            ("Zofia Zając", mz, "Accepted"),
            ("Zofia Zając", sl, "Elsewhere"),
            ("Wiktor Wąs", sl, "Accepted"),
            ("Bogdan Bór", mp, "Accepted"),
            ("Bożena Buk", mp, "Accepted"),
            (b_third, mp, "Declined"),
            (b_fourth, mp, "Declined"),
            ("Alicja Aster", "dzika karta", "Accepted"),
            ("Cezary Cis", "dzika karta", "Accepted"),
        ])
    );

    // A correction after an invitation was accepted: C reopened (its ranking and invitations
    // stay meanwhile), its groups stage reopened, Wiktor v Cyryl won by Cyryl instead, the stage
    // closed again. Cyryl now wins group B, Wiktor is 2nd or 3rd: Wiktor's accepted place goes
    // (his entry in the final withdrawn) and Cyryl is invited, which the season's coordinator
    // confirms after seeing it.
    let c_page = format!("/admin/t/{c}/invitations");
    let reopened =
        admin.post(&format!("/admin/t/{c}/event/reopen"), &[("reason", "Błędny wynik w grupie B")]).await;
    assert_eq!(reopened.status, 303, "{}", reopened.body);
    let waiting = corrections(&admin.get(&c_page).await);
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert!(waiting[0].title.starts_with("Korekta wyników po zamknięciu"), "{waiting:?}");
    assert!(waiting[0].changes_nothing(), "{waiting:?}");
    let stages = format!("/admin/t/{c}/stages");
    let reopened = admin.post(&format!("{stages}/reopen"), &[("reason", "Błędny wynik w grupie B")]).await;
    assert_eq!(reopened.status, 303, "{}", reopened.body);
    let mut corrected = false;
    for n in 1..=3 {
        for (m, red_first, other) in matches_of(&admin, c, n).await {
            if [red_first, other].contains(&c_ids[1]) && [red_first, other].contains(&c_ids[2]) {
                let upset = Strength { order: vec![c_ids[2], c_ids[1]], draws: vec![] };
                let forms = game_forms(&admin.get(&format!("/ref/t/{c}/match/{m}")).await.body, c);
                for (form, (winner, termination, points)) in forms.iter().zip(upset.games(red_first, other)) {
                    let r = enter(&admin, c, (form.0, &form.1), winner, termination, points).await;
                    assert_eq!(r.status, 303, "{}", r.body);
                }
                corrected = true;
            }
        }
    }
    assert!(corrected, "Wiktor v Cyryl found");
    let closed = admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);
    // Before anything is confirmed: the organiser sees what changes, may not close, and Wiktor's
    // invitation is still accepted; nobody answers an invitation from an event being corrected.
    let shown = admin.get(&c_page).await;
    let section = corrections(&shown);
    assert_eq!(section.len(), 1, "{section:?}");
    assert_eq!(
        section[0].revoked,
        ["Wiktor Wąs (przyjęte: osoba zostanie wycofana z turnieju Finał)"],
        "{section:?}"
    );
    assert_eq!(section[0].invited.first().map(String::as_str), Some("Cyryl Cedr"), "{section:?}");
    let refused = admin.post(&format!("/admin/t/{c}/event/close"), &[]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    refused.assert_contains("zatwierdza ją koordynacja sezonu");
    // The coordinator's page shows the same and confirms what it showed: a stale stamp is refused.
    let desk = admin.get(&coordination).await;
    let form = format!("form[action=/admin/season/{season}/corrections/{c}]");
    let config = input(&desk, &form, "config");
    let changes: i64 = input(&desk, &form, "changes").parse().unwrap();
    let confirm = format!("/admin/season/{season}/corrections/{c}");
    // A stamp that is no number (issue 36): the same page, the correction still waiting with its
    // form marked and the problem above it; the form keeps the stamp the page shows, so confirming
    // again confirms what is shown. Nothing confirmed.
    let back = admin.post(&confirm, &[("config", &config), ("changes", "12x")]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, &format!("form[data-form=correction-{c}]"), "correction");
    assert!(form.marked, "the refused correction's form is marked");
    assert_eq!(
        form.summary,
        ["Stan korekty pokazany na stronie: podaj liczbę całkowitą od 0 do 9223372036854775807"]
    );
    assert_eq!(form.value("config"), Some(config.as_str()));
    assert_eq!(form.value("changes"), Some(changes.to_string().as_str()));
    assert_eq!(corrections(&back).len(), 1, "still waiting");
    assert_eq!(corrections(&admin.get(&coordination).await).len(), 1, "nothing confirmed");
    let stale = admin.post(&confirm, &[("config", &config), ("changes", &(changes - 1).to_string())]).await;
    assert_eq!(stale.status, 409, "{}", stale.body);
    let done = admin.post(&confirm, &[("config", &config), ("changes", &changes.to_string())]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let desk = admin.get(&coordination).await;
    assert!(!has(&desk, "#corrections"), "nothing waits");
    assert!(season_log(&desk).iter().any(|l| l.contains("zatwierdzono korektę")), "{:?}", season_log(&desk));
    // Wiktor sees it on the season page; his entry in the final is withdrawn.
    let season_page = SeasonPage::read(&public.get(&format!("/season/{season}")).await);
    let wiktor = season_page.event(c).qualifiers.iter().find(|q| q.1 == "Wiktor Wąs").cloned();
    assert!(
        wiktor.as_ref().is_some_and(|q| q.2.contains("miejsce cofnięte po korekcie wyników")),
        "{season_page:?}"
    );
    let wiktor_final = bitwa::app::registration::players(&db, bitwa::store::TournamentId(final_t))
        .await
        .unwrap()
        .into_iter()
        .find(|p| p.name == "Wiktor Wąs")
        .unwrap();
    assert!(wiktor_final.withdrawn);
    for i in
        bitwa::app::season::invitations::to_event(&db, bitwa::store::TournamentId(final_t)).await.unwrap()
    {
        if i.state == bitwa::store::seasons::flow::InvitationState::Invited {
            let r = admin.post(&format!("{f_page}/{}/accept", i.id), &[]).await;
            assert_eq!(r.status, 303, "{}", r.body);
        }
    }
    assert_eq!(
        invitations(&db, season, &names).await,
        typed(&[
            ("Zofia Zając", mz, "Withdrawn"),
            ("Zofia Zając", mz, "Accepted"),
            ("Zofia Zając", sl, "Elsewhere"),
            ("Wiktor Wąs", sl, "Revoked"),
            ("Cyryl Cedr", sl, "Accepted"),
            ("Bogdan Bór", mp, "Accepted"),
            ("Bożena Buk", mp, "Accepted"),
            (b_third, mp, "Declined"),
            (b_fourth, mp, "Declined"),
            ("Alicja Aster", "dzika karta", "Accepted"),
            ("Cezary Cis", "dzika karta", "Accepted"),
        ])
    );

    // The final: six entrants in two groups of three, the top two of each by crossover into a
    // knockout of four with a third-place match; then closed.
    groups_format(&admin, final_t, "groups_knockout", "2", "2").await;
    let admin_page = admin.get(&format!("/admin/t/{final_t}")).await;
    let finalists = ["Zofia Zając", "Bogdan Bór", "Cyryl Cedr", "Bożena Buk", "Alicja Aster", "Cezary Cis"];
    let f_order: Vec<i64> = finalists.iter().map(|n| player_id(&admin_page.body, n)).collect();
    let f_strength = Strength { order: f_order, draws: vec![] };
    play_groups(&admin, final_t, &f_strength).await;
    let started = admin.post(&format!("/admin/t/{final_t}/stages/knockout"), &[]).await;
    assert_eq!(started.status, 303, "{}", started.body);
    let first: i64 = started.location.unwrap().rsplit('/').next().unwrap().parse().unwrap();
    let published = admin.post(&format!("/admin/t/{final_t}/round/{first}/publish"), &[]).await;
    assert_eq!(published.status, 303, "{}", published.body);
    for (m, red_first, other) in matches_of(&admin, final_t, first).await {
        play_match(&admin, final_t, m, f_strength.games(red_first, other)).await;
    }
    let locked = admin.post(&format!("/admin/t/{final_t}/round/{first}/lock"), &[("confirm", "1")]).await;
    assert_eq!(locked.status, 303, "{}", locked.body);
    play_rounds(&admin, final_t, "/knockout", &f_strength, first + 1).await;
    let closed = admin.post(&format!("/admin/t/{final_t}/event/close"), &[]).await;
    assert_eq!(closed.status, 303, "{}", closed.body);
    // The champion is the strongest; the final's first four are its knockout's.
    let final_rows = public_final_standings(&public, final_t).await;
    assert_eq!(final_rows[0], (f_strength.order[0], 1));
    assert_eq!(final_rows.iter().map(|r| r.1).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 5]);

    // Every event closed, each stored ranking the public final standings.
    for t in [a, b, c, final_t] {
        let stored: Vec<(i64, i64)> = bitwa::app::season::close::ranking(&db, bitwa::store::TournamentId(t))
            .await
            .unwrap()
            .iter()
            .map(|r| (r.player_id.0, r.place))
            .collect();
        assert_eq!(stored, public_final_standings(&public, t).await, "event {}", names[&t]);
    }
    // B's stored ranking keeps the shared 3rd place; C's puts the group winners Zofia and Cyryl
    // first.
    let b_rows = public_final_standings(&public, b).await;
    assert_eq!(b_rows.iter().map(|r| r.1).collect::<Vec<_>>(), [1, 2, 3, 3]);
    let c_rows = public_final_standings(&public, c).await;
    let mut winners = vec![c_rows[0].0, c_rows[1].0];
    winners.sort_unstable();
    assert_eq!(winners, [c_ids[0], c_ids[2]]);
    eprintln!(
        "season trust: A {after:?}, B {b_rows:?}, C {c_rows:?}, final {final_rows:?}; B's lot: {b_third}"
    );
    app.stop().await;
}
