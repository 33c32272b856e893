//! The national final's format end to end over HTTP (issue 19), as an organiser runs it: created
//! as "groups + knockout", the groups' settings changed, the draw previewed and fixed, every group
//! round paired, published and played (one game by its log), one withdrawal, a tie that only the
//! organiser's lot decides, the stage closed, reopened with a reason and closed again, the
//! knockout qualified by crossover, a semifinal decided by the knowledge test, a final by the
//! extra game, and the final ranking.

use crate::helpers::*;
use crate::pages::{Bracket, Group, Overview, RefereeMatch, Round, Stages, Standings, has, one, text_of};
use crate::setup::players_csv;
use bitwa::engine::{Edition, RuleOptions, random_game, validate_log};

/// The tournament form's rules: no optional rules, 15 minutes.
const OPTIONS: RuleOptions = RuleOptions {
    fortifications: false,
    flank_attacks: false,
    time_control_secs: 900,
    ..RuleOptions::STANDARD
};

/// The rows of a round page: (player commanding Red in game 1, the other, the match).
fn round_rows(page: &Page) -> Vec<(i64, i64, i64)> {
    Round::read(page).lines.iter().map(|l| (l.red, l.other.expect("no bye"), l.id)).collect()
}

/// The player's name on the organiser's page.
fn name_of(admin_page: &str, id: i64) -> String {
    Overview::read(admin_page).player_by_id(id).name.clone()
}

/// Set a player's knowledge-test score on the organiser's page.
async fn knowledge(admin: &Browser, t: i64, id: i64, score: &str) {
    let overview = Overview::read(&admin.get(&format!("/admin/t/{t}")).await);
    let version = overview.player_by_id(id).version.as_str();
    let r = admin
        .post(
            &format!("/admin/t/{t}/players/{id}"),
            &[("version", version), ("action", "knowledge"), ("knowledge", score)],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
}

/// A tournament created over HTTP as `preset` (`groups_knockout` or `groups_only`) with `name`, two
/// groups of four (the top 2 go on, by crossover after groups + knockout), schools kept apart or
/// not, and the first eight players of `setup::PLAYERS` imported; its id.
pub(crate) async fn two_groups_of_four(admin: &Browser, preset: &str, name: &str, separation: &str) -> i64 {
    let created = admin.post("/admin/new", &tournament_form(&[("format", preset), ("name", name)])).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let t: i64 =
        created.location.unwrap().trim_start_matches("/admin/t/").split('/').next().unwrap().parse().unwrap();
    let format = [
        ("preset", preset),
        ("count", "2"),
        ("per_group", "2"),
        ("best_next", "0"),
        ("seeding", "snake"),
        ("separation", separation),
        ("entry", "crossover"),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{t}/stages/format"), &format).await.status, 303);
    let csv = players_csv(8);
    let imported = admin.post(&format!("/admin/t/{t}/players/import"), &[("csv", csv.as_str())]).await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    t
}

#[actix_rt::test]
async fn the_final_s_format_runs_from_the_draw_to_the_champion_over_http() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let public = app.browser();

    // A refused new-tournament form keeps the format chosen.
    let refused =
        admin.post("/admin/new", &tournament_form(&[("format", "groups_knockout"), ("name", "")])).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let checked = one(&refused.body, "input[name=format][checked]");
    assert_eq!(checked.get("value"), "groups_knockout");
    // Created as "groups + knockout": the stages page comes next, with the final's defaults.
    let created = admin.post("/admin/new", &tournament_form(&[("format", "groups_knockout")])).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let location = created.location.clone().unwrap();
    assert!(location.ends_with("/stages#format"), "{location}");
    let t: i64 = location.trim_start_matches("/admin/t/").split('/').next().unwrap().parse().unwrap();
    let stages = format!("/admin/t/{t}/stages");
    let format = Stages::read(&admin.get(&stages).await);
    assert!(format.says("Liczba grup: 4"), "{format:?}");
    assert!(format.lines.iter().any(|l| l.contains("na krzyż")), "crossover: {format:?}");

    // A crossover of three groups is refused in Polish, naming the rule; two groups of four are kept.
    let format = |count: &'static str| {
        vec![
            ("preset", "groups_knockout"),
            ("count", count),
            ("per_group", "2"),
            ("best_next", "0"),
            ("seeding", "snake"),
            ("separation", "school"),
            ("entry", "crossover"),
        ]
    };
    let refused = admin.post(&format!("{stages}/format"), &format("3")).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    refused
        .assert_contains("Na krzyż awansuje dwoje najlepszych z 2, 4, 8… grup")
        .assert_lacks("crossover needs");
    assert_eq!(admin.post(&format!("{stages}/format"), &format("2")).await.status, 303);
    let kept = Stages::read(&admin.get(&stages).await);
    assert!(kept.says("Liczba grup: 2") && kept.says("Liczba graczy: 4"), "{kept:?}");

    let csv = players_csv(8);
    let imported = admin.post(&format!("/admin/t/{t}/players/import"), &[("csv", csv.as_str())]).await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    assert!(has(
        &admin.get(&format!("/admin/t/{t}")).await,
        &format!("a#next-step[href=/admin/t/{t}/stages#draw]")
    ));
    // Nothing is paired before the draw.
    let early = admin.post(&format!("{stages}/round"), &[]).await;
    assert_eq!(early.status, 400);
    early.assert_contains("Najpierw rozlosuj grupy.");

    // The preview names its lot seed; fixing that seed stores exactly the preview. A snake of 8 in 2
    // groups by registration order: A gets seeds 1, 4, 5, 8 and B 2, 3, 6, 7.
    let preview = Stages::read(&admin.get(&stages).await);
    let seed = preview.preview_seed.clone().expect("the preview's seed");
    let seed = seed.as_str();
    let previewed = preview.preview_names();
    assert_eq!(
        previewed,
        [
            "Adam Abacki",
            "Dorota Dadacka",
            "Emil Ebacki",
            "Henryk Hababacki",
            "Beata Babacka",
            "Cezary Cabacki",
            "Filip Fabacki",
            "Gosia Gagacka"
        ]
    );
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", seed)]).await.status, 303);
    let drawn = Stages::read(&admin.get(&stages).await);
    assert_eq!(drawn.drawn_names(), previewed);
    // The format is fixed once the groups are drawn, and a second draw is refused.
    let late = admin.post(&format!("{stages}/format"), &format("2")).await;
    assert_eq!(late.status, 400);
    late.assert_contains("Formatu nie można już zmienić");
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", seed)]).await.status, 400);

    let admin_page = admin.get(&format!("/admin/t/{t}")).await.body;
    let group_a: Vec<i64> = Group::read(&public.get(&format!("/t/{t}/group/A")).await).players();
    let group_b = Group::read(&public.get(&format!("/t/{t}/group/B")).await).members;
    assert_eq!(group_a.len(), 4);
    let b_number = |id: i64| group_b.iter().find(|m| m.1 == id).map(|m| m.0);
    let gosia = Overview::read(&admin_page).player("Gosia Gagacka").id;
    assert_eq!(b_number(gosia), Some(4), "B4");

    // Group A: every game ends as game 1 of the first A match does by its log, so every A match is
    // level in games and in Red-side points and all four tie on everything.
    let (log, outcome) = {
        let log = random_game(7, Edition::builtin(), &OPTIONS).to_string();
        let outcome = validate_log(&log, Edition::builtin(), &OPTIONS).unwrap().outcome;
        (log, outcome)
    };
    let a_game = (outcome.winner.as_str(), outcome.termination.as_str(), outcome.red_points.to_string());
    let mut logged = false;
    for round in 1..=3 {
        if round == 2 {
            // Gosia withdraws after round 1: her matches still to play are forfeits.
            let overview = Overview::read(&admin.get(&format!("/admin/t/{t}")).await);
            let r = withdraw(&admin, t, gosia, &overview.player_by_id(gosia).version).await;
            assert_eq!(r.status, 303, "{}", r.body);
        }
        let paired = admin.post(&format!("{stages}/round"), &[]).await;
        assert_eq!(paired.status, 303, "{}", paired.body);
        let number = round;
        assert_eq!(paired.location.as_deref(), Some(format!("/t/{t}/round/{number}").as_str()));
        assert_eq!(admin.post(&format!("/admin/t/{t}/round/{number}/publish"), &[]).await.status, 303);
        let rows = round_rows(&admin.get(&format!("/t/{t}/round/{number}")).await);
        assert_eq!(rows.len(), 4, "two matches in each group");
        for (red_first, other, m) in rows {
            if round > 1 && (red_first == gosia || other == gosia) {
                continue;
            }
            let forms = game_forms(&admin.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
            assert_eq!(forms.len(), 2, "round {round}, match {m}");
            if group_a.contains(&red_first) {
                for (i, form) in forms.iter().enumerate() {
                    let r = if i == 0 && !logged {
                        logged = true;
                        submit_log(&admin, t, form, &log).await
                    } else {
                        enter(&admin, t, (form.0, &form.1), a_game.0, a_game.1, &a_game.2).await
                    };
                    assert_eq!(r.status, 303, "{}", r.body);
                }
            } else {
                // Group B: the lower Berger number wins both games.
                let red_first_wins = b_number(red_first) < b_number(other);
                let games = if red_first_wins {
                    [("red", "warsaw-entered", "21"), ("polish", "three-red-eliminated", "0")]
                } else {
                    [("polish", "three-red-eliminated", "0"), ("red", "warsaw-entered", "21")]
                };
                play_match(&admin, t, m, games).await;
            }
        }
        let locked = admin.post(&format!("/admin/t/{t}/round/{number}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "round {number}: {}", locked.body);
    }
    assert!(logged);
    assert_eq!(admin.post(&format!("{stages}/round"), &[]).await.status, 400, "every group round is paired");

    // Group B by hand: B1 beat everyone (6 match points), B2 everyone below (4), B3 B4 (2), B4 none;
    // Gosia's two later matches are forfeits.
    let b_page = Group::read(&public.get(&format!("/t/{t}/group/B")).await);
    let ranked: Vec<(u32, Option<u32>, bool)> =
        b_page.rows.iter().map(|r| (r.place, b_number(r.player), r.qualifies)).collect();
    assert_eq!(ranked, [(1, Some(1), true), (2, Some(2), true), (3, Some(3), false), (4, Some(4), false)]);
    // Gosia's row of the crosstable: her two forfeits as losses by default.
    let forfeits = (1..=4).filter(|&c| c != 4 && b_page.cell(4, c).contains('−')).count();
    assert_eq!(forfeits, 2, "{b_page:?}");

    // Group A: a tie everything left, at a qualifying place: the organiser's lot, and only then
    // the stage closes.
    let a_page = Group::read(&public.get(&format!("/t/{t}/group/A")).await);
    assert!(
        a_page.rows.iter().all(|r| r.cell.ends_with("(remis czeka na losowanie organizatora)")),
        "{a_page:?}"
    );
    // No "awans" where the lot is still due: "losowanie" on the group page, the standings page
    // and the group CSV (issue 34).
    assert!(a_page.rows.iter().all(|r| !r.qualifies && r.lot_due), "nobody of A marked as qualifying yet");
    let standings_page = Standings::read(&public.get(&format!("/t/{t}/standings")).await);
    let group_a = standings_page.group("A");
    assert!(group_a.iter().all(|r| !r.qualifies && r.lot_due), "{group_a:?}");
    let csv = public.get(&format!("/t/{t}/export/group/A")).await;
    let rows: Vec<&str> = csv.body.lines().skip(1).collect();
    assert!(rows.iter().all(|l| l.ends_with(";losowanie")), "{}", csv.body);
    let next = text_of(&admin.get(&format!("/admin/t/{t}")).await, "#next-step");
    assert!(next.starts_with("Grupa A: remis o miejsce premiowane awansem czeka"), "{next}");
    // The bracket page before the knockout (issue 34): when and how it starts; no pairs while
    // the lot is due.
    let before = public.get(&format!("/t/{t}/bracket")).await;
    assert_eq!(
        text_of(&before, "#knockout-after-groups"),
        "Faza pucharowa zaczyna się po zamknięciu fazy grupowej. Awans z każdej grupy: 2. Liczba graczy: 4. Wejście do fazy pucharowej: na krzyż (A1–B2, B1–A2, …). Jest też mecz o 3. miejsce."
    );
    let later = text_of(&before, "p#knockout-first-round");
    assert!(later.starts_with("Pary pierwszej rundy będą znane, gdy rozstrzygnie się remis"), "{later}");
    let closing = admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await;
    assert_eq!(closing.status, 400);
    closing.assert_contains("Grupa A: remis o miejsce premiowane awansem czeka na losowanie organizatora");
    assert_eq!(
        admin.post(&format!("{stages}/lot"), &[("group", "1")]).await.status,
        400,
        "B has no tie to draw"
    );
    assert_eq!(admin.post(&format!("{stages}/lot"), &[("group", "0")]).await.status, 303);
    let a_rows = Group::read(&public.get(&format!("/t/{t}/group/A")).await).rows;
    let ranks: Vec<u32> = a_rows.iter().map(|r| r.place).collect();
    assert_eq!(ranks, [1, 2, 3, 4], "the lot orders the tie");
    assert!(a_rows.iter().all(|r| r.cell.contains("rozstrzygnięte losowaniem")), "{a_rows:?}");
    assert_eq!(a_rows.iter().filter(|r| r.qualifies).count(), 2);
    let (a1, a2) = (a_rows[0].player, a_rows[1].player);
    let (b1, b2) = (group_b[0].1, group_b[1].1);

    // The tournament's standings page of a groups tournament: each group's table in the group
    // page's order, linked to it, and no Swiss table (there was no Swiss round).
    let standings_page = public.get(&format!("/t/{t}/standings")).await;
    let standings = Standings::read(&standings_page);
    assert!(!has(&standings_page, "table#standings"), "no Swiss table");
    for letter in ["A", "B"] {
        assert!(has(&standings_page, &format!("a[href=/t/{t}/group/{letter}]")), "group {letter} linked");
    }
    // Its page links each group's TRF and not the (empty) Swiss one.
    let home = public.get(&format!("/t/{t}")).await;
    for letter in ["A", "B"] {
        assert!(has(&home, &format!("a[href=/t/{t}/export/group/{letter}/trf]")), "group {letter}'s TRF");
    }
    assert!(!has(&home, "#export-trf"), "no Swiss TRF for a groups tournament");
    let b_rows = Group::read(&public.get(&format!("/t/{t}/group/B")).await).rows;
    for (letter, rows) in [("A", &a_rows), ("B", &b_rows)] {
        let table = standings.group(letter);
        let order: Vec<i64> = table.iter().map(|r| r.player).collect();
        assert_eq!(order, rows.iter().map(|r| r.player).collect::<Vec<_>>(), "group {letter} as on its page");
        assert_eq!(table.iter().filter(|r| r.qualifies).count(), 2, "two qualify from {letter}");
    }

    // Closing asks first; reopening needs a reason and is in the history.
    let ask = admin.post(&format!("{stages}/close"), &[]).await;
    assert_eq!(ask.status, 200);
    assert_eq!(crate::pages::text_of(&ask, "#confirm-yes"), "Tak, zamknij fazę grupową");
    assert_eq!(admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await.status, 303);
    assert!(Stages::read(&admin.get(&stages).await).closed);
    assert_eq!(admin.post(&format!("{stages}/reopen"), &[("reason", " ")]).await.status, 400);
    assert_eq!(admin.post(&format!("{stages}/reopen"), &[("reason", "korekta wyniku")]).await.status, 303);
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await),
        "Ponownie otwarto etap",
    );
    assert_eq!(admin.post(&format!("{stages}/close"), &[("confirm", "1")]).await.status, 303);

    // Group B's exports: its standings as CSV, and the group as a TRF round robin whose every
    // cell is typed here from FIDE's Berger table for four (C.05 Annex 1: round 1 1-4, 2-3;
    // round 2 4-3, 1-2; round 3 2-4, 3-1; the first named has White, here Red in game 1), the
    // results above and Gosia's two forfeits.
    let csv = public.get(&format!("/t/{t}/export/group/B")).await;
    csv.assert_ok();
    let rows: Vec<Vec<String>> = csv
        .body
        .trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .map(|l| l.split(';').map(str::to_string).collect())
        .collect();
    let expected_rows = [
        ("1", "1", "Beata Babacka", "awans"),
        ("2", "2", "Cezary Cabacki", "awans"),
        ("3", "3", "Filip Fabacki", ""),
        ("4", "4", "Gosia Gagacka", ""),
    ];
    for (row, (rank, number, name, qualifies)) in rows.iter().zip(expected_rows) {
        assert_eq!((row[0].as_str(), row[1].as_str(), row[2].as_str()), (rank, number, name), "{row:?}");
        assert_eq!(row.last().map(String::as_str), Some(qualifies), "{row:?}");
    }
    assert_eq!(rows.len(), 4);
    let trf = public.get(&format!("/t/{t}/export/group/B/trf")).await;
    trf.assert_ok();
    let (header, _) = crate::trf_read::parse(&trf.body);
    assert_eq!(header.get("092").map(String::as_str), Some("Individual: Round-Robin"), "{}", trf.body);
    assert_eq!(header.get("XXR").map(String::as_str), Some("3"), "{}", trf.body);
    let cells = |line: &str| -> (String, String, String, Vec<String>) {
        let c: Vec<char> = line.chars().collect();
        let f = |a: usize, b: usize| c[a - 1..b.min(c.len())].iter().collect::<String>().trim().to_string();
        let rounds = (0..3)
            .map(|k| format!("{} {} {}", f(92 + 10 * k, 95 + 10 * k), c[96 + 10 * k], c[98 + 10 * k]))
            .collect();
        (f(5, 8), f(81, 84), f(86, 89), rounds)
    };
    let lines: Vec<_> = trf.body.lines().filter(|l| l.starts_with("001")).map(cells).collect();
    let typed = |start: &str, points: &str, rank: &str, rounds: [&str; 3]| {
        (start.to_string(), points.to_string(), rank.to_string(), rounds.map(str::to_string).to_vec())
    };
    assert_eq!(
        lines,
        [
            typed("1", "3.0", "1", ["4 w 1", "2 w 1", "3 b 1"]),
            typed("2", "2.0", "2", ["3 w 1", "1 b 0", "4 w +"]),
            typed("3", "1.0", "3", ["2 b 0", "4 b +", "1 w 0"]),
            typed("4", "0.0", "4", ["1 b 0", "3 w -", "2 b -"]),
        ]
    );

    // The qualified bracket before it starts: A1–B2 and B1–A2, each with where they came from.
    let names_of = |id: i64| name_of(&admin_page, id);
    let qualified = Stages::read(&admin.get(&stages).await).qualified;
    for (x, y) in [
        (format!("A1 {}", names_of(a1)), format!("B2 {}", names_of(b2))),
        (format!("B1 {}", names_of(b1)), format!("A2 {}", names_of(a2))),
    ] {
        let said = [format!("{x} – {y}"), format!("{y} – {x}")];
        assert!(qualified.iter().any(|q| said.contains(q)), "{x} v {y}: {qualified:?}");
    }
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    assert!(
        has(&overview, &format!("form[action=/admin/t/{t}/stages/knockout]")),
        "the next step: the knockout"
    );
    // The public bracket page shows the same first round, each player with their place.
    let before = Bracket::read(&public.get(&format!("/t/{t}/bracket")).await);
    for (x, y) in [(("A1", a1), ("B2", b2)), (("B1", b1), ("A2", a2))] {
        let (x, y) = ((x.0.to_string(), x.1), (y.0.to_string(), y.1));
        let found =
            before.first_round.iter().any(|m| *m == [x.clone(), y.clone()] || *m == [y.clone(), x.clone()]);
        assert!(found, "{x:?} v {y:?}: {before:?}");
    }

    // Knowledge-test scores, entered before the knockout (the frozen ranking does not move).
    for (id, score) in [(a1, "20"), (b2, "10"), (b1, "20"), (a2, "5")] {
        knowledge(&admin, t, id, score).await;
    }
    let started = admin.post(&format!("{stages}/knockout"), &[]).await;
    assert_eq!(started.status, 303, "{}", started.body);
    assert_eq!(started.location.as_deref(), Some(format!("/t/{t}/round/4").as_str()));
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/4/publish"), &[]).await.status, 303);
    let semis = round_rows(&admin.get(&format!("/t/{t}/round/4")).await);
    let pair = |(x, y, _): &(i64, i64, i64)| if x < y { (*x, *y) } else { (*y, *x) };
    let mut expected =
        vec![if a1 < b2 { (a1, b2) } else { (b2, a1) }, if b1 < a2 { (b1, a2) } else { (a2, b1) }];
    let mut got: Vec<(i64, i64)> = semis.iter().map(pair).collect();
    expected.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, expected, "crossover");
    assert_eq!(admin.post(&format!("{stages}/reopen"), &[("reason", "za późno")]).await.status, 400);
    for &(red_first, other, m) in &semis {
        if [red_first, other].contains(&a1) {
            // Level in games and Red-side points: the knowledge test (20 against 10) sends A1 on.
            play_match(&admin, t, m, [("red", "radzymin-check", "10"), ("red", "radzymin-check", "10")])
                .await;
        } else {
            // B1 wins on Red-side points, 21 against 10.
            let games = if red_first == b1 {
                [("red", "warsaw-entered", "21"), ("red", "radzymin-check", "10")]
            } else {
                [("red", "radzymin-check", "10"), ("red", "warsaw-entered", "21")]
            };
            play_match(&admin, t, m, games).await;
        }
    }
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/4/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/knockout"), &[]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/5/publish"), &[]).await.status, 303);
    let last = round_rows(&admin.get(&format!("/t/{t}/round/5")).await);
    assert_eq!(last.len(), 2, "the final and the third-place match");
    let final_match =
        last.iter().find(|r| pair(r) == if a1 < b1 { (a1, b1) } else { (b1, a1) }).expect("A1 v B1").2;
    let third = last.iter().find(|r| r.2 != final_match).unwrap();
    play_match(&admin, t, third.2, [("red", "warsaw-entered", "21"), ("red", "radzymin-check", "10")]).await;
    // The final: level, and equal knowledge-test scores: the extra game, its Red side by lot.
    play_match(&admin, t, final_match, [("red", "radzymin-check", "10"), ("red", "radzymin-check", "10")])
        .await;
    let level = RefereeMatch::read(&admin.get(&format!("/ref/t/{t}/match/{final_match}")).await);
    assert_eq!(level.line.state, "extra", "the extra game is needed: {level:?}");
    assert_eq!(admin.post(&format!("/ref/t/{t}/match/{final_match}/extra"), &[]).await.status, 303);
    let form = admin.get(&format!("/ref/t/{t}/match/{final_match}")).await;
    let games = game_forms(&form.body, t);
    assert_eq!(games.len(), 3);
    let red_name = RefereeMatch::read(&form).game(3).red_name.clone();
    assert!(red_name == names_of(a1) || red_name == names_of(b1), "{red_name}");
    assert_eq!(enter(&admin, t, (games[2].0, &games[2].1), "red", "warsaw-entered", "21").await.status, 303);

    // The bracket says where everyone came from, and the final ranking lists all eight, the
    // champion first.
    let bracket_page = public.get(&format!("/t/{t}/bracket")).await;
    let bracket = Bracket::read(&bracket_page);
    assert_eq!(bracket.champion.as_deref(), Some(red_name.as_str()));
    for origin in ["A1", "A2", "B1", "B2"] {
        assert!(bracket.origins.iter().any(|o| o == origin), "{origin}: {bracket:?}");
    }
    let ranking = &bracket.finals;
    assert_eq!(ranking[0].name, red_name, "{ranking:?}");
    let mut ranked: Vec<&str> = ranking.iter().map(|r| r.name.as_str()).collect();
    ranked.sort_unstable();
    let mut everyone = crate::setup::PLAYERS.to_vec();
    everyone.sort_unstable();
    assert_eq!(ranked, everyone, "all eight ranked");
    // Every place by hand: the champion, the finalist, the third-place match's winner (whoever
    // commanded Red first in it won) and loser; then those the groups left out, by place in their
    // group, then match points per match: A3 (three draws, 1 a match) before B3 (one win in three,
    // 2/3), A4 (1) before B4 (Gosia, 0). Each with their place in the group, the column says so.
    let head = crate::pages::texts(&bracket_page, "#final-ranking thead th");
    assert_eq!(head[3], "Miejsce w grupie", "{head:?}");
    let origin = |id: i64| -> &str {
        if id == a1 {
            "A1"
        } else if id == b1 {
            "B1"
        } else if id == a2 {
            "A2"
        } else {
            "B2"
        }
    };
    let champion = if red_name == names_of(a1) { a1 } else { b1 };
    let finalist = if champion == a1 { b1 } else { a1 };
    let (third_winner, third_loser) = (third.0, third.1);
    let cells: Vec<(String, String)> =
        ranking.iter().map(|r| (r.reached.clone(), r.before.clone())).collect();
    let expected = [
        ("wygrany finał", origin(champion)),
        ("przegrany finał", origin(finalist)),
        ("wygrany mecz o 3. miejsce", origin(third_winner)),
        ("przegrany mecz o 3. miejsce", origin(third_loser)),
        ("faza grupowa", "A3"),
        ("faza grupowa", "B3"),
        ("faza grupowa", "A4"),
        ("faza grupowa", "B4"),
    ];
    let got: Vec<(&str, &str)> = cells.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(got, expected);
    // The standings CSV says the same.
    let csv = public.get(&format!("/t/{t}/export/standings")).await;
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(lines.len(), 9, "{}", csv.body);
    assert!(lines[5].starts_with("5;A3;") && lines[8].starts_with("8;B4;Gosia Gagacka;"), "{}", csv.body);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/5/lock"), &[("confirm", "1")]).await.status, 303);
    assert_eq!(
        text_of(&admin.get(&format!("/admin/t/{t}")).await, "#next-step"),
        "Wszystkie rundy są rozegrane."
    );

    // The whole tournament as one TRF (issue 34), linked from its page and read back by the
    // project's TRF reader: no Swiss file, the groups' three rounds then the knockout's two, the
    // final ranking above as the rank column, each player's group rounds scoring what their
    // group's CSV says and the knockout's cells the matches played above.
    let link = one(&public.get(&format!("/t/{t}")).await.body, "a#export-trf-all");
    assert_eq!(
        (link.get("href"), link.text().as_str()),
        (format!("/t/{t}/export/trf").as_str(), "TRF dla FIDE (cały turniej)")
    );
    let trf = public.get(&format!("/t/{t}/export/trf")).await;
    trf.assert_ok().assert_lacks("Swiss");
    let (header, parsed) = crate::trf_read::parse(&trf.body);
    assert_eq!(header.get("092").map(String::as_str), Some("Individual: Round-Robin groups, then Knockout"));
    assert_eq!(header.get("XXR").map(String::as_str), Some("5"));
    assert_eq!(header.get("062").map(String::as_str), Some("8"));
    assert_eq!(parsed.len(), 8);
    let by_id = |id: i64| {
        let name = names_of(id);
        parsed.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("{name} in the TRF"))
    };
    let expected_ranks = [
        (champion, 1),
        (finalist, 2),
        (third_winner, 3),
        (third_loser, 4),
        (a_rows[2].player, 5),
        (b_rows[2].player, 6),
        (a_rows[3].player, 7),
        (b_rows[3].player, 8),
    ];
    for (id, rank) in expected_ranks {
        assert_eq!(by_id(id).rank, rank, "{}", names_of(id));
    }
    let halves = |codes: &[char]| -> u32 {
        codes
            .iter()
            .map(|c| match c {
                '1' | '+' => 2,
                '=' => 1,
                _ => 0,
            })
            .sum()
    };
    for letter in ["A", "B"] {
        let csv = public.get(&format!("/t/{t}/export/group/{letter}?sep=comma")).await;
        for row in csv.body.trim_start_matches('\u{feff}').lines().skip(1) {
            let cells: Vec<&str> = row.split(',').collect();
            let player = parsed.iter().find(|p| p.name == cells[2]).expect("in the TRF");
            let group: Vec<char> = player.games[..3].iter().map(|g| g.result).collect();
            let csv_halves = (cells[4].parse::<f64>().unwrap() * 2.0).round() as u32;
            assert_eq!(halves(&group), csv_halves, "{letter}: {row}");
        }
    }
    for p in &parsed {
        let all: Vec<char> = p.games.iter().map(|g| g.result).collect();
        let points = (p.points.parse::<f64>().unwrap() * 2.0).round() as u32;
        assert_eq!(halves(&all), points, "{}: the cells add up to the points column", p.name);
    }
    let cell = |id: i64, round: usize| {
        let g = &by_id(id).games[round - 1];
        let opponent = parsed.iter().find(|p| p.start == g.opponent).map(|p| p.name.clone());
        (opponent, g.result)
    };
    for id in [a_rows[2].player, b_rows[2].player, a_rows[3].player, b_rows[3].player] {
        for round in [4, 5] {
            let g = &by_id(id).games[round - 1];
            assert_eq!((g.opponent, g.colour, g.result), (0, '-', 'Z'), "out after the groups");
        }
    }
    assert_eq!(cell(a1, 4), (Some(names_of(b2)), '1'));
    assert_eq!(cell(b2, 4), (Some(names_of(a1)), '0'));
    assert_eq!(cell(b1, 4), (Some(names_of(a2)), '1'));
    assert_eq!(cell(a2, 4), (Some(names_of(b1)), '0'));
    assert_eq!(cell(champion, 5), (Some(names_of(finalist)), '1'));
    assert_eq!(cell(finalist, 5), (Some(names_of(champion)), '0'));
    assert_eq!(cell(third_winner, 5), (Some(names_of(third_loser)), '1'));
    assert_eq!(cell(third_loser, 5), (Some(names_of(third_winner)), '0'));
    for lang in ["pl", "en"] {
        admin.get(&format!("/lang/{lang}")).await;
        let page = admin.get(&stages).await;
        page.assert_ok();
        crate::words::assert_no_retired_phrase(&format!("{lang} {stages}"), &page.body);
    }
}

/// The organiser's seed list: typed beside each player before the draw, it orders the snake (so
/// the preview follows it), is in the history, and is refused once the groups are drawn.
#[actix_rt::test]
async fn the_organiser_s_seed_list_orders_the_draw_and_is_fixed_with_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_only", "Liga Testowa", "none").await;
    let stages = format!("/admin/t/{t}/stages");
    let ids = Stages::read(&admin.get(&stages).await).seeds;
    assert_eq!(ids.len(), 8, "every player has a seed field");
    // The registration order reversed: Henryk is seed 1 ... Adam seed 8; a snake of two groups then
    // gives A seeds 1, 4, 5, 8 (Henryk, Emil, Dorota, Adam) and B 2, 3, 6, 7.
    let numbers: Vec<String> = (1..=8).rev().map(|n: i32| n.to_string()).collect();
    let names: Vec<String> = ids.iter().map(|id| format!("seed_{id}")).collect();
    let fields: Vec<(&str, &str)> =
        names.iter().map(String::as_str).zip(numbers.iter().map(String::as_str)).collect();
    let saved = admin.post(&format!("{stages}/seeds"), &fields).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let preview = Stages::read(&admin.get(&stages).await);
    let listed = preview.preview_names();
    assert_eq!(
        listed,
        [
            "Henryk Hababacki",
            "Emil Ebacki",
            "Dorota Dadacka",
            "Adam Abacki",
            "Gosia Gagacka",
            "Filip Fabacki",
            "Cezary Cabacki",
            "Beata Babacka"
        ]
    );
    crate::pages::admin::change(
        &crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await),
        "Ustalono kolejność rozstawienia",
    );
    // A seed that is not a number is refused, naming the field.
    let bad = admin.post(&format!("{stages}/seeds"), &[(names[0].as_str(), "pierwszy")]).await;
    assert_eq!(bad.status, 400);
    bad.assert_contains("Rozstawienie");
    let seed = preview.preview_seed.clone().unwrap();
    assert_eq!(admin.post(&format!("{stages}/draw"), &[("seed", seed.as_str())]).await.status, 303);
    let late = admin.post(&format!("{stages}/seeds"), &fields).await;
    assert_eq!(late.status, 400);
    late.assert_contains("Grupy są już rozlosowane.");
    // Going back to the registration order is refused too, once drawn.
    assert_eq!(admin.post(&format!("{stages}/seeds-reset"), &[]).await.status, 400);

    // The groups' tiebreaks, in the organiser's order, until the first group round: games won
    // first, then direct encounter; the group page's columns follow it.
    let order = [("tiebreak_1", "games_won"), ("tiebreak_2", "direct_encounter"), ("tiebreak_3", "")];
    let unknown = admin.post(&format!("{stages}/tiebreaks"), &[("tiebreak_1", "buchholz")]).await;
    assert_eq!(unknown.status, 400, "Buchholz is not a round robin's");
    assert_eq!(admin.post(&format!("{stages}/tiebreaks"), &order).await.status, 303);
    let changes = crate::pages::admin::history(&admin.get(&format!("/admin/t/{t}/history")).await);
    crate::pages::admin::change(&changes, "Ustalono kolejność punktacji pomocniczej w grupach");
    let group = app.browser().get(&format!("/t/{t}/group/A")).await;
    let head = crate::pages::texts(&group, "table#group-standings thead th");
    assert_eq!(
        head[3..],
        ["Wygrane partie", "Mecze bezpośrednie"],
        "the organiser's order and no other: {head:?}"
    );
    assert_eq!(admin.post(&format!("{stages}/round"), &[]).await.status, 303);
    let fixed = admin.post(&format!("{stages}/tiebreaks"), &order).await;
    assert_eq!(fixed.status, 400);
    fixed.assert_contains("ustala się przed pierwszą rundą grup");
}
