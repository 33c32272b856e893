//! Building and running the HTTP server; the route table lives here, in one place.

use crate::app::accounts::Login;
use crate::app::{AppError, demo};
use crate::store::{self, Store, StoreError};
use crate::web::forms::field::BODY_LIMIT;
use crate::web::routes::admin::{
    desk, editions, entries as admin_entries, erasure as admin_erasure, invitations,
    persons as admin_persons, privacy, proposals, rounds, season as admin_season, stages,
};
use crate::web::routes::public::{
    bracket, cards, exports, game, group, home, live, logs, matches, names, person, player, round, season,
    season_ranking, standings, why,
};
use crate::web::routes::{account, admin, entries, online, recorder, referee};
use crate::web::security::bodies::{self, BodyLimits};
use crate::web::security::hashing::Hasher;
use crate::web::security::mac::{Secret, random_hex};
use crate::web::security::session::SessionConfig;
use crate::web::security::{auth, guard, headers, session};
use crate::web::settings::Settings;
use crate::web::{assets, error::WebError};
use actix_web::dev::{Server, Service};
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web};
use std::net::TcpListener;

/// Logins waiting for a hashing thread, per thread (past that, 503 at once).
const HASH_QUEUE_PER_THREAD: usize = 16;

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("cannot listen on {bind}: {source}")]
    Bind { bind: String, source: std::io::Error },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Web(#[from] WebError),
    #[error("{0}")]
    App(#[from] AppError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("BITWA_SMTP_URL: {0}")]
    Smtp(String),
}

/// The bound, ready-to-run service.
pub struct Application {
    port: u16,
    server: Server,
    db: Store,
    views: web::Data<crate::web::read_model::cache::Views>,
    hot: std::sync::Arc<crate::web::read_model::hot::HotPages>,
    logins: Vec<Login>,
}

impl Application {
    /// Bind the listener, open and migrate the database, create the first organiser on first start,
    /// load the demo if asked, and build the server (not yet running).
    ///
    /// # Errors
    /// The address cannot be bound, the database cannot be opened or migrated.
    pub async fn build(settings: &Settings) -> Result<Self, StartupError> {
        let listener = TcpListener::bind(&settings.bind)
            .map_err(|source| StartupError::Bind { bind: settings.bind.clone(), source })?;
        let port = listener.local_addr()?.port();
        let db = store::connect(&settings.database_url).await?;
        let mut logins = Vec::new();
        if let Some((username, password)) = auth::ensure_first_organiser(&db).await? {
            logins.push(Login { role: "organiser (first start)", username, password });
        }
        if settings.demo {
            logins.extend(demo::load(&db).await?);
        }
        start_retention(db.clone(), settings.retention_every);
        let smtp = settings
            .smtp_url
            .as_deref()
            .map(crate::app::mail::Smtp::parse)
            .transpose()
            .map_err(StartupError::Smtp)?;
        let mail_on = web::Data::new(crate::web::routes::entries::mail::MailOn(smtp.is_some()));
        if let Some(smtp) = smtp {
            actix_web::rt::spawn(crate::app::mail::run(db.clone(), smtp));
        }
        let secret = server_secret(&db).await?;
        let sessions = web::Data::new(SessionConfig {
            idle_secs: i64::try_from(settings.session_idle.as_secs()).unwrap_or(i64::MAX),
            absolute_secs: i64::try_from(settings.session_absolute.as_secs()).unwrap_or(i64::MAX),
            secure: settings.https(),
            secret,
            trust_proxy: settings.trust_proxy,
        });
        let threads = crate::web::security::hashing::threads(settings.hash_threads);
        let hasher =
            web::Data::new(Hasher::start(threads, threads * HASH_QUEUE_PER_THREAD, settings.hash_deadline)?);
        let data = web::Data::new(db.clone());
        let views = web::Data::new(crate::web::read_model::cache::Views::default());
        let views_kept = views.clone();
        let outage = web::Data::from(views.outage());
        let bodies = web::Data::new(BodyLimits::new(settings.body_deadline, settings.body_budget));
        let edition_cache = web::Data::new(crate::app::editions::cache::EditionCache::default());
        let season_pages = web::Data::new(crate::web::read_model::season_pages::SeasonPages::default());
        let person_pages = web::Data::new(crate::web::read_model::season_pages::PersonPages::default());
        let public_url = web::Data::new(crate::web::settings::PublicUrl(settings.public_url.clone()));
        let online_events = web::Data::new(online::OnlineEvents::with_cap(settings.online_streams));
        let server_timing = settings.server_timing;
        let hot = std::sync::Arc::new(crate::web::read_model::hot::HotPages::new(
            db.clone(),
            views.outage(),
            settings.fast_path,
        ));
        let hot_kept = std::sync::Arc::clone(&hot);
        let deal_cache = web::Data::new(crate::app::recording::deals::DealCache::default());
        start_clock_watch(db.clone(), edition_cache.clone(), online_events.clone());
        online::connect_processes(&db, &online_events.clone().into_inner());
        let mut server = HttpServer::new(move || {
            App::new()
                // Innermost first: every request is traced (debug) with its status and duration.
                // gzip or brotli for what is not pre-compressed (pages of logged-in visitors, forms).
                .wrap(actix_web::middleware::Compress::default())
                .wrap_fn(|req, srv| {
                    let (method, path) = (req.method().clone(), req.path().to_string());
                    let start = std::time::Instant::now();
                    let fut = srv.call(req);
                    async move {
                        let res = fut.await?;
                        tracing::debug!(%method, %path, status = res.status().as_u16(), micros = start.elapsed().as_micros() as u64, "request");
                        Ok(res)
                    }
                })
                // Outermost last: headers on every answer (HEAD routed as GET), then the session,
                // then the route guard, which needs the session's user, then the body limits (a
                // request the guard refuses has its body never read).
                .wrap(from_fn(bodies::limit))
                .wrap(from_fn(guard::access))
                // Error pages in the site's frame and the request's language (needs the session).
                .wrap(from_fn(crate::web::error_page::middleware))
                .wrap(from_fn(session::middleware))
                .wrap(from_fn(headers::security_headers))
                // A shared page for an anonymous visitor, sent again as it last went out while nothing
                // was committed since (`read_model::hot`): before every other layer.
                .wrap_fn({
                    let hot = std::sync::Arc::clone(&hot);
                    move |req, srv| {
                        use crate::web::read_model::hot::Front;
                        use futures_util::future::Either;
                        let hot = std::sync::Arc::clone(&hot);
                        let (req, pending) = match hot.front(req) {
                            Front::Answered(res) => return Either::Left(std::future::ready(Ok(res))),
                            Front::Whole(req, pending) => (req, pending),
                        };
                        let fut = srv.call(req);
                        Either::Right(async move { Ok(hot.back(pending, fut.await?)) })
                    }
                })
                // The very outermost: the whole app's time for `Settings::server_timing`.
                .wrap_fn(move |req, srv| {
                    let start = std::time::Instant::now();
                    let fut = srv.call(req);
                    async move {
                        let mut res = fut.await?;
                        if server_timing {
                            let dur = format!("app;dur={:.3}", start.elapsed().as_secs_f64() * 1e3);
                            if let Ok(v) = actix_web::http::header::HeaderValue::from_str(&dur) {
                                res.headers_mut()
                                    .insert(actix_web::http::header::HeaderName::from_static("server-timing"), v);
                            }
                        }
                        Ok(res)
                    }
                })
                .app_data(data.clone())
                .app_data(views.clone())
                .app_data(outage.clone())
                .app_data(edition_cache.clone())
                .app_data(season_pages.clone())
                .app_data(person_pages.clone())
                .app_data(public_url.clone())
                .app_data(mail_on.clone())
                .app_data(online_events.clone())
                .app_data(deal_cache.clone())
                .app_data(sessions.clone())
                .app_data(hasher.clone())
                .app_data(bodies.clone())
                .app_data(web::PayloadConfig::new(BODY_LIMIT))
                .app_data(web::FormConfig::default().limit(BODY_LIMIT))
                .app_data(web::PathConfig::default().error_handler(|_, _| WebError::NotFound.into()))
                .app_data(
                    web::QueryConfig::default()
                        .error_handler(|e, _| WebError::BadRequest(e.to_string()).into()),
                )
                .configure(routes)
                .default_service(web::to(|| async { Err::<actix_web::HttpResponse, _>(WebError::NotFound) }))
        })
        .listen(listener)?;
        if let Some(workers) = settings.workers {
            server = server.workers(workers);
        }
        Ok(Application { port, server: server.run(), db, views: views_kept, hot: hot_kept, logins })
    }

    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The database pool (tests and the demo loader reach the data directly).
    #[must_use]
    pub fn db(&self) -> &Store {
        &self.db
    }

    /// The public pages' read models and cached bodies (tests look at what is kept).
    #[must_use]
    pub fn views(&self) -> &web::Data<crate::web::read_model::cache::Views> {
        &self.views
    }

    /// The answers of the public pages' fast path (tests look at what is kept).
    #[must_use]
    pub fn hot(&self) -> std::sync::Arc<crate::web::read_model::hot::HotPages> {
        std::sync::Arc::clone(&self.hot)
    }

    /// Logins to print once at start: the first organiser's random password, demo accounts.
    #[must_use]
    pub fn logins(&self) -> &[Login] {
        &self.logins
    }

    /// A handle to stop the server (tests restart it).
    #[must_use]
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serve until stopped.
    ///
    /// # Errors
    /// The server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// The seasons' retention applied by the service itself (issue 41), every `every` from the start:
/// a task of the server's runtime, stopping with it. Several processes on one PostgreSQL may run it
/// at once: each person's erasure locks and re-checks the person in its transaction (erased once).
fn start_retention(db: Store, every: std::time::Duration) {
    actix_web::rt::spawn(async move {
        let mut tick = actix_web::rt::time::interval(every);
        loop {
            tick.tick().await;
            match crate::app::erasure::retention(&db, chrono::Utc::now().date_naive()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(erased = n, "season retention applied"),
                Err(e) => tracing::warn!(error = ?e, "season retention failed"),
            }
        }
    });
}

/// The longest the clock watch sleeps between two sweeps (ms): a flag that falls is settled within
/// this of falling, whatever the last sweep saw.
const CLOCK_WATCH_EVERY_MS: i64 = 1_000;

/// The server's clock with nobody looking (issue 35, `app::recording::timeouts`): the online games
/// whose running clock ran out are ended on time, and their pages woken; the next sweep comes when
/// the next clock is due, and within a second anyway (a move starts a new clock meanwhile).
fn start_clock_watch(
    db: Store,
    editions: web::Data<crate::app::editions::cache::EditionCache>,
    events: web::Data<online::OnlineEvents>,
) {
    actix_web::rt::spawn(async move {
        loop {
            let now = crate::app::recording::game::now_ms();
            let wait = match crate::app::recording::timeouts::sweep(&db, &editions, now).await {
                Ok(swept) => {
                    for (game, steps) in swept.ended {
                        events.notify(game, steps);
                    }
                    swept
                        .next_due_ms
                        .map_or(CLOCK_WATCH_EVERY_MS, |ms| (ms + 20).clamp(20, CLOCK_WATCH_EVERY_MS))
                }
                Err(e) => {
                    tracing::warn!(error = ?e, "the clock watch could not read the clocks");
                    CLOCK_WATCH_EVERY_MS
                }
            };
            actix_web::rt::time::sleep(std::time::Duration::from_millis(wait.unsigned_abs())).await;
        }
    });
}

/// The server's secret (CSRF tokens, device cookies), kept in the database so that every process
/// sharing it, and a restarted one, agree.
async fn server_secret(db: &Store) -> Result<Secret, StartupError> {
    let hex = store::secrets::session_key(db, || random_hex(64)).await?;
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .filter_map(|i| hex.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok()))
        .collect();
    Secret::new(bytes).map_err(|e| StartupError::Web(WebError::internal(format!("server secret: {e}"))))
}

/// Writes the route table once and gets from it both the registration ([`routes`]) and the list
/// [`ROUTES`] a test walks (the hostile-form test posts to every POST route it names, so a route
/// added here is covered or that test fails). Each line is `.route(PATH, web::METHOD().to(HANDLER))`.
macro_rules! route_table {
    ($(.route($path:literal, web::$method:ident().to($handler:path)))*) => {
        /// Every route of the service: (method, path pattern), in the order they are matched.
        pub const ROUTES: &[(&str, &str)] = &[$((stringify!($method), $path)),*];

        /// Every route of the service.
        fn routes(cfg: &mut web::ServiceConfig) {
            $(cfg.route($path, web::$method().to($handler));)*
        }
    };
}

route_table! {
        .route("/", web::get().to(home::index))
        .route("/lang/{code}", web::get().to(account::switch_language))
        .route("/login", web::get().to(account::login_form))
        .route("/login", web::post().to(account::login))
        .route("/logout", web::post().to(account::logout))
        .route("/me", web::get().to(account::dashboard))
        .route("/account/password", web::get().to(account::password_form))
        .route("/account/password", web::post().to(account::change_password))
        // Public pages of one tournament.
        .route("/t/{t}", web::get().to(home::tournament))
        .route("/t/{t}/round/{n}", web::get().to(round::pairings))
        .route("/t/{t}/round/{n}/why", web::get().to(why::explanation))
        .route("/t/{t}/round/{n}/cards", web::get().to(cards::table_cards))
        .route("/t/{t}/round/{n}/names", web::get().to(names::by_name))
        .route("/t/{t}/standings", web::get().to(standings::standings))
        .route("/t/{t}/bracket", web::get().to(bracket::bracket))
        .route("/t/{t}/group/{g}", web::get().to(group::group))
        .route("/t/{t}/player/{p}", web::get().to(player::player))
        .route("/person/{id}", web::get().to(person::person))
        .route("/season/{id}", web::get().to(season::season))
        .route("/season/{id}/ranking", web::get().to(season_ranking::ranking))
        .route("/season/{id}/export/ranking.csv", web::get().to(season_ranking::ranking_csv))
        .route("/season/{id}/export/qualifiers.csv", web::get().to(season_ranking::qualifiers_csv))
        .route("/t/{t}/match/{m}", web::get().to(matches::match_page))
        .route("/t/{t}/game/{g}", web::get().to(game::game_page))
        .route("/t/{t}/game/{g}/log", web::get().to(logs::game_log))
        .route("/t/{t}/live", web::get().to(live::live_page))
        .route("/t/{t}/export/pairings/{n}", web::get().to(exports::pairings))
        .route("/t/{t}/export/standings", web::get().to(exports::standings))
        .route("/t/{t}/export/results", web::get().to(exports::results))
        .route("/t/{t}/export/trf", web::get().to(exports::trf))
        .route("/t/{t}/export/group/{g}", web::get().to(exports::group_standings))
        .route("/t/{t}/export/group/{g}/trf", web::get().to(exports::group_trf))
        .route("/t/{t}/export/logs", web::get().to(logs::all_logs))
        // Organiser.
        .route("/admin/new", web::get().to(admin::new_form))
        .route("/admin/new", web::post().to(admin::create))
        .route("/admin/editions", web::get().to(editions::list))
        .route("/admin/editions", web::post().to(editions::upload))
        .route("/admin/editions/{code}", web::get().to(editions::show))
        .route("/admin/editions/{code}/files/{name}", web::get().to(editions::file))
        .route("/admin/editions/{code}/delete", web::post().to(editions::delete))
        .route("/admin/t/{t}", web::get().to(admin::overview))
        .route("/admin/t/{t}/config", web::post().to(admin::configure))
        .route("/admin/t/{t}/players", web::post().to(admin::register))
        .route("/admin/t/{t}/players/import", web::post().to(admin::import))
        .route("/admin/t/{t}/players/import-file", web::post().to(admin::import_file))
        .route("/admin/t/{t}/players/{p}", web::post().to(admin::change_player))
        .route("/admin/t/{t}/players/{p}/erase", web::post().to(privacy::erase_player))
        .route("/admin/t/{t}/entries", web::get().to(admin_entries::entries_page))
        .route("/admin/t/{t}/entries.csv", web::get().to(admin_entries::entries_csv))
        .route("/admin/t/{t}/entries/open", web::post().to(admin_entries::open_entries))
        .route("/admin/t/{t}/entries/school/{s}/revoke", web::post().to(admin_entries::revoke_school))
        .route("/admin/t/{t}/entries/{e}/{action}", web::post().to(admin_entries::decide))
        .route("/admin/t/{t}/desk", web::get().to(desk::desk_page))
        .route("/admin/t/{t}/desk/seat", web::post().to(desk::seat))
        .route("/admin/t/{t}/desk/{e}", web::post().to(desk::tick))
        .route("/ref/t/{t}/desk", web::get().to(desk::referee_desk_page))
        .route("/ref/t/{t}/desk/{e}", web::post().to(desk::referee_tick))
        .route("/admin/t/{t}/persons", web::get().to(admin_persons::persons_page))
        .route("/admin/t/{t}/persons/merge", web::post().to(admin_persons::merge))
        .route("/admin/t/{t}/persons/apart", web::post().to(admin_persons::keep_apart))
        .route("/admin/t/{t}/persons/unmerge/{m}", web::post().to(admin_persons::unmerge))
        .route("/admin/t/{t}/invitations", web::get().to(invitations::invitations_page))
        .route("/admin/t/{t}/invitations/{i}/accept", web::post().to(invitations::accept))
        .route("/admin/t/{t}/invitations/{i}/decline", web::post().to(invitations::decline))
        .route("/admin/t/{t}/event/close", web::post().to(invitations::close))
        .route("/admin/t/{t}/event/seed", web::post().to(invitations::seed))
        .route("/admin/t/{t}/event/lot", web::post().to(invitations::lot))
        .route("/admin/t/{t}/event/reopen", web::post().to(invitations::reopen))
        .route("/admin/proposals", web::get().to(proposals::proposals_page))
        .route("/admin/proposals/{id}/confirm", web::post().to(proposals::confirm))
        .route("/admin/proposals/{id}/refuse", web::post().to(proposals::refuse))
        .route("/admin/seasons", web::get().to(admin_season::seasons))
        .route("/admin/seasons", web::post().to(admin_season::create))
        .route("/admin/season/{id}", web::get().to(admin_season::season_page))
        .route("/admin/season/{id}/events", web::post().to(admin_season::add_event))
        .route("/admin/season/{id}/wildcards", web::post().to(admin_season::wildcard))
        .route("/admin/season/{id}/coordinators", web::post().to(admin_season::appoint))
        .route("/admin/season/{id}/next", web::post().to(admin_season::choose_next))
        .route("/admin/season/{id}/organisers", web::post().to(admin_season::appoint_organiser))
        .route("/admin/season/{id}/corrections/{t}", web::post().to(admin_season::confirm_correction))
        .route("/admin/season/{id}/privacy", web::get().to(admin_erasure::privacy_page))
        .route("/admin/season/{id}/retention", web::post().to(admin_erasure::set_retention))
        .route("/admin/season/{id}/person/{p}", web::get().to(admin_erasure::person_page))
        .route("/admin/season/{id}/person/{p}/erase", web::post().to(admin_erasure::erase_person))
        .route("/admin/season/{id}/persons/merge", web::post().to(admin_season::merge_persons))
        .route("/admin/season/{id}/persons/apart", web::post().to(admin_season::keep_persons_apart))
        .route("/admin/season/{id}/persons/unmerge/{m}", web::post().to(admin_season::unmerge_persons))
        .route("/admin/t/{t}/forbidden", web::post().to(admin::forbid))
        .route("/admin/t/{t}/forbidden/remove", web::post().to(admin::allow))
        .route("/admin/t/{t}/referees", web::post().to(admin::appoint))
        .route("/admin/t/{t}/history", web::get().to(admin::history))
        .route("/admin/t/{t}/rounds", web::post().to(rounds::start_round))
        .route("/admin/t/{t}/knockout", web::post().to(rounds::start_knockout))
        .route("/admin/t/{t}/stages", web::get().to(stages::stages_page))
        .route("/admin/t/{t}/stages/format", web::post().to(stages::choose_format))
        .route("/admin/t/{t}/stages/{action}", web::post().to(stages::stage_action))
        .route("/admin/t/{t}/round/{n}/assign", web::post().to(rounds::assign_referee))
        .route("/admin/t/{t}/round/{n}/{action}", web::post().to(rounds::round_action))
        // Referee (organisers too).
        .route("/ref/t/{t}", web::get().to(referee::tables))
        .route("/ref/t/{t}/match/{m}", web::get().to(referee::match_form))
        .route("/ref/t/{t}/history/{id}/log/{side}", web::get().to(admin::history_log))
        .route("/ref/t/{t}/match/{m}/extra", web::post().to(referee::extra_game))
        .route("/ref/t/{t}/match/{m}/deck", web::post().to(referee::deck_check))
        .route("/ref/t/{t}/match/{m}/forfeit", web::post().to(referee::forfeit))
        .route("/ref/t/{t}/game/{g}", web::post().to(referee::enter_result))
        .route("/ref/t/{t}/game/{g}/upload", web::post().to(referee::upload_result))
        // Entries from schools: no account, the links are the keys.
        .route("/t/{t}/entries", web::get().to(entries::sign_up::sign_up_page))
        .route("/t/{t}/entries", web::post().to(entries::sign_up::sign_up))
        .route("/entries/school/{token}", web::get().to(entries::school::school_page))
        .route("/entries/school/{token}/pupils", web::post().to(entries::school::add_pupil))
        .route("/entries/school/{token}/pupils/{e}/withdraw", web::post().to(entries::school::withdraw))
        .route("/entries/school/{token}/pupils/{e}/paper", web::post().to(entries::school::declare_paper))
        .route("/entries/consent/{token}", web::get().to(entries::consent::consent_page))
        .route("/entries/consent/{token}", web::post().to(entries::consent::give))
        .route("/entries/consent/{token}/withdraw", web::post().to(entries::consent::withdraw))
        .route("/online/{token}", web::get().to(online::online_page))
        .route("/online/{token}", web::post().to(online::online_post))
        .route("/online/{token}/events", web::get().to(online::online_events))
        .route("/online/{token}/no-show", web::post().to(online::online_no_show))
        .route("/ref/t/{t}/match/{m}/online", web::get().to(online::online_referee_page))
        .route("/ref/t/{t}/match/{m}/online", web::post().to(online::online_referee_post))
        .route("/ref/t/{t}/game/{g}/record", web::get().to(recorder::record_page))
        .route("/ref/t/{t}/game/{g}/record", web::post().to(recorder::record_post))
        .route("/ref/t/{t}/game/{g}/clock", web::get().to(recorder::clock_page))
        .route("/ref/t/{t}/game/{g}/clock", web::post().to(recorder::clock_post))
        // Static files (versioned names); last, so that a more specific `/static/...` route wins.
        .route("/static/{name}", web::get().to(assets::serve))
}
