//! The public pages' read model (`web::read_model`, cached per change stamp): never older than an
//! acknowledged write, in one server process or two on the same database; compressed for clients
//! that accept it; 304 for a matching `If-None-Match`; its indexes agree with plain scans of the rows.

use crate::helpers::*;
use crate::pages::exports::Csv;
use crate::pages::{Html, Match, PlayerPage, Round, Standings};
use bitwa::app::demo::{DemoSpec, create};
use bitwa::store::games::LogStatus;
use bitwa::store::rounds::Status;
use bitwa::store::view::{rows, stamps};
use bitwa::store::{self, TournamentId};
use bitwa::web::read_model::http::PageStore;
use bitwa::web::read_model::view::TournamentView;
use std::io::Read;

/// A published round 1 of four players and a referee: (tournament, referee, match id, player B id).
/// Game 1 of the match is in (Red, A, enters Warsaw: 21 points), and table 2 is played (23 and 12
/// points), so the round is finished once game 2 is in and the standings count it.
async fn round_in_play(app: &TestApp) -> (i64, Browser, i64, i64) {
    let (t, _admin, referee, _) =
        published_round(app, &[("swiss_rounds", "2"), ("knockout_size", "0")]).await;
    let round = crate::pages::Round::read(&referee.get(&format!("/t/{t}/round/1")).await);
    let m = round.lines[0].id;
    let form = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    let games = game_forms(&form.body, t);
    let saved = enter(&referee, t, (games[0].0, &games[0].1), "red", "warsaw-entered", "21").await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let m2 = round.lines[1].id;
    play_match(&referee, t, m2, [("red", "warsaw-entered", "23"), ("red", "radzymin-check", "12")]).await;
    // Table 1's row links its two players: A (Red in game 1), then B.
    let b = round.lines[0].other.unwrap();
    (t, referee, m, b)
}

/// Save game 2 of match `m` (Red: player B, wins at Radzymin with `points`); acknowledged by a 303.
async fn save_game_two(referee: &Browser, t: i64, m: i64, points: &str) {
    let form = referee.get(&format!("/ref/t/{t}/match/{m}")).await;
    let games = game_forms(&form.body, t);
    let saved = enter(referee, t, (games[1].0, &games[1].1), "red", "radzymin-check", points).await;
    assert_eq!(saved.status, 303, "save acknowledged: {}", saved.body);
}

/// Every public page and export that shows game 2's Red-side points, with how it must show them
/// when they are `points` (player A scored 21 commanding Red in game 1).
fn showing(t: i64, m: i64, b: i64, points: &str) -> Vec<(String, Shows)> {
    let shows = |reads| Shows { reads, m, b, points: points.to_string() };
    vec![
        (format!("/t/{t}/round/1"), shows(Reads::Round)),
        (format!("/t/{t}/match/{m}"), shows(Reads::Match)),
        (format!("/t/{t}/player/{b}"), shows(Reads::Player)),
        (format!("/t/{t}/standings"), shows(Reads::Standings)),
        (format!("/t/{t}/export/results"), shows(Reads::Matches(';'))),
        (format!("/t/{t}/export/results?sep=comma"), shows(Reads::Matches(','))),
        (format!("/t/{t}/export/pairings/1"), shows(Reads::Matches(';'))),
        (format!("/t/{t}/export/standings"), shows(Reads::StandingsCsv)),
    ]
}

/// Which page object reads a page of [`showing`].
#[derive(Debug, Clone, Copy)]
enum Reads {
    /// The round's line of match `m`: its Red-side points, `21:{points}`.
    Round,
    /// The match page's outcome line, the same.
    Match,
    /// Player B's page: the Red-side total.
    Player,
    /// The standings: player B's Red-side points tiebreak.
    Standings,
    /// A CSV of matches (results, pairings) with its separator: a line's Red-side points `21 : {points}`.
    Matches(char),
    /// The standings' CSV: a line's Red-side points.
    StandingsCsv,
}

/// What a page of [`showing`] must show.
#[derive(Debug, Clone)]
struct Shows {
    reads: Reads,
    m: i64,
    b: i64,
    points: String,
}

impl Shows {
    /// A failed test unless `page` (the answer for `path`) shows the points.
    fn check(&self, path: &str, page: &(impl Html + ?Sized)) {
        let (m, b, points) = (self.m, self.b, self.points.as_str());
        let both = format!("21:{points}");
        let ok = match self.reads {
            Reads::Round => Round::read(page).line(m).red_points == both,
            Reads::Match => Match::read(page).line.red_points == both,
            Reads::Player => PlayerPage::read(page).red_total == points,
            Reads::Standings => Standings::read(page).of(b).tiebreak("red_side_points") == points,
            Reads::Matches(sep) => Csv::read(page, sep)
                .column("Punkty za Czerwonych")
                .contains(&format!("21 : {points}").as_str()),
            Reads::StandingsCsv => Csv::read(page, ';').column("Punkty za Czerwonych").contains(&points),
        };
        assert!(ok, "{path} does not show {points} ({:?}):\n{}", self.reads, page.html());
    }
}

#[actix_rt::test]
async fn a_page_never_shows_a_result_older_than_the_last_acknowledged_write() {
    let app = TestApp::spawn().await;
    let (t, referee, m, b) = round_in_play(&app).await;
    let public = app.browser();
    let mut previous: Option<&str> = None;
    for points in ["10", "14", "10", "14", "18", "10"] {
        // Before the save every page is read (twice: the second answer comes from the cache) and
        // its entity tag kept, so that a stale cached body or a wrong 304 would show below.
        let mut tags = Vec::new();
        if let Some(old) = previous {
            for (path, expected) in showing(t, m, b, old) {
                expected.check(&path, &public.get(&path).await);
                let again = public.get(&path).await;
                expected.check(&path, &again);
                let tag = again.header("etag");
                assert!(!tag.is_empty(), "{path}: public pages carry an ETag");
                tags.push(tag);
            }
        }
        save_game_two(&referee, t, m, points).await;
        // The first request after the acknowledgement shows the new result everywhere.
        for (i, (path, expected)) in showing(t, m, b, points).into_iter().enumerate() {
            let page = public.get(&path).await;
            assert_eq!(page.status, 200, "{path}");
            expected.check(&path, &page);
            if let Some(tag) = tags.get(i) {
                let conditional = public.get_with(&path, &[("If-None-Match", tag)]).await;
                assert_eq!(conditional.status, 200, "{path}: the old ETag no longer matches");
                expected.check(&path, &conditional);
            }
        }
        previous = Some(points);
    }
}

#[actix_rt::test]
async fn a_second_server_process_on_the_same_database_shows_a_save_at_once() {
    let app = TestApp::spawn().await;
    let (t, referee, m, b) = round_in_play(&app).await;
    // Another server on the same database file: its own cache, the same stamps.
    let other = TestApp::spawn_with(app.dir.clone(), false).await;
    let public = other.browser();
    for points in ["10", "14", "18"] {
        for (path, _) in showing(t, m, b, points) {
            assert_eq!(public.get(&path).await.status, 200, "{path} cached in the other process");
        }
        save_game_two(&referee, t, m, points).await;
        for (path, expected) in showing(t, m, b, points) {
            expected.check(&path, &public.get(&path).await);
        }
    }
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("valid gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).expect("valid brotli");
    out
}

#[actix_rt::test]
async fn public_pages_come_compressed_for_clients_that_accept_it_and_304_when_unchanged() {
    let app = TestApp::spawn_with(fresh_dir(), true).await;
    let b = app.browser();
    let t = ids_after(&b.get("/").await.body, "/t/")[0];
    let round = b.get(&format!("/t/{t}/round/1")).await;
    let m = ids_after(&round.body, &format!("/t/{t}/match/"))[0];
    let p = ids_after(&round.body, &format!("/t/{t}/player/"))[0];
    let g = ids_after(&b.get(&format!("/t/{t}/match/{m}")).await.body, &format!("/t/{t}/game/"))[0];
    let mut pages = public_page_paths(t, p, m, g);
    for extra in ["export/results", "export/standings?sep=comma", "export/trf"] {
        pages.push(format!("/t/{t}/{extra}"));
    }
    for path in &pages {
        let plain = b.get(path).await;
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), "", "{path}: no Accept-Encoding, no encoding");
        let etag = plain.header("etag");
        assert!(etag.starts_with("W/\""), "{path} has a weak ETag: {etag:?}");
        assert!(plain.header("vary").contains("Accept-Encoding"), "{path}");
        assert_eq!(plain.header("cache-control"), "no-cache", "{path}");

        let br = b.get_with(path, &[("Accept-Encoding", "gzip, deflate, br")]).await;
        assert_eq!(br.header("content-encoding"), "br", "{path}");
        assert_eq!(unbrotli(&br.bytes), plain.bytes, "{path}: brotli decodes to the page");
        let gz = b.get_with(path, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(gz.header("content-encoding"), "gzip", "{path}");
        assert_eq!(gunzip(&gz.bytes), plain.bytes, "{path}: gzip decodes to the page");
        // HTML and CSV of this size shrink by a third at least.
        if plain.bytes.len() > 2000 {
            assert!(
                br.bytes.len() * 10 < plain.bytes.len() * 7,
                "{path}: {} -> {}",
                plain.bytes.len(),
                br.bytes.len()
            );
        }
        assert_eq!(br.header("etag"), etag, "{path}: one tag for every encoding");

        let unchanged = b.get_with(path, &[("If-None-Match", &etag), ("Accept-Encoding", "br")]).await;
        assert_eq!(unchanged.status, 304, "{path}");
        assert!(unchanged.bytes.is_empty(), "{path}: a 304 has no body");
        let other = b.get_with(path, &[("If-None-Match", "W/\"0000000000000000-0\"")]).await;
        assert_eq!(other.status, 200, "{path}: another tag gets the page");
    }

    // The stylesheet has a versioned name cached for a year; the plain name still works.
    let front = b.get(&format!("/t/{t}")).await;
    let href = front.body.split("rel=\"stylesheet\" href=\"/static/style.").nth(1).unwrap();
    let href = format!("/static/style.{}", &href[..href.find('"').unwrap()]);
    let href = href.as_str();
    assert!(href.starts_with("/static/style.") && href != "/static/style.css", "{href}");
    let css = b.get_with(href, &[("Accept-Encoding", "br")]).await;
    assert_eq!(css.status, 200);
    assert!(css.header("cache-control").contains("immutable"));
    assert!(String::from_utf8(unbrotli(&css.bytes)).unwrap().contains("body"));
    assert_eq!(b.get("/static/style.css").await.status, 200);
    assert_eq!(b.get("/static/style.0123456789ab.css").await.status, 404);

    // A logged-in organiser's pages are rendered per request and compressed by the middleware.
    let organiser = app.browser();
    organiser.login("organizator", "demo-organizator").await;
    let admin = organiser.get_with(&format!("/admin/t/{t}"), &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(admin.status, 200);
    assert_eq!(admin.header("content-encoding"), "gzip");
    assert!(String::from_utf8(gunzip(&admin.bytes)).unwrap().contains("organizator"));
    let personal = organiser.get(&format!("/t/{t}/standings")).await;
    assert_eq!(personal.header("cache-control"), "private, no-cache");
    assert_eq!(crate::pages::text_of(&personal, "a[href=/me]"), "organizator", "the organiser's own page");
    b.get(&format!("/t/{t}/standings")).await.assert_lacks("organizator");
}

#[actix_rt::test]
async fn the_views_indexes_agree_with_plain_scans_of_the_rows() {
    let dir = fresh_dir();
    let db = store::connect(&database_url_named(&dir, "view").await).await.unwrap();
    let spec = DemoSpec { players: 31, rounds: 3, complete: false, logged_matches_per_round: 2 };
    let (id, _) = create(&db, &spec).await.unwrap();
    let loaded = rows(&db, id).await.unwrap().expect("the demo tournament");
    assert_eq!(stamps(&db).await.unwrap()[&id], loaded.stamp, "rows come with the current stamp");
    assert!(rows(&db, TournamentId(id.0 + 1)).await.unwrap().is_none());
    let budget = bitwa::web::read_model::http::Budget::new(1 << 20);
    let view = TournamentView::build(loaded.clone(), PageStore::new(budget));

    let ids = |lines: Vec<&bitwa::web::read_model::lines::MatchLine>| {
        lines.iter().map(|l| l.id).collect::<Vec<_>>()
    };
    let public_round = |round_id| loaded.rounds.iter().any(|r| r.id == round_id && r.status != Status::Draft);
    for p in &loaded.players {
        let scanned: Vec<_> = loaded
            .matches
            .iter()
            .filter(|m| public_round(m.round_id) && (m.player_a == p.id || m.player_b == Some(p.id)))
            .map(|m| m.id)
            .collect();
        assert_eq!(ids(view.public_lines_of_player(p.id).collect()), scanned, "player {}", p.name);
        assert_eq!(scanned.len(), spec.rounds, "{} played or sat out every round", p.name);
        assert_eq!(view.standing_of(p.id).map(|s| s.player), Some(p.id));
    }
    for r in &loaded.rounds {
        let scanned: Vec<_> = loaded.matches.iter().filter(|m| m.round_id == r.id).map(|m| m.id).collect();
        assert_eq!(ids(view.lines_of_round(r).collect()), scanned, "round {}", r.number);
        assert_eq!(scanned.len(), spec.players.div_ceil(2), "31 players: 15 tables and a bye");
    }
    assert_eq!(view.standing_lines().len(), spec.players);
    assert_eq!(view.public_lines().count(), loaded.matches.len(), "all three rounds are public");
    for g in &loaded.games {
        let (line, game) = view.visible_game(g.id, false).expect("every game of a public round");
        assert_eq!((line.id, game.id, game.game_no), (g.match_id, g.id, g.game_no));
        let m = loaded.matches.iter().find(|m| m.id == g.match_id).unwrap();
        let expected_winner = match g.winner {
            Some(bitwa::outcome::Side::Red) => Some(g.red_player),
            Some(_) => [Some(m.player_a), m.player_b].into_iter().flatten().find(|&p| p != g.red_player),
            None => None,
        };
        let name = |p| loaded.players.iter().find(|x| x.id == p).map(|x| x.name.clone());
        assert_eq!(Some(game.winner_name.clone()).filter(|n| !n.is_empty()), expected_winner.and_then(name));
    }
    // Two full rounds of 15 tables, then half of the last round's 16 pairings (the bye included)
    // played: 8 tables; a move log on the first two tables of each round.
    let results = loaded.games.iter().filter(|g| g.winner.is_some()).count();
    assert_eq!(results, 2 * (15 + 15 + 8));
    assert_eq!(loaded.games.iter().filter(|g| g.log_status == LogStatus::Valid).count(), 2 * 2 * 3);
}

/// Cache keys from the parsed route (issue 23): 40 spellings of one tournament's standings (1 to 40
/// leading zeros), `+1` and `%73tandings` are sent to the canonical address and kept once; the other
/// tournament's cached pages stay where they were.
#[actix_rt::test]
async fn forty_spellings_of_one_page_leave_the_other_tournaments_cached_pages_in_place() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (a, b) = (create_tournament(&admin, &[]).await, create_tournament(&admin, &[]).await);
    for (t, name) in [(a, "Anna Pierwsza"), (a, "Bartek Drugi"), (b, "Celina Trzecia")] {
        register(&admin, t, name).await;
    }
    let visitor = app.browser();
    let other_pages = [format!("/t/{b}"), format!("/t/{b}/standings"), format!("/t/{b}/export/standings")];
    for path in &other_pages {
        assert_eq!(visitor.get(path).await.status, 200, "{path}");
    }
    assert_eq!(visitor.get(&format!("/t/{a}/standings")).await.status, 200);
    let kept_b = app.views.kept(TournamentId(b)).expect("b's view");
    let kept_a = app.views.kept(TournamentId(a)).expect("a's view");
    assert_eq!(kept_b.0, 3, "b's three pages are cached");

    let canonical = format!("/t/{a}/standings");
    let mut spellings: Vec<String> =
        (1..=40).map(|zeros| format!("/t/{}{a}/standings", "0".repeat(zeros))).collect();
    spellings.push(format!("/t/+{a}/standings"));
    spellings.push(format!("/t/{a}/%73tandings"));
    spellings.push(format!("/t/0{a}/export/standings?sep=comma"));
    for path in &spellings {
        let page = visitor.get(path).await;
        assert_eq!(page.status, 308, "{path} is sent to its canonical address");
        let location = page.location.clone().unwrap_or_default();
        assert!(
            location == canonical || location == format!("/t/{a}/export/standings?sep=comma"),
            "{path} -> {location}"
        );
    }
    assert_eq!(app.views.kept(TournamentId(a)), Some(kept_a), "no spelling added a page to a's cache");
    assert_eq!(app.views.kept(TournamentId(b)), Some(kept_b), "b's cached pages are all still there");
    // And the canonical page is the one cached: the redirect's target answers from it.
    assert_eq!(visitor.get(&canonical).await.status, 200);
    assert_eq!(app.views.kept(TournamentId(a)), Some(kept_a));
}

/// The read models skip the stamp query while SQLite's change token stands (`store::changes`):
/// reads leave it as it is, and a commit by another connection pool on the same file (another
/// process's, as far as the file knows) moves it for this one at once. On PostgreSQL there is no
/// token, so every page asks the database.
#[actix_rt::test]
async fn the_change_token_moves_with_every_commit_on_the_file_and_only_then() {
    let dir = fresh_dir();
    let url = database_url(&dir).await;
    let here = store::Store::connect(&url).await.expect("database");
    let there = store::Store::connect(&url).await.expect("database, a second pool");
    if postgres_url().is_some() {
        assert_eq!(here.change_token(), None, "no token on PostgreSQL: every page asks");
        return;
    }
    let before = here.change_token().expect("a token on SQLite");
    assert_eq!(there.change_token(), Some(before), "both pools read one file");
    for _ in 0..3 {
        store::users::count(&here).await.expect("a read");
        store::users::by_username(&there, "nobody").await.expect("a read");
    }
    assert_eq!(here.change_token(), Some(before), "reads commit nothing");
    store::users::create(&there, "token-test", "hash", false).await.expect("a write");
    let after = here.change_token().expect("a token");
    assert_ne!(after, before, "the other pool's commit moved the token here");
    assert_eq!(there.change_token(), Some(after));
    store::users::create(&here, "token-test-2", "hash", false).await.expect("a write");
    assert_ne!(there.change_token(), Some(after), "and this pool's commit there");
    here.close().await;
    there.close().await;
}

/// The fast path of a shared page (`read_model::hot`): the second anonymous request is answered
/// from what the first left, byte for byte the same answer; a language cookie, a session or another
/// encoding are never answered with another visitor's answer; and a write in this
/// process, or in another one on the same file, is on the next request.
#[actix_rt::test]
async fn the_fast_path_answers_as_the_whole_way_did_and_never_after_a_write() {
    let app = TestApp::spawn().await;
    let (t, referee, m, b) = round_in_play(&app).await;
    let public = app.browser();
    let standings = format!("/t/{t}/standings");
    let br = [("Accept-Encoding", "br, gzip")];
    let first = public.get_with(&standings, &br).await;
    assert_eq!(first.status, 200);
    let second = public.get_with(&standings, &br).await;
    if postgres_url().is_none() {
        assert!(app.hot.kept() >= 1, "the first answer was kept");
    }
    assert_eq!(second.bytes, first.bytes, "the same bytes");
    let without_date = |p: &Page| {
        let mut h: Vec<(String, String)> = p
            .headers
            .iter()
            .filter(|(n, _)| n.as_str() != "date")
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        h.sort();
        h
    };
    assert_eq!(without_date(&second), without_date(&first), "the same headers");
    assert_eq!(second.header("content-encoding"), "br");
    assert_eq!(second.header("content-security-policy"), bitwa::web::security::headers::CSP);

    // Another language, another encoding, a query, a logged-in visitor: each gets its own answer.
    let english = app.browser();
    english.set_cookie("lang", Some("en"));
    let en = english.get_with(&standings, &br).await;
    assert_ne!(en.header("etag"), first.header("etag"), "the English page is not the Polish one");
    assert!(String::from_utf8(unbrotli(&en.bytes)).unwrap().contains("<html lang=\"en\""), "in English");
    let gz = public.get_with(&standings, &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(gz.header("content-encoding"), "gzip");
    assert_eq!(gunzip(&gz.bytes), unbrotli(&first.bytes));
    let plain = public.get(&standings).await;
    assert_eq!(plain.header("content-encoding"), "");
    assert_eq!(plain.bytes, unbrotli(&first.bytes));
    let personal = referee.get_with(&standings, &br).await;
    assert_eq!(personal.header("cache-control"), "private, no-cache", "the referee's own page");
    let head = public.head(&standings).await;
    assert_eq!((head.status, head.bytes.len()), (200, 0), "HEAD: the headers only");

    // A write in this process: the next anonymous request shows it, in every encoding.
    for points in ["10", "14"] {
        for (path, _) in showing(t, m, b, points) {
            public.get_with(&path, &br).await;
            public.get_with(&path, &br).await;
        }
        save_game_two(&referee, t, m, points).await;
        for (path, expected) in showing(t, m, b, points) {
            let page = public.get_with(&path, &br).await;
            assert_eq!(page.status, 200, "{path}");
            let text = match page.header("content-encoding").as_str() {
                "br" => unbrotli(&page.bytes),
                _ => page.bytes.clone(),
            };
            let text = String::from_utf8(text).unwrap();
            expected.check(&path, &text);
        }
    }

    // A write in another process on the same database: the same.
    let other = TestApp::spawn_with(app.dir.clone(), false).await;
    for points in ["18", "10"] {
        let there = other.browser();
        for (path, _) in showing(t, m, b, "x") {
            there.get(&path).await;
            there.get(&path).await;
        }
        if postgres_url().is_none() {
            assert!(other.hot.kept() >= 1, "the other process keeps its answers too");
        }
        let other_referee = Browser::with_cookies_of(&referee, &other.base);
        save_game_two(&other_referee, t, m, points).await;
        for (path, expected) in showing(t, m, b, points) {
            expected.check(&path, &public.get(&path).await);
            expected.check(&path, &there.get(&path).await);
            expected.check(&path, &there.get(&path).await);
        }
    }
}
