//! Stages over HTTP (issue 19): the group pages of the demo's national-final tournament (16
//! players, 4 groups of 4, top 2 into an 8-player knockout; group rounds 1 and 2 played and locked,
//! round 3 half played), read as a visitor reads them.

use crate::helpers::*;
use crate::pages::{Group, has, text_of, texts, tournaments};

/// `a:b` read as two numbers.
fn pair(s: &str) -> (u32, u32) {
    let (a, b) = s.split_once(':').unwrap_or_else(|| panic!("a score: {s:?}"));
    (a.trim().parse().expect("a number"), b.trim().parse().expect("a number"))
}

/// The games' score the other way round (`2:0` → `0:2`, `1:1 (21:10)` → `1:1 (10:21)`, `+` → `−`,
/// `·` stays).
fn mirrored(score: &str) -> String {
    match score {
        "+" => "−".into(),
        "−" => "+".into(),
        "·" => "·".into(),
        s => match s.split_once(" (") {
            Some((games, red)) => {
                let ((a, b), (x, y)) = (pair(games), pair(red.trim_end_matches(')')));
                format!("{b}:{a} ({y}:{x})")
            }
            None => {
                let (a, b) = pair(s);
                format!("{b}:{a}")
            }
        },
    }
}

/// How a decided cell ends for the row player, as the league rules decide a match: games won,
/// then, level in games, the Red-side points (in brackets); a forfeit is a win or a loss.
fn outcome(score: &str) -> std::cmp::Ordering {
    match score {
        "+" => std::cmp::Ordering::Greater,
        "−" => std::cmp::Ordering::Less,
        s => match s.split_once(" (") {
            Some((games, red)) => {
                let ((a, b), (x, y)) = (pair(games), pair(red.trim_end_matches(')')));
                assert_eq!(a, b, "Red-side points only for a match level in games: {s:?}");
                x.cmp(&y)
            }
            None => {
                let (a, b) = pair(s);
                assert_ne!(a, b, "a match level in games says its Red-side points: {s:?}");
                a.cmp(&b)
            }
        },
    }
}

#[actix_rt::test]
async fn the_group_pages_show_the_crosstable_the_standings_with_awans_and_the_schedule() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let b = app.browser();
    let t = tournaments(&b.get("/").await)[1].0;

    // The tournament page switches between the groups and the bracket.
    let front = b.get(&format!("/t/{t}")).await;
    let switch: Vec<String> =
        crate::pages::select(&front.body, "nav#stages a").iter().map(|a| a.get("href").to_string()).collect();
    let expected: Vec<String> = ["A", "B", "C", "D"]
        .iter()
        .map(|g| format!("/t/{t}/group/{g}"))
        .chain([format!("/t/{t}/bracket")])
        .collect();
    assert_eq!(switch, expected);
    assert_eq!(b.get(&format!("/t/{t}/group/E")).await.status, 404);

    let (mut decided, mut pending) = (0, 0);
    for g in ["A", "B", "C", "D"] {
        let page = b.get(&format!("/t/{t}/group/{g}")).await;
        assert_eq!(page.status, 200);
        assert!(text_of(&page, "h1").ends_with(&format!(": Grupa {g}")), "{}", text_of(&page, "h1"));
        assert_eq!(texts(&page, "h2")[0], "Tabela krzyżowa");
        let columns = texts(&page, "table#group-standings thead th");
        assert!(columns.iter().any(|c| c == "Mecze bezpośrednie"), "{columns:?}");
        // No birth date of any player (born on 1 March, 16 to 19 years before this year).
        let year = chrono::Utc::now().date_naive().format("%Y").to_string().parse::<i32>().expect("year");
        for born in year - 20..=year - 15 {
            page.assert_lacks(&format!("{born}-03-01")).assert_lacks(&format!("1.03.{born}"));
        }

        // 4 x 4 cells; the diagonal crossed out; every other cell is its mirror's reverse.
        let group = Group::read(&page);
        let cells = &group.cells;
        assert_eq!(cells.len(), 16, "{}", page.body);
        let at =
            |r: u32, c: u32| cells.iter().find(|(k, _)| *k == (r, c)).map(|(_, s)| s.as_str()).expect("cell");
        let (mut won, mut drawn) = ([0i64; 5], [0i64; 5]);
        for r in 1..=4u32 {
            assert_eq!(at(r, r), "×");
            for c in (1..=4u32).filter(|&c| c != r) {
                let s = at(r, c);
                assert!(!s.is_empty(), "a single round robin: every pair is paired by round 3 ({r}, {c})");
                assert_eq!(mirrored(s), at(c, r), "cells ({r}, {c}) and ({c}, {r})");
                let i = usize::try_from(r).expect("small");
                if s == "·" {
                    pending += 1;
                    continue;
                }
                decided += 1;
                match outcome(s) {
                    std::cmp::Ordering::Greater => won[i] += 1,
                    std::cmp::Ordering::Equal => drawn[i] += 1,
                    std::cmp::Ordering::Less => {}
                }
            }
        }

        // Standings: ranks 1-4, "awans" exactly for the top 2, match points by the league's
        // scoring (win 1, draw ½, loss 0; here in half points) as the crosstable's rows count them, best first.
        let rows = &group.rows;
        assert_eq!(rows.iter().map(|r| r.place).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(rows.iter().map(|r| r.qualifies).collect::<Vec<_>>(), [true, true, false, false]);
        assert_eq!(texts(&page, "strong.qualifies"), ["awans", "awans"]);
        let mut expected: Vec<i64> = (1..=4).map(|i| 2 * won[i] + drawn[i]).collect();
        expected.sort_unstable_by(|a, b| b.cmp(a));
        // In half points: "2,5" is 5 (a Polish decimal comma).
        let printed: Vec<i64> = rows
            .iter()
            .map(|r| match r.shown_points.split_once(',') {
                Some((whole, "5")) => 2 * whole.parse::<i64>().expect("points") + 1,
                None => 2 * r.shown_points.parse::<i64>().expect("points"),
                _ => panic!("points {:?}", r.shown_points),
            })
            .collect();
        assert_eq!(printed, expected, "{}", page.body);
        let state = text_of(&page, "#ranking-state");
        assert!(
            state.starts_with("Klasyfikacja bieżąca") && state.ends_with("Awans: miejsca w grupie: 1–2."),
            "{state}"
        );
        assert!(
            text_of(&page, "#withdrawal-rule")
                .starts_with("Wyniki osoby wycofanej z turnieju pozostają w mocy")
        );

        // The schedule by round with tables and match links: rounds 1 to 3, two matches each.
        let rounds: Vec<String> = texts(&page, "h3");
        assert_eq!(rounds, ["Runda 1", "Runda 2", "Runda 3"]);
        for n in 1..=3 {
            assert!(has(&page, &format!("h3 a[href=/t/{t}/round/{n}]")), "round {n} linked");
        }
        assert_eq!(group.schedule.len(), 6);
        assert!(group.schedule.iter().all(|l| l.table > 0 && l.other.is_some()), "{:?}", group.schedule);
        let linked = crate::pages::select(&page.body, "table.schedule a")
            .iter()
            .filter(|a| a.get("href").starts_with(&format!("/t/{t}/match/")))
            .count();
        assert_eq!(linked, 6);
    }
    // Rounds 1 and 2 played everywhere, round 3 half: 8 + 8 + 4 matches decided, 4 pending, two
    // cells each.
    assert_eq!((decided, pending), (40, 8));

    // English, the same page.
    let en = app.browser();
    en.get("/lang/en").await;
    let page = en.get(&format!("/t/{t}/group/A")).await;
    assert!(text_of(&page, "h1").ends_with(": Group A"));
    assert_eq!(texts(&page, "h2")[..2], ["Crosstable", "Group standings"]);
    assert!(texts(&page, "h2").iter().any(|h| h == "Group schedule"));
    assert!(text_of(&page, "#ranking-state").ends_with("Qualifying: places in the group: 1–2."));
    assert_eq!(texts(&page, "strong.qualifies"), ["qualifies", "qualifies"]);
    let shown = crate::pages::page_text(&page);
    assert!(!shown.contains("Tabela krzyżowa") && !shown.contains("awans"), "{shown}");
    assert_eq!(Group::read(&page).cells.len(), 16);
}

/// The demo final as of 30 November 2026 (a fixed day: its dates and ages do not follow the
/// calendar), served by a fresh app.
async fn final_app() -> (TestApp, i64) {
    let dir = fresh_dir();
    let url = database_url(&dir).await;
    let store = bitwa::store::connect(&url).await.expect("connects");
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).expect("a day");
    let t = bitwa::app::demo::create_final_on(&store, day).await.expect("the final demo");
    drop(store);
    (TestApp::spawn_with(dir, false).await, t.0)
}

/// The group pages byte for byte against `tests/golden/final/` (new pages, issue 19; the Swiss
/// demo's goldens are `golden.rs`'s). `UPDATE_EXPECTED=1 cargo test --test service stages::`
/// rewrites them after a deliberate change.
#[actix_rt::test]
async fn the_final_demo_s_group_pages_render_byte_for_byte_as_the_golden_files() {
    let (app, t) = final_app().await;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/final");
    let update = std::env::var_os("UPDATE_EXPECTED").is_some();
    if update {
        std::fs::create_dir_all(&dir).expect("the golden folder");
    }
    let mut differ = Vec::new();
    for lang in ["pl", "en"] {
        let b = app.browser();
        assert_eq!(b.get(&format!("/lang/{lang}")).await.status, 303);
        for g in ["A", "B", "C", "D"] {
            let page = b.get(&format!("/t/{t}/group/{g}")).await;
            assert_eq!(page.status, 200);
            let file = dir.join(format!("{lang}-group-{g}.html"));
            if update {
                std::fs::write(&file, page.body.as_bytes()).expect("written");
            } else if std::fs::read_to_string(&file).unwrap_or_default() != page.body {
                differ.push(format!("{}\n{}", file.display(), page.body));
            }
        }
    }
    assert!(differ.is_empty(), "group pages differ from the golden files:\n{}", differ.join("\n\n"));
}
