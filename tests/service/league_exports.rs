//! Issue 10 in the running service: the TRF export of the Swiss phase, Red-side points on the
//! player page as the standings count them (flag rule), and the "why these pairings" page.

use crate::helpers::*;
use crate::pages::why::Why;
use crate::setup::Day;

/// The number in `<strong id="red-total">` on a player page.
fn red_total(page: &str) -> i64 {
    let at = page.find("id=\"red-total\">").expect("red total shown") + "id=\"red-total\">".len();
    page[at..at + page[at..].find('<').unwrap()].parse().unwrap()
}

async fn four_players_one_round_played(app: &TestApp) -> (Browser, i64, Vec<i64>) {
    let day = Day::new(app)
        .config(&[("name", "Liga Żoliborz")])
        .swiss_only("2")
        .players(5)
        .referee()
        .published()
        .open()
        .await;
    let ids = day.players.clone();
    let (t, admin, referee, matches) = day.into_parts();
    assert_eq!(matches.len(), 2, "five players: two tables and a bye");
    // Table 1: game 1 Red wins in Warsaw (21); game 2 the Red commander runs out of time: the
    // referee's 15 Red-side points are refused (a flagged Red scores 0), then 0 is saved.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[0])).await.body, t);
    assert_eq!(
        enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await.status,
        303
    );
    let refused = enter(&referee, t, (games[1].0, &games[1].1), "polish", "time-forfeit", "15").await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let flagged = enter(&referee, t, (games[1].0, &games[1].1), "polish", "time-forfeit", "0").await;
    assert_eq!(flagged.status, 303, "{}", flagged.body);
    // Table 2: 21 and 10.
    let games = game_forms(&referee.get(&format!("/ref/t/{t}/match/{}", matches[1])).await.body, t);
    enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    enter(&referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", "10").await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    (admin, t, ids)
}

#[actix_rt::test]
async fn the_player_page_shows_red_side_points_as_the_standings_count_them() {
    let app = TestApp::spawn().await;
    let (_admin, t, ids) = four_players_one_round_played(&app).await;
    let public = app.browser();
    let standings = public.get(&format!("/t/{t}/export/standings?sep=comma")).await;
    let text = standings.body.trim_start_matches('\u{feff}').to_string();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let col = header.iter().position(|h| *h == "Punkty za Czerwonych").expect("Red-side column");
    let mut total = 0;
    for id in ids {
        let page = public.get(&format!("/t/{t}/player/{id}")).await;
        page.assert_ok();
        let shown = red_total(&page.body);
        let heading = crate::pages::text_of(&page, "h1");
        let name = heading.split(' ').next().unwrap();
        let line = text.lines().find(|l| l.contains(name)).expect("player in the standings");
        assert_eq!(line.split(',').nth(col).unwrap(), shown.to_string(), "{name}");
        total += shown;
    }
    // 21 + 0 (flagged) + 21 + 10.
    assert_eq!(total, 52);
}

#[actix_rt::test]
async fn the_trf_export_holds_the_finished_swiss_rounds_without_birth_dates() {
    let app = TestApp::spawn().await;
    let (admin, t, _) = four_players_one_round_played(&app).await;
    // Round 2 paired and published but not played: left out of the file.
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let public = app.browser();
    // The tournament's page links it among the exports.
    let page = public.get(&format!("/t/{t}")).await;
    assert!(crate::pages::has(&page, &format!("a#export-trf[href=/t/{t}/export/trf]")), "{}", page.body);
    let trf = public.get(&format!("/t/{t}/export/trf")).await;
    trf.assert_ok();
    let lines: Vec<&str> = trf.body.lines().collect();
    assert_eq!(lines[0], "012 Liga Żoliborz");
    assert!(lines.contains(&"022 Warszawa"));
    assert!(lines.contains(&"042 2026/05/09"));
    assert!(lines.contains(&"XXR 2"));
    let players: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("001 ")).collect();
    assert_eq!(players.len(), 5);
    // Starting rank at columns 5-8, the name from column 15.
    let first: Vec<char> = players[0].chars().collect();
    assert_eq!(first[4..8].iter().collect::<String>(), "   1");
    assert_eq!(first[14..25].iter().collect::<String>(), "Adam Abacki", "{}", players[0]);
    // One round of ten columns after the rank; the bye and the results are coded.
    assert!(players.iter().all(|l| l.chars().count() == 99), "{players:?}");
    assert_eq!(players.iter().filter(|l| l.ends_with("0000 - U")).count(), 1);
    assert_eq!(players.iter().filter(|l| l.ends_with(" 1")).count(), 2);
    assert_eq!(players.iter().filter(|l| l.ends_with(" 0")).count(), 2);
    assert!(!trf.body.contains("2010"), "no birth dates in a public file");
    let other = public.get("/t/99999/export/trf").await;
    assert_eq!(other.status, 404);
}

#[actix_rt::test]
async fn the_why_page_lists_the_criteria_and_says_how_far_a_floater_goes() {
    let app = TestApp::spawn().await;
    let (admin, t, _) = four_players_one_round_played(&app).await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let public = app.browser();
    let why = public.get(&format!("/t/{t}/round/2/why")).await;
    let shown = Why::read(why.assert_ok());
    assert_eq!(
        shown.headings,
        ["Grupy punktowe", "Gracze przesunięci między grupami", "Kryteria kojarzenia, od najważniejszego"]
    );
    assert_eq!(shown.criteria.len(), 8, "{shown:?}");
    assert_eq!(
        shown.criteria[3],
        "różnice punktów, od największej: żadna para dalej od siebie niż trzeba, potem jak najmniej par z taką \
         różnicą i tak dalej w dół"
    );
    assert_eq!(
        shown.bye.as_deref(),
        Some("wolny los: Cezary Cabacki (0 pkt) – najniżej sklasyfikowana osoba bez wolnego losu")
    );
    // After round 1 three players have 1 point (two winners and the bye) and two have 0: one
    // of the three plays a 0-point player, one point apart.
    assert_eq!(
        shown.floaters,
        [
            "Adam Abacki (1 pkt) – Beata Babacka (0 pkt), różnica 1 pkt Dlaczego: grupa ma nieparzystą liczbę graczy (3)"
        ]
    );
    public.get(&format!("/lang/en?back=/t/{t}/round/2/why")).await;
    let en = public.get(&format!("/t/{t}/round/2/why")).await;
    let shown = Why::read(&en);
    assert_eq!(shown.headings.last().map(String::as_str), Some("Pairing criteria, most important first"));
    assert_eq!(shown.criteria[4], "the fewest pairs across score groups");
}
