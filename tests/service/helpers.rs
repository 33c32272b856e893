//! The harness: start the app, a cookie-keeping client, form posting with the page's CSRF token.

use bitwa::web::{Application, Settings};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A running app on a loopback port with its own database file.
pub struct TestApp {
    pub base: String,
    pub dir: PathBuf,
    pub db_url: String,
    pub admin_password: String,
    pub logins: Vec<(String, String)>,
    /// The app's read models and cached pages (what is kept, for the cache tests).
    pub views: actix_web::web::Data<bitwa::web::read_model::cache::Views>,
    /// The answers of the public pages' fast path (`read_model::hot`).
    pub hot: std::sync::Arc<bitwa::web::read_model::hot::HotPages>,
    handle: actix_web::dev::ServerHandle,
}

#[path = "../support/scratch.rs"]
mod scratch;
pub use scratch::{database_url_named, postgres_url};

/// A fresh folder for one test (its database file, uploads, backups), unique per test.
pub fn fresh_dir() -> PathBuf {
    scratch::fresh_dir("service")
}

/// The password in the test server's URL, if the suite runs on PostgreSQL: nothing the service
/// prints may contain it.
pub fn postgres_password() -> Option<String> {
    let url = postgres_url()?;
    let user_info = url.split_once("://")?.1.rsplit_once('@')?.0;
    Some(user_info.split_once(':')?.1.to_string())
}

/// The database of a test's folder: the SQLite file `dir/bitwa.db`, or on PostgreSQL a database of
/// its own named after the folder (created on first use, so a restart on the same folder finds its
/// data again).
pub async fn database_url(dir: &Path) -> String {
    database_url_named(dir, "bitwa").await
}

/// A direct connection to a test's database, whichever backend it is (for reading what the app
/// stored behind its pages). Queries go through [`on_db!`], written once with `$n` placeholders.
pub enum TestDb {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

/// Run one query on a [`TestDb`]: `on_db!(&db, |c| sqlx::query_as("…").fetch_one(c).await)`.
macro_rules! on_db {
    ($db:expr, |$c:ident| $body:expr) => {
        match $db {
            $crate::helpers::TestDb::Sqlite($c) => $body,
            $crate::helpers::TestDb::Postgres($c) => $body,
        }
    };
}
pub(crate) use on_db;

impl TestDb {
    pub async fn open(url: &str) -> TestDb {
        if url.starts_with("sqlite:") {
            TestDb::Sqlite(sqlx::SqlitePool::connect(url).await.unwrap())
        } else {
            TestDb::Postgres(sqlx::PgPool::connect(url).await.unwrap())
        }
    }

    pub async fn close(&self) {
        match self {
            TestDb::Sqlite(p) => p.close().await,
            TestDb::Postgres(p) => p.close().await,
        }
    }
}

impl TestApp {
    /// Start a fresh app (new database).
    pub async fn spawn() -> TestApp {
        Self::spawn_with(fresh_dir(), false).await
    }

    /// Start the app on an existing folder (a restart keeps the database file).
    pub async fn spawn_with(dir: PathBuf, demo: bool) -> TestApp {
        Self::spawn_configured(dir, demo, |_| {}).await
    }

    /// Start a fresh app with settings changed by `change` (short session timeouts, https, ...).
    pub async fn spawn_settings(change: impl FnOnce(&mut Settings)) -> TestApp {
        Self::spawn_configured(fresh_dir(), false, change).await
    }

    /// Start the app on a folder with settings changed by `change`.
    pub async fn spawn_configured(dir: PathBuf, demo: bool, change: impl FnOnce(&mut Settings)) -> TestApp {
        let db_url = database_url(&dir).await;
        let mut settings = Settings {
            database_url: db_url.clone(),
            bind: "127.0.0.1:0".into(),
            demo,
            workers: Some(1),
            ..Settings::default()
        };
        change(&mut settings);
        let app = Application::build(&settings).await.expect("app builds");
        let base = format!("http://127.0.0.1:{}", app.port());
        let admin_password = app
            .logins()
            .iter()
            .find(|l| l.username == "admin")
            .map(|l| l.password.clone())
            .unwrap_or_default();
        let logins = app.logins().iter().map(|l| (l.username.clone(), l.password.clone())).collect();
        let handle = app.handle();
        let views = app.views().clone();
        let hot = app.hot();
        actix_rt::spawn(app.run_until_stopped());
        TestApp { base, dir, db_url, admin_password, logins, views, hot, handle }
    }

    /// Stop the server (the database file stays).
    pub async fn stop(self) -> PathBuf {
        self.handle.stop(true).await;
        self.dir.clone()
    }

    pub fn browser(&self) -> Browser {
        Browser::new(&self.base)
    }

    /// A browser logged in as the first organiser.
    pub async fn admin(&self) -> Browser {
        let b = self.browser();
        b.login("admin", &self.admin_password).await;
        b
    }
}

/// One HTTP response, read whole.
#[derive(Debug)]
pub struct Page {
    pub status: u16,
    pub location: Option<String>,
    pub content_type: String,
    pub body: String,
    pub bytes: Vec<u8>,
    pub headers: awc::http::header::HeaderMap,
}

impl Page {
    /// A response header's value ("" if absent).
    pub fn header(&self, name: &str) -> String {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string()
    }

    /// Every `Set-Cookie` header.
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers.get_all("set-cookie").filter_map(|v| v.to_str().ok().map(str::to_string)).collect()
    }
}

impl Page {
    #[track_caller]
    pub fn assert_ok(&self) -> &Self {
        assert!(self.status == 200 || self.status == 303, "status {}: {}", self.status, self.body);
        self
    }

    #[track_caller]
    pub fn assert_contains(&self, needle: &str) -> &Self {
        assert!(self.body.contains(needle), "page lacks {needle:?}:\n{}", self.body);
        self
    }

    #[track_caller]
    pub fn assert_lacks(&self, needle: &str) -> &Self {
        assert!(!self.body.contains(needle), "page should not contain {needle:?}:\n{}", self.body);
        self
    }
}

/// One part of a `multipart/form-data` body: a text field (name, value) or a file (field name, file
/// name, bytes).
pub enum Part<'a> {
    Field(&'a str, &'a str),
    File(&'a str, &'a str, &'a [u8]),
}

/// A client that keeps cookies like a browser and does not follow redirects by itself.
pub struct Browser {
    base: String,
    client: awc::Client,
    cookies: RefCell<BTreeMap<String, String>>,
    csrf: RefCell<Option<String>>,
}

impl Browser {
    pub fn new(base: &str) -> Browser {
        let client =
            awc::Client::builder().disable_redirects().timeout(std::time::Duration::from_secs(60)).finish();
        Browser { base: base.to_string(), client, cookies: RefCell::default(), csrf: RefCell::default() }
    }

    /// A browser whose connections come from `ip` (any 127.x.y.z on Linux): another device.
    pub fn from_address(base: &str, ip: &str) -> Browser {
        let client = awc::Client::builder()
            .local_address(ip.parse().unwrap())
            .disable_redirects()
            .timeout(std::time::Duration::from_secs(60))
            .finish();
        Browser { base: base.to_string(), client, cookies: RefCell::default(), csrf: RefCell::default() }
    }

    /// A cookie this browser holds.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.cookies.borrow().get(name).cloned()
    }

    /// Set (or with `None`, drop) a cookie by hand: a copied or forged cookie.
    pub fn set_cookie(&self, name: &str, value: Option<&str>) {
        let mut jar = self.cookies.borrow_mut();
        match value {
            Some(v) => jar.insert(name.to_string(), v.to_string()),
            None => jar.remove(name),
        };
    }

    /// Forget the CSRF token read from the last page (after a login or a password change).
    pub fn forget_token(&self) {
        *self.csrf.borrow_mut() = None;
    }

    /// A `HEAD` request.
    pub async fn head(&self, path: &str) -> Page {
        self.send(self.client.head(format!("{}{path}", self.base)), None).await
    }

    fn cookie_header(&self) -> String {
        self.cookies.borrow().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn remember(&self, page_cookies: Vec<String>) {
        let mut jar = self.cookies.borrow_mut();
        for raw in page_cookies {
            let first = raw.split(';').next().unwrap_or("");
            let Some((name, value)) = first.split_once('=') else { continue };
            let expired = raw.to_ascii_lowercase().contains("max-age=0");
            if value.is_empty() || expired {
                jar.remove(name.trim());
            } else {
                jar.insert(name.trim().to_string(), value.trim().to_string());
            }
        }
    }

    async fn send(&self, req: awc::ClientRequest, form: Option<String>) -> Page {
        self.send_typed(req, form.map(|f| (f.into_bytes(), "application/x-www-form-urlencoded".to_string())))
            .await
    }

    async fn send_typed(&self, req: awc::ClientRequest, body: Option<(Vec<u8>, String)>) -> Page {
        let req = req.insert_header(("Cookie", self.cookie_header()));
        let mut res = match body {
            Some((body, content_type)) => {
                req.insert_header(("Content-Type", content_type)).send_body(body).await.expect("request sent")
            }
            None => req.send().await.expect("request sent"),
        };
        let set_cookies: Vec<String> =
            res.headers().get_all("set-cookie").filter_map(|v| v.to_str().ok().map(str::to_string)).collect();
        self.remember(set_cookies);
        let location = res.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_string);
        let headers = res.headers().clone();
        let content_type =
            res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let bytes = res.body().limit(16 * 1024 * 1024).await.expect("body read").to_vec();
        let body = String::from_utf8_lossy(&bytes).into_owned();
        if let Some(token) = csrf_in(&body) {
            *self.csrf.borrow_mut() = Some(token);
        }
        Page { status: res.status().as_u16(), location, content_type, body, bytes, headers }
    }

    /// GET a path (no redirect followed).
    pub async fn get(&self, path: &str) -> Page {
        self.send(self.client.get(format!("{}{path}", self.base)), None).await
    }

    /// GET a path with extra request headers (content negotiation, conditional requests).
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Page {
        let mut req = self.client.get(format!("{}{path}", self.base));
        for &(name, value) in headers {
            req = req.insert_header((name, value));
        }
        self.send(req, None).await
    }

    /// POST a form with the session's CSRF token added.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut all: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    /// POST a form with the session's CSRF token and extra request headers (a `Referer`).
    pub async fn post_with(&self, path: &str, fields: &[(&str, &str)], headers: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut all: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
        all.extend_from_slice(fields);
        let mut req = self.client.post(format!("{}{path}", self.base));
        for &(name, value) in headers {
            req = req.insert_header((name, value));
        }
        self.send(req, Some(serde_urlencoded::to_string(&all).unwrap())).await
    }

    /// POST exactly these fields (no token added: CSRF tests).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.send(self.client.post(format!("{}{path}", self.base)), Some(body)).await
    }

    /// POST a `multipart/form-data` form (with the CSRF token) and one file field.
    pub async fn post_multipart(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &str),
    ) -> Page {
        let token = self.csrf_token().await;
        self.post_multipart_with(path, &token, fields, file).await
    }

    /// The same with a given CSRF token (CSRF tests).
    pub async fn post_multipart_with(
        &self,
        path: &str,
        token: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &str),
    ) -> Page {
        let boundary = "----bitwa-test-boundary-7MA4YWxkTrZu0gW";
        let mut body = String::new();
        for (k, v) in std::iter::once(&("csrf", token)).chain(fields) {
            body.push_str(&format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
            ));
        }
        let (name, filename, content) = file;
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: text/plain\r\n\r\n{content}\r\n--{boundary}--\r\n"
        ));
        let content_type = format!("multipart/form-data; boundary={boundary}");
        self.send_typed(
            self.client.post(format!("{}{path}", self.base)),
            Some((body.into_bytes(), content_type)),
        )
        .await
    }

    /// POST `multipart/form-data` with exactly these parts in this order (no token added: put
    /// `Part::Field("csrf", token)` where the test wants it). Files may be binary (a zip).
    pub async fn post_parts(&self, path: &str, parts: &[Part<'_>]) -> Page {
        let boundary = "----bitwa-test-boundary-parts-Q2xYz";
        let mut body: Vec<u8> = Vec::new();
        for part in parts {
            match part {
                Part::Field(name, value) => body.extend_from_slice(
                    format!(
                        "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                    )
                    .as_bytes(),
                ),
                Part::File(name, filename, bytes) => {
                    body.extend_from_slice(
                        format!(
                            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                        )
                        .as_bytes(),
                    );
                    body.extend_from_slice(bytes);
                    body.extend_from_slice(b"\r\n");
                }
            }
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let content_type = format!("multipart/form-data; boundary={boundary}");
        self.send_typed(self.client.post(format!("{}{path}", self.base)), Some((body, content_type))).await
    }

    /// POST a body exactly as given, with its content type (malformed and oversized bodies).
    pub async fn post_body(&self, path: &str, body: String, content_type: &str) -> Page {
        self.send_typed(
            self.client.post(format!("{}{path}", self.base)),
            Some((body.into_bytes(), content_type.to_string())),
        )
        .await
    }

    /// POST, then follow the 303 to the page it names.
    pub async fn post_follow(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        let page = self.post(path, fields).await;
        assert_eq!(page.status, 303, "expected a redirect from {path}: {}", page.body);
        self.get(page.location.as_deref().unwrap()).await
    }

    /// The session's CSRF token, read from a page with a form (the login page has one).
    pub async fn csrf_token(&self) -> String {
        if let Some(t) = self.csrf.borrow().clone() {
            return t;
        }
        let page = self.get("/login").await;
        csrf_in(&page.body).expect("login page has a CSRF token")
    }

    pub async fn login(&self, username: &str, password: &str) {
        let page = self.post("/login", &[("username", username), ("password", password)]).await;
        assert_eq!(page.status, 303, "login as {username} failed: {}", page.body);
        // The session was renewed with a fresh token: read it again.
        *self.csrf.borrow_mut() = None;
        self.get("/me").await.assert_ok();
    }
}

/// The CSRF token in a page's first form, if any.
pub fn csrf_in(body: &str) -> Option<String> {
    // Most responses have no form (exports, assets): not worth reading as a page.
    if !body.contains("name=\"csrf\"") {
        return None;
    }
    crate::pages::first(body, "input[name=csrf]").and_then(|i| i.attr("value").map(str::to_string))
}

/// Today's tournament form with overrides.
pub fn tournament_form<'a>(overrides: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields: Vec<(&str, &str)> = vec![
        ("name", "Liga Testowa"),
        ("venue", "Warszawa"),
        ("first_day", "2026-05-09"),
        ("last_day", "2026-05-09"),
        ("swiss_rounds", "3"),
        ("knockout_size", "4"),
        ("third_place", "1"),
        ("score_win", "2"),
        ("score_draw", "1"),
        ("score_loss", "0"),
        ("score_bye", "2"),
        (
            "tiebreaks",
            "direct_encounter,buchholz_cut1,buchholz,sonneborn_berger,games_won,red_side_points,knowledge_test",
        ),
        ("time_control_secs", "900"),
    ];
    for (k, v) in overrides {
        fields.retain(|(key, _)| key != k);
        fields.push((k, v));
    }
    fields
}

/// Create a tournament as `b` (an organiser); its id.
pub async fn create_tournament(b: &Browser, overrides: &[(&str, &str)]) -> i64 {
    let page = b.post("/admin/new", &tournament_form(overrides)).await;
    assert_eq!(page.status, 303, "{}", page.body);
    let loc = page.location.unwrap();
    loc.trim_start_matches("/admin/t/").parse().unwrap()
}

/// Register a player (birth date making them 16 on the default first day); the player's id.
pub async fn register(b: &Browser, t: i64, name: &str) -> i64 {
    let page = b
        .post(
            &format!("/admin/t/{t}/players"),
            &[("name", name), ("birth_date", "2010-01-15"), ("club", "LO 1")],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    player_id(&b.get(&format!("/admin/t/{t}")).await.body, name)
}

/// The id of the newest player called `name` on the organiser's page (its player list, in
/// registration order).
pub fn player_id(admin_page: &str, name: &str) -> i64 {
    crate::pages::Overview::read(admin_page).player(name).id
}

impl Browser {
    /// A browser pointing at `base` with the cookies of `other` (the same person after a restart).
    pub fn with_cookies_of(other: &Browser, base: &str) -> Browser {
        let b = Browser::new(base);
        *b.cookies.borrow_mut() = other.cookies.borrow().clone();
        b
    }
}

/// The numbers a page names after `prefix`, in order, without repeats. `prefix` is either the
/// start of an address (`/t/`, read in every link's and form's address: `/admin/t/3` gives 3 too)
/// or one attribute with the start of its value (`href="/t/`, `data-invitation="`, `data-pair="7-`),
/// read from the tags that have it.
pub fn ids_after(body: &str, prefix: &str) -> Vec<i64> {
    let parts: Vec<String> = match prefix.split_once("=\"") {
        Some((attr, start)) if !attr.contains([' ', '"']) => crate::pages::html::attribute_values(body, attr)
            .into_iter()
            .filter_map(|v| v.strip_prefix(start).map(str::to_string))
            .collect(),
        _ if prefix.starts_with('/') => crate::pages::html::addresses(body)
            .iter()
            .flat_map(|a| a.split(prefix).skip(1).map(str::to_string).collect::<Vec<_>>())
            .collect(),
        _ => panic!("ids_after reads an address (/…) or one attribute (name=\"…), not {prefix:?}"),
    };
    let mut out = Vec::new();
    for part in parts {
        let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse::<i64>()
            && !out.contains(&n)
        {
            out.push(n);
        }
    }
    out
}

/// The result forms on a referee match page: (game id, version), in page order.
pub fn game_forms(body: &str, t: i64) -> Vec<(i64, String)> {
    crate::pages::select(body, "section.game[data-game]")
        .iter()
        .filter_map(|section| {
            let id: i64 = section.num("data-game");
            let form = section.first("form")?;
            assert!(form.get("action").starts_with(&format!("/ref/t/{t}/game/{id}/")), "{form:?}");
            Some((id, form.one("input[name=version]").get("value").to_string()))
        })
        .collect()
}

/// Enter a typed result for one game.
pub async fn enter(
    b: &Browser,
    t: i64,
    game: (i64, &str),
    winner: &str,
    termination: &str,
    red_points: &str,
) -> Page {
    b.post(
        &format!("/ref/t/{t}/game/{}", game.0),
        &[("version", game.1), ("winner", winner), ("termination", termination), ("red_points", red_points)],
    )
    .await
}

/// Appoint a referee to tournament `t` (a new account, or an existing one with `password` empty), as
/// the organiser `admin`.
pub async fn appoint(admin: &Browser, t: i64, username: &str, password: &str) -> Page {
    admin.post(&format!("/admin/t/{t}/referees"), &[("username", username), ("password", password)]).await
}

/// Withdraw a player, confirmed, at the player's `version`.
pub async fn withdraw(admin: &Browser, t: i64, player: i64, version: &str) -> Page {
    admin
        .post(
            &format!("/admin/t/{t}/players/{player}"),
            &[("version", version), ("action", "withdraw"), ("confirm", "1")],
        )
        .await
}

/// Record a deck check of a match: the set's label and both decks' counts.
pub async fn deck_check(b: &Browser, t: i64, m: i64, set_label: &str, red: &str, polish: &str) -> Page {
    b.post(
        &format!("/ref/t/{t}/match/{m}/deck"),
        &[("set_label", set_label), ("red_count", red), ("polish_count", polish)],
    )
    .await
}

/// Submit a move log for one game (the result form's paste box, nothing typed), as `b`.
pub async fn submit_log(b: &Browser, t: i64, game: &(i64, String), log: &str) -> Page {
    b.post(&format!("/ref/t/{t}/game/{}", game.0), &[("version", game.1.as_str()), ("log", log)]).await
}

/// Enter both games of match `m` as typed results, each (winner, termination, Red-side points), as
/// `referee`; each must be saved.
pub async fn play_match(referee: &Browser, t: i64, m: i64, games: [(&str, &str, &str); 2]) {
    let forms = game_forms(&referee.get(&format!("/ref/t/{t}/match/{m}")).await.body, t);
    assert_eq!(forms.len(), 2, "two games per match");
    for (form, (winner, termination, red_points)) in forms.iter().zip(games) {
        let r = enter(referee, t, (form.0, &form.1), winner, termination, red_points).await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
}

/// The walkover form's version on a referee match page.
pub fn forfeit_version(page: &str) -> String {
    crate::pages::input(page, "form#forfeit-form", "version")
}

/// Round 1 of event `t` paired, published, played (Red wins every game) and locked, then the event
/// closed: a finished event of a season, each step checked.
pub async fn play_one_round_and_close(admin: &Browser, referee: &Browser, t: i64) {
    assert_eq!(admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.status, 303);
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.status, 303);
    play_round_red_first_wins(referee, t, 1).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let closed = admin.post(&format!("/admin/t/{t}/event/close"), &[]).await;
    assert_eq!(closed.status, 303, "{}", crate::pages::page_text(&closed));
}

/// Play every open match of the round shown at `round_path` so that the player commanding Red in
/// game 1 wins 1:1 on Red-side points (21 against 10).
pub async fn play_round_red_first_wins(referee: &Browser, t: i64, round: i64) {
    let page = referee.get(&format!("/t/{t}/round/{round}")).await;
    for m in ids_after(&page.body, &format!("/ref/t/{t}/match/")) {
        play_match(referee, t, m, [("red", "warsaw-entered", "21"), ("red", "radzymin-check", "10")]).await;
    }
}

/// Four players, a referee `sedzia` / `sedzia-haslo`, round 1 published: (tournament, organiser,
/// referee, the round's matches). See `setup::Day` for other days.
pub async fn published_round(app: &TestApp, overrides: &[(&str, &str)]) -> (i64, Browser, Browser, Vec<i64>) {
    let day = crate::setup::Day::new(app).config(overrides).players(4).referee().published().open().await;
    assert_eq!(day.matches.len(), 2, "four players: two tables");
    day.into_parts()
}

/// History rows of `entity` with `action`, read from the database: (entity id, old value, new value).
pub async fn history_rows(app: &TestApp, entity: &str, action: &str) -> Vec<(i64, String, String)> {
    let db = TestDb::open(&app.db_url).await;
    let rows = on_db!(&db, |c| {
        sqlx::query_as(
        "SELECT entity_id, old_value, new_value FROM history WHERE entity = $1 AND action = $2 ORDER BY id",
    )
    .bind(entity)
    .bind(action)
    .fetch_all(c)
    .await
    })
    .unwrap();
    db.close().await;
    rows
}

/// The problem shown beside the form field `name` (the `field-error` inside the field's label), if
/// any: a refused form comes back with each problem next to its field.
pub fn field_error(body: &str, name: &str) -> Option<String> {
    let selector = format!("[name={name}]");
    let label = crate::pages::select(body, "label").into_iter().find(|l| l.first(&selector).is_some())?;
    label.first(".field-error").map(|e| e.text())
}

/// The value a form field shows (`value="…"` of an input, the text of a textarea), as typed.
pub fn field_value(body: &str, name: &str) -> Option<String> {
    let field = crate::pages::first(body, &format!("[name={name}]"))?;
    if field.tag == "textarea" {
        return Some(crate::pages::html::decode(&field.inner));
    }
    field.attr("value").map(str::to_string)
}

/// The public pages of tournament `t` every visitor may read (home, tournament, pairings and their
/// reasons for round 1, standings, bracket, a player, a match, a game); tests add exports and the
/// live page as they need.
pub fn public_page_paths(t: i64, player: i64, m: i64, g: i64) -> Vec<String> {
    vec![
        "/".to_string(),
        format!("/t/{t}"),
        format!("/t/{t}/round/1"),
        format!("/t/{t}/round/1/why"),
        format!("/t/{t}/standings"),
        format!("/t/{t}/bracket"),
        format!("/t/{t}/player/{player}"),
        format!("/t/{t}/match/{m}"),
        format!("/t/{t}/game/{g}"),
    ]
}

/// The value of the `<option>` labelled `label` on a page.
pub fn option_value(body: &str, label: &str) -> i64 {
    let option = crate::pages::select(body, "option").into_iter().find(|o| o.text() == label);
    option.unwrap_or_else(|| panic!("option {label}")).num("value")
}

/// A season "Liga 2026" (1 April to 30 June 2026, born 2006-2012, the default levels and the 16
/// voivodeships) created from the form by `admin`: the coordinator's page and the season's id.
pub async fn create_season(admin: &Browser) -> (String, i64) {
    let fields = [
        ("name", "Liga 2026"),
        ("first_day", "2026-04-01"),
        ("last_day", "2026-06-30"),
        ("years_from", "2006"),
        ("years_to", "2012"),
    ];
    let created = admin.post("/admin/seasons", &fields).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let desk = created.location.clone().unwrap();
    let season = desk.trim_start_matches("/admin/season/").parse().unwrap();
    (desk, season)
}

/// Tournament `t` added to `season` from its coordinator's page, at the level named `level`, in
/// the region named `region` (`None`: the whole country, the final), its top `places` qualifying.
pub async fn add_season_event(
    admin: &Browser,
    season: i64,
    t: i64,
    level: &str,
    region: Option<&str>,
    places: &str,
) {
    let page = admin.get(&format!("/admin/season/{season}")).await;
    let level = option_value(&page.body, level).to_string();
    let region = region.map(|r| option_value(&page.body, r).to_string()).unwrap_or_default();
    let t = t.to_string();
    let fields = [("tournament", t.as_str()), ("level", &level), ("region", &region), ("places", places)];
    let added = admin.post(&format!("/admin/season/{season}/events"), &fields).await;
    assert_eq!(added.status, 303, "{}", added.body);
}
