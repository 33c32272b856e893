//! Entries benchmark (not a test; issue 39's "Scale"): a regional qualifier of 400 pupils from 60
//! schools, over real HTTP on a loopback port with 16 concurrent clients. The service starts
//! in-process on a fresh database; the organiser logs in, creates the event and opens its entries
//! (cap 400, 10 per school). Then, phase by phase, each phase's work shared among the clients:
//! (1) the 60 teachers open "Zgłoś szkołę" and sign their schools up (each from an address of its
//! own, `X-Forwarded-For` behind a trusted proxy, as 60 schools' sign-ups come: the sign-up throttle
//! is per address); (2) they add their pupils, reading the school's page after each; (3) each
//! pupil's guardian opens the consent page and consents; (4) at the desk, one search per pupil by
//! name (the pupil must be in the answer: found in one search), then "obecny". Then the desk's full
//! list of 400 names, from one client and from all 16 at once. Prints p50/p99/max per request kind
//! and the time of each phase.
//!
//! `cargo bench --bench entries` (release, `--bench`) runs it at full size. Without `--bench` (CI's
//! `cargo test --benches`) it is a smoke run: 4 schools, 12 pupils, 4 clients, every answer checked
//! the same way, no timing. `--schools N --pupils N --clients N` change the size; `--database-url
//! URL` runs on an empty database of one's own (PostgreSQL: `scripts/with-postgres.sh cargo bench
//! --bench entries -- --database-url "$BITWA_TEST_POSTGRES_URL"`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;
use bitwa::web::{Application, Settings};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use support::{between, merge_cookies, ms, percentile};

struct Plan {
    schools: usize,
    pupils: usize,
    clients: usize,
    /// Full-list reads of the desk (each client's share in the concurrent part).
    desk_reads: usize,
    full: bool,
}

impl Plan {
    fn from_args() -> Plan {
        let args: Vec<String> = std::env::args().collect();
        let full = args.iter().any(|a| a == "--bench");
        let number = |flag: &str| {
            args.iter()
                .position(|a| a == flag)
                .and_then(|i| args.get(i + 1))
                .map(|n| n.parse::<usize>().expect(flag))
        };
        let (schools, pupils, clients, desk_reads) = if full { (60, 400, 16, 400) } else { (4, 12, 4, 8) };
        Plan {
            schools: number("--schools").unwrap_or(schools).max(1),
            pupils: number("--pupils").unwrap_or(pupils).max(1),
            clients: number("--clients").unwrap_or(clients).max(1),
            desk_reads,
            full,
        }
    }
}

/// Latencies by request kind, printed in the order first seen.
#[derive(Default)]
struct Timings {
    order: Vec<&'static str>,
    by_kind: BTreeMap<&'static str, Vec<Duration>>,
}

impl Timings {
    fn add(&mut self, kind: &'static str, d: Duration) {
        if !self.by_kind.contains_key(kind) {
            self.order.push(kind);
        }
        self.by_kind.entry(kind).or_default().push(d);
    }

    fn extend(&mut self, other: Timings) {
        for kind in other.order {
            for d in &other.by_kind[kind] {
                self.add(kind, *d);
            }
        }
    }

    fn report(&self) {
        for kind in &self.order {
            let mut l = self.by_kind[kind].clone();
            l.sort();
            println!(
                "{kind:<38} {:>5} requests; p50 {:>6.2} ms, p99 {:>6.2} ms, max {:>6.2} ms",
                l.len(),
                ms(percentile(&l, 0.50)),
                ms(percentile(&l, 0.99)),
                ms(*l.last().unwrap()),
            );
        }
    }
}

/// A client keeping its cookies and the last CSRF token seen, optionally from an address of its own.
struct Client {
    base: String,
    http: awc::Client,
    cookie: String,
    csrf: String,
    forwarded_for: Option<String>,
}

/// An answer: the status, the `Location` header, the body.
struct Answer {
    status: u16,
    location: String,
    body: String,
}

impl Client {
    fn new(base: &str, forwarded_for: Option<String>) -> Client {
        let http = awc::Client::builder().timeout(Duration::from_secs(60)).disable_redirects().finish();
        Client { base: base.to_string(), http, cookie: String::new(), csrf: String::new(), forwarded_for }
    }

    fn merge_cookies(&mut self, headers: &awc::http::header::HeaderMap) {
        self.cookie = merge_cookies(&self.cookie, headers);
    }

    async fn get(&mut self, path: &str) -> Answer {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if !self.cookie.is_empty() {
            req = req.insert_header(("Cookie", self.cookie.clone()));
        }
        if let Some(a) = &self.forwarded_for {
            req = req.insert_header(("X-Forwarded-For", a.clone()));
        }
        let mut r = req.send().await.unwrap_or_else(|e| panic!("GET {path}: {e}"));
        self.merge_cookies(r.headers());
        let status = r.status().as_u16();
        let location = r.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap();
        if let Some(token) = between(&body, "name=\"csrf\" value=\"", "\"") {
            self.csrf = token.to_string();
        }
        Answer { status, location, body }
    }

    async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        let form = serde_urlencoded::to_string(&all).unwrap();
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"));
        if !self.cookie.is_empty() {
            req = req.insert_header(("Cookie", self.cookie.clone()));
        }
        if let Some(a) = &self.forwarded_for {
            req = req.insert_header(("X-Forwarded-For", a.clone()));
        }
        let mut r = req.send_body(form).await.unwrap_or_else(|e| panic!("POST {path}: {e}"));
        self.merge_cookies(r.headers());
        let status = r.status().as_u16();
        let location = r.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = String::from_utf8(r.body().limit(1 << 24).await.unwrap().to_vec()).unwrap();
        if let Some(token) = between(&body, "name=\"csrf\" value=\"", "\"") {
            self.csrf = token.to_string();
        }
        Answer { status, location, body }
    }

    /// A GET timed as `kind`, which must answer 200.
    async fn timed_get(&mut self, t: &mut Timings, kind: &'static str, path: &str) -> Answer {
        let t0 = Instant::now();
        let a = self.get(path).await;
        t.add(kind, t0.elapsed());
        assert_eq!(a.status, 200, "GET {path}: {}", a.body);
        a
    }

    /// A POST timed as `kind`, which must answer `status`.
    async fn timed_post(
        &mut self,
        t: &mut Timings,
        kind: &'static str,
        path: &str,
        fields: &[(&str, &str)],
        status: u16,
    ) -> Answer {
        let t0 = Instant::now();
        let a = self.post(path, fields).await;
        t.add(kind, t0.elapsed());
        assert_eq!(a.status, status, "POST {path}: {}", a.body);
        a
    }
}

/// 20 first names and 20 surnames (those that read the same for anyone): 400 distinct pupils,
/// Polish letters in many, numbered past 400.
fn pupil_name(i: usize) -> String {
    const FIRST: [&str; 20] = [
        "Zuzanna",
        "Jakub",
        "Łucja",
        "Szymon",
        "Wiktoria",
        "Mikołaj",
        "Gabriela",
        "Bartłomiej",
        "Żaneta",
        "Ignacy",
        "Agnieszka",
        "Wojciech",
        "Małgorzata",
        "Krzysztof",
        "Urszula",
        "Tymoteusz",
        "Helena",
        "Przemysław",
        "Dorota",
        "Grzegorz",
    ];
    const SURNAMES: [&str; 20] = [
        "Nowak",
        "Wójcik",
        "Mazur",
        "Kowalczyk",
        "Zając",
        "Dudek",
        "Adamczyk",
        "Krawczyk",
        "Kaczmarek",
        "Wróbel",
        "Sikora",
        "Baran",
        "Król",
        "Wieczorek",
        "Górecki-Maj",
        "Sowa",
        "Kubiak",
        "Pawlak",
        "Michalak",
        "Bąk",
    ];
    let base = format!("{} {}", FIRST[i % 20], SURNAMES[(i / 20) % 20]);
    if i < 400 { base } else { format!("{base} {}", i / 400 + 1) }
}

/// (entry id, guardian link) of every pupil on a school's page, in order.
fn pupils(body: &str) -> Vec<(i64, String)> {
    body.split("<li data-entry=\"")
        .skip(1)
        .map(|chunk| {
            let id: i64 = chunk[..chunk.find('"').unwrap()].parse().unwrap();
            let link = between(chunk, "href=\"/entries/consent/", "\"").expect("a guardian link");
            (id, format!("/entries/consent/{link}"))
        })
        .collect()
}

/// The entries a desk page lists (`data-entry` of its lines).
fn desk_lines(body: &str) -> Vec<i64> {
    let list = between(body, "<ul id=\"desk\"", "</ul>").expect("the desk's list");
    list.split(" data-entry=\"").skip(1).map(|c| c[..c.find('"').unwrap()].parse().unwrap()).collect()
}

/// Run `work(client index)` on every client at once; their timings merged.
async fn all_at_once<F, Fut>(clients: usize, work: F) -> Timings
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = Timings> + 'static,
{
    let tasks: Vec<_> = (0..clients).map(|c| actix_rt::spawn(work(c))).collect();
    let mut all = Timings::default();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    all
}

#[actix_rt::main]
async fn main() {
    let plan = Plan::from_args();
    let dir = std::env::temp_dir().join(format!("bitwa-entries-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args: Vec<String> = std::env::args().collect();
    let database_url = args
        .iter()
        .position(|a| a == "--database-url")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("bench.db").display()));
    let backend = bitwa::store::backend_of(&database_url).expect("a database URL");
    // Behind a proxy that says each school's address (the sign-up throttle is per address).
    let settings = Settings {
        database_url,
        bind: "127.0.0.1:0".into(),
        workers: None,
        trust_proxy: true,
        ..Settings::default()
    };
    let app = Application::build(&settings).await.expect("app starts");
    let password =
        app.logins().iter().find(|l| l.username == "admin").expect("the first organiser").password.clone();
    let base = format!("http://127.0.0.1:{}", app.port());
    let handle = app.handle();
    actix_rt::spawn(app.run_until_stopped());
    println!(
        "entries bench: {} schools, {} pupils, {} concurrent clients, {base}, {backend:?}{}",
        plan.schools,
        plan.pupils,
        plan.clients,
        if plan.full { "" } else { " (smoke run)" }
    );

    // The organiser: logs in, creates the event, opens its entries.
    let mut organiser = Client::new(&base, None);
    organiser.get("/login").await;
    let login = organiser.post("/login", &[("username", "admin"), ("password", &password)]).await;
    assert_eq!(login.status, 303, "the organiser logs in");
    organiser.get("/admin/new").await;
    let today = chrono::Utc::now().date_naive();
    let day = (today + chrono::Duration::days(40)).to_string();
    let created = organiser
        .post(
            "/admin/new",
            &[
                ("name", "Eliminacje regionalne: mazowieckie"),
                ("venue", "Warszawa"),
                ("first_day", &day),
                ("last_day", &day),
                ("swiss_rounds", "6"),
                ("knockout_size", "0"),
                ("score_win", "2"),
                ("score_draw", "1"),
                ("score_loss", "0"),
                ("score_bye", "2"),
                ("tiebreaks", "direct_encounter,buchholz_cut1,buchholz,sonneborn_berger,games_won,red_side_points,knowledge_test"),
                ("time_control_secs", "900"),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "the event created: {}", created.body);
    let t: i64 = created.location.trim_start_matches("/admin/t/").parse().unwrap();
    organiser.get(&format!("/admin/t/{t}/entries")).await;
    let deadline = (today + chrono::Duration::days(30)).to_string();
    let (cap, schools) = (plan.pupils.to_string(), (plan.schools + 4).to_string());
    let per_school = plan.pupils.div_ceil(plan.schools).to_string();
    let opened = organiser
        .post(
            &format!("/admin/t/{t}/entries/open"),
            &[
                ("deadline", &deadline),
                ("cap", &cap),
                ("per_school", &per_school),
                ("born_from", "2008"),
                ("born_to", "2014"),
                ("max_schools", &schools),
                ("consent_text", "Administratorem danych jest organizator turnieju. Cel: udział w turnieju."),
            ],
        )
        .await;
    assert_eq!(opened.status, 303, "entries opened: {}", opened.body);
    let clients = plan.clients;
    let mut timings = Timings::default();
    let started = Instant::now();

    // (1) Sign-ups: each school from its own address.
    let phase = Instant::now();
    let links = std::rc::Rc::new(std::cell::RefCell::new(vec![String::new(); plan.schools]));
    let signed = all_at_once(clients, |c| {
        let (base, links, n) = (base.clone(), links.clone(), plan.schools);
        async move {
            let mut tm = Timings::default();
            for s in (c..n).step_by(clients) {
                let mut teacher = Client::new(&base, Some(format!("10.39.{}.{}", s / 200, s % 200 + 1)));
                teacher.timed_get(&mut tm, "sign-up form (GET)", &format!("/t/{t}/entries")).await;
                let name = format!("Szkoła Podstawowa nr {} w Radomiu", s + 1);
                let email = format!("nauczyciel{s}@szkola.example.org");
                let answer = teacher
                    .timed_post(
                        &mut tm,
                        "sign-up (POST)",
                        &format!("/t/{t}/entries"),
                        &[
                            ("name", &name),
                            ("town", "Radom"),
                            ("region", "mazowieckie"),
                            ("teacher", "Ewa Nauczycielska"),
                            ("email", &email),
                            ("phone", "600 100 200"),
                        ],
                        200,
                    )
                    .await;
                let link = between(&answer.body, "data-link=\"", "\"").expect("the school's link");
                links.borrow_mut()[s] = link.to_string();
            }
            tm
        }
    })
    .await;
    println!("phase 1, {} sign-ups: {:.2} s", plan.schools, phase.elapsed().as_secs_f64());
    timings.extend(signed);

    // (2) Pupils: pupil i goes to school i mod schools; the school's page read after each.
    let phase = Instant::now();
    let guardians = std::rc::Rc::new(std::cell::RefCell::new(Vec::<(i64, String, String)>::new()));
    let added = all_at_once(clients, |c| {
        let (base, links, guardians) = (base.clone(), links.clone(), guardians.clone());
        let (n, pupils_n) = (plan.schools, plan.pupils);
        async move {
            let mut tm = Timings::default();
            for s in (c..n).step_by(clients) {
                let link = links.borrow()[s].clone();
                let mut teacher = Client::new(&base, Some(format!("10.39.{}.{}", s / 200, s % 200 + 1)));
                teacher.timed_get(&mut tm, "school's page (GET)", &link).await;
                let mut names = Vec::new();
                for i in (s..pupils_n).step_by(n) {
                    let name = pupil_name(i);
                    let born = format!("{}-{:02}-{:02}", 2008 + i % 7, 1 + i % 12, 1 + i % 28);
                    let class = format!("{}{}", 4 + i % 5, ["a", "b", "c"][i % 3]);
                    let fields =
                        [("name", name.as_str()), ("born", born.as_str()), ("class", class.as_str())];
                    teacher
                        .timed_post(&mut tm, "add a pupil (POST)", &format!("{link}/pupils"), &fields, 303)
                        .await;
                    names.push(name);
                    let page = teacher.timed_get(&mut tm, "school's page (GET)", &link).await;
                    if names.len() == page.body.matches("<li data-entry=").count() {
                        continue;
                    }
                    panic!(
                        "{} pupils on {link}, {} added",
                        page.body.matches("<li data-entry=").count(),
                        names.len()
                    );
                }
                let page = teacher.get(&link).await;
                let listed = pupils(&page.body);
                assert_eq!(listed.len(), names.len(), "every pupil of school {s} listed");
                for ((id, consent), name) in listed.into_iter().zip(names) {
                    guardians.borrow_mut().push((id, consent, name));
                }
            }
            tm
        }
    })
    .await;
    println!("phase 2, {} pupils added: {:.2} s", plan.pupils, phase.elapsed().as_secs_f64());
    timings.extend(added);
    let guardians = guardians.borrow().clone();
    assert_eq!(guardians.len(), plan.pupils);

    // (3) Consents: each guardian from a browser of their own.
    let phase = Instant::now();
    let shared = std::rc::Rc::new(guardians.clone());
    let consented = all_at_once(clients, |c| {
        let (base, guardians) = (base.clone(), shared.clone());
        async move {
            let mut tm = Timings::default();
            for (_, consent, _) in guardians.iter().skip(c).step_by(clients) {
                let mut guardian = Client::new(&base, None);
                guardian.timed_get(&mut tm, "consent page (GET)", consent).await;
                let fields = [("guardian", "Maria Rodzic"), ("take_part", "1"), ("publish_name", "1")];
                guardian.timed_post(&mut tm, "consent (POST)", consent, &fields, 303).await;
            }
            tm
        }
    })
    .await;
    println!("phase 3, {} consents: {:.2} s", plan.pupils, phase.elapsed().as_secs_f64());
    timings.extend(consented);
    let full = organiser.get(&format!("/admin/t/{t}/desk")).await;
    assert_eq!(desk_lines(&full.body).len(), plan.pupils, "every pupil confirmed, on the desk's list");
    assert!(full.body.contains(&format!("data-confirmed=\"{}\"", plan.pupils)));

    // (4) The desk: one search by name per pupil (found in it), then "obecny"; desk phones share
    // the organiser's login.
    let phase = Instant::now();
    let most_found = std::rc::Rc::new(std::cell::Cell::new(0_usize));
    let checked = all_at_once(clients, |c| {
        let (guardians, most) = (shared.clone(), most_found.clone());
        let mut desk = Client::new(&base, None);
        desk.cookie = organiser.cookie.clone();
        desk.csrf = organiser.csrf.clone();
        async move {
            let mut tm = Timings::default();
            for (id, _, name) in guardians.iter().skip(c).step_by(clients) {
                let q = serde_urlencoded::to_string([("q", name.as_str())]).unwrap();
                let found = desk
                    .timed_get(&mut tm, "desk: search a name (GET)", &format!("/admin/t/{t}/desk?{q}"))
                    .await;
                let lines = desk_lines(&found.body);
                assert!(lines.contains(id), "{name} found in one search: {lines:?}");
                most.set(most.get().max(lines.len()));
                let fields = [("present", "1"), ("q", name.as_str())];
                let ticked = desk
                    .timed_post(
                        &mut tm,
                        "desk: check in (POST)",
                        &format!("/admin/t/{t}/desk/{id}"),
                        &fields,
                        303,
                    )
                    .await;
                assert!(ticked.location.ends_with(&format!("#entry-{id}")), "{}", ticked.location);
            }
            tm
        }
    })
    .await;
    println!(
        "phase 4, {} check-ins: {:.2} s (a search by name listed at most {} pupils)",
        plan.pupils,
        phase.elapsed().as_secs_f64(),
        most_found.get()
    );
    timings.extend(checked);
    println!("sign-up to the last check-in: {:.2} s", started.elapsed().as_secs_f64());
    timings.report();

    // (5) The desk's whole list: from one phone, then from every client at once.
    let path = format!("/admin/t/{t}/desk");
    let all_in = organiser.get(&path).await;
    assert!(all_in.body.contains(&format!("data-present=\"{}\"", plan.pupils)), "everyone checked in");
    let mut alone = Timings::default();
    for _ in 0..plan.desk_reads {
        organiser.timed_get(&mut alone, "desk: all names, one phone (GET)", &path).await;
    }
    let busy = all_at_once(clients, |_| {
        let mut desk = Client::new(&base, None);
        desk.cookie = organiser.cookie.clone();
        let (path, n) = (path.clone(), (plan.desk_reads / clients).max(2));
        async move {
            let mut tm = Timings::default();
            for _ in 0..n {
                let page = desk.timed_get(&mut tm, "desk: all names, all at once (GET)", &path).await;
                assert_eq!(desk_lines(&page.body).len(), guardians_len(&page.body));
            }
            tm
        }
    })
    .await;
    alone.extend(busy);
    println!("desk page of {} names ({} bytes):", plan.pupils, all_in.body.len());
    alone.report();

    handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The number of lines the desk's counter says it has (`data-confirmed`).
fn guardians_len(body: &str) -> usize {
    between(body, "data-confirmed=\"", "\"").expect("the desk's counts").parse().unwrap()
}
