//! Hostile forms (issue 36, item 5): every POST route of the service, read from the app's own
//! route table (`bitwa::web::startup::ROUTES`), is posted by each role (the tournament's organiser,
//! another event's organiser, the season's coordinator, the tournament's referee, a visitor) with
//! hostile values (empty, huge, negative, too large a number, control and direction characters,
//! another organiser's ids) in its fields and in its path. Every answer must be below 500, a Polish
//! page must hold no English sentence, and the database must not change unless the same form with
//! clean values, by that role, on that path, would change it.
//!
//! A route added to the table without a plan here fails [`every_post_route_has_a_plan`], so a new
//! form is covered from the day it exists.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};
use std::collections::BTreeSet;

/// What a field holds, which says which hostile values no clean form could send.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Required text (a name, a login): empty, huge and control characters are refused.
    Text,
    /// Optional free text (a venue, a club, a reason): huge and control characters are refused.
    Optional,
    /// A required number, date or choice: anything hostile is refused.
    Number,
    /// An optional number or choice (empty allowed).
    OptionalNumber,
    /// The id of an object: anything hostile is refused, another organiser's id too.
    Id,
    /// A checkbox: any value sent means it is ticked.
    Flag,
    /// A password: anything but empty or huge may be one (the policy judges its strength).
    Secret,
}

/// A hostile value for one field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hostile {
    Empty,
    Huge,
    Negative,
    TooLarge,
    Control,
    Foreign,
}

const HOSTILE: [Hostile; 6] =
    [Hostile::Empty, Hostile::Huge, Hostile::Negative, Hostile::TooLarge, Hostile::Control, Hostile::Foreign];

impl Kind {
    /// Whether a form carrying `h` in a field of this kind could be a clean form (then it may
    /// store; otherwise nothing may change).
    fn may_be_clean(self, h: Hostile) -> bool {
        match (self, h) {
            (Kind::Flag, _) => true,
            (Kind::Secret, Hostile::Empty | Hostile::Huge) => false,
            (Kind::Secret, _) => true,
            (_, Hostile::Huge | Hostile::Control) => false,
            (Kind::Text, Hostile::Empty) => false,
            (Kind::Text | Kind::Optional, _) => true,
            (Kind::OptionalNumber, Hostile::Empty) => true,
            // A foreign id is a number like any other where the field is a count.
            (Kind::Number | Kind::OptionalNumber, Hostile::Foreign) => true,
            _ => false,
        }
    }
}

/// Who posts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Owner,
    OtherOrganiser,
    Coordinator,
    Referee,
    Visitor,
}

/// A form's fields: (name, kind, clean value).
type Fields = &'static [(&'static str, Kind, &'static str)];

/// One POST route's plan: its fields with clean values, and the roles a clean form may store for.
struct Plan {
    path: &'static str,
    fields: Fields,
    may_store: &'static [Role],
}

use Kind::{Flag, Id, Number, Optional, OptionalNumber, Secret, Text};
use Role::{Coordinator, Owner, Referee};

/// `{t}`, `{p}`, ... in a clean value are replaced by the day's ids, as in paths.
const PLANS: &[Plan] = &[
    // Entries from schools (issue 39): the organiser's forms, the desk, and the forms a teacher and a
    // guardian reach by a private link (`{token}`, `{e}` and `{s}` stay unknown here: refused).
    Plan {
        path: "/admin/t/{t}/entries/open",
        fields: &[
            ("deadline", Number, "2026-05-01"),
            ("cap", Number, "3"),
            ("per_school", OptionalNumber, ""),
            ("born_from", OptionalNumber, "2007"),
            ("born_to", OptionalNumber, "2013"),
            ("consent_text", Optional, "Zgoda rodzica lub opiekuna."),
            ("paper_allowed", Flag, "1"),
            ("max_schools", OptionalNumber, ""),
        ],
        may_store: &[Owner, Coordinator],
    },
    Plan { path: "/admin/t/{t}/entries/school/{s}/revoke", fields: &[], may_store: &[Owner, Coordinator] },
    Plan {
        path: "/admin/t/{t}/entries/{e}/{action}",
        fields: &[("reason", Optional, "Brak miejsc")],
        may_store: &[Owner, Coordinator],
    },
    Plan { path: "/admin/t/{t}/desk/seat", fields: &[], may_store: &[Owner, Coordinator] },
    Plan {
        path: "/admin/t/{t}/desk/{e}",
        fields: &[("present", Flag, "1"), ("q", Optional, "")],
        may_store: &[Owner, Coordinator],
    },
    // The referees' desk: the event's referees only when the organiser allowed it (not here).
    Plan {
        path: "/ref/t/{t}/desk/{e}",
        fields: &[("present", Flag, "1"), ("q", Optional, "")],
        may_store: &[Owner, Coordinator],
    },
    Plan {
        path: "/t/{t}/entries",
        fields: &[
            ("name", Text, "Liceum nr 1"),
            ("town", Text, "Radom"),
            ("region", Text, "mazowieckie"),
            ("teacher", Text, "Anna Nauczycielka"),
            ("email", Text, "anna@example.org"),
            ("phone", Optional, "600100200"),
        ],
        may_store: &[Owner, Referee, Coordinator, Role::OtherOrganiser, Role::Visitor],
    },
    Plan {
        path: "/entries/school/{token}/pupils",
        fields: &[("name", Text, "Jan Uczeń"), ("born", Number, "2010-03-04"), ("class", Optional, "2b")],
        may_store: &[],
    },
    Plan { path: "/entries/school/{token}/pupils/{e}/withdraw", fields: &[], may_store: &[] },
    Plan {
        path: "/entries/school/{token}/pupils/{e}/paper",
        fields: &[("guardian", Text, "Ewa Uczeń"), ("signed", Number, "2026-04-01")],
        may_store: &[],
    },
    Plan {
        path: "/entries/consent/{token}",
        fields: &[
            ("guardian", Text, "Ewa Uczeń"),
            ("take_part", Flag, "1"),
            ("publish_name", Flag, "1"),
            ("photos", Flag, "1"),
        ],
        may_store: &[],
    },
    Plan { path: "/entries/consent/{token}/withdraw", fields: &[("confirm", Flag, "1")], may_store: &[] },
    Plan {
        path: "/login",
        fields: &[("username", Text, "nikt"), ("password", Text, "haslo-nikogo-1")],
        may_store: &[],
    },
    Plan { path: "/logout", fields: &[], may_store: &[Owner, Referee, Coordinator, Role::OtherOrganiser] },
    Plan {
        path: "/account/password",
        fields: &[
            ("current", Text, "zle-haslo-123"),
            ("new", Text, "nowe-haslo-2026"),
            ("repeat", Text, "nowe-haslo-2026"),
        ],
        may_store: &[],
    },
    Plan {
        path: "/admin/new",
        fields: &[
            ("name", Text, "Turniej wrogi"),
            ("venue", Optional, "Radom"),
            ("first_day", Number, "2026-05-01"),
            ("last_day", Number, "2026-05-02"),
            ("swiss_rounds", Number, "3"),
            ("knockout_size", Number, "0"),
            ("score_win", Number, "3"),
            ("score_draw", Number, "1"),
            ("score_loss", Number, "0"),
            ("score_bye", Number, "3"),
            ("time_control_secs", Number, "900"),
        ],
        may_store: &[Owner, Role::OtherOrganiser],
    },
    Plan { path: "/admin/editions", fields: &[("edition", Text, "x")], may_store: &[] },
    Plan { path: "/admin/editions/{code}/delete", fields: &[], may_store: &[] },
    Plan {
        path: "/admin/t/{t}/config",
        fields: &[
            ("name", Text, "Turniej A"),
            ("venue", Optional, "Radom"),
            ("first_day", Number, "2026-05-01"),
            ("last_day", Number, "2026-05-02"),
            ("swiss_rounds", Number, "3"),
            ("knockout_size", Number, "0"),
            ("score_win", Number, "3"),
            ("score_draw", Number, "1"),
            ("score_loss", Number, "0"),
            ("score_bye", Number, "3"),
            ("time_control_secs", Number, "900"),
        ],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/players",
        fields: &[
            ("name", Text, "Ola Wroga"),
            ("birth_date", Number, "2010-01-15"),
            ("club", Optional, "LO 9"),
        ],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/players/import",
        fields: &[("csv", Text, "name;birth date\nOla Wroga;2010-01-15\n")],
        may_store: &[Owner],
    },
    Plan { path: "/admin/t/{t}/players/import-file", fields: &[("file", Text, "x")], may_store: &[] },
    Plan {
        path: "/admin/t/{t}/players/{p}",
        fields: &[
            ("version", Number, "{pv}"),
            ("action", Number, "knowledge"),
            ("knowledge", OptionalNumber, "first"),
        ],
        may_store: &[Owner],
    },
    Plan { path: "/admin/t/{t}/players/{p}/erase", fields: &[("confirm", Flag, "tak")], may_store: &[Owner] },
    Plan {
        path: "/admin/t/{t}/persons/merge",
        fields: &[("kept", Id, "{person}"), ("merged", Id, "{person2}")],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/persons/apart",
        fields: &[("kept", Id, "{person}"), ("merged", Id, "{person2}")],
        may_store: &[Owner],
    },
    Plan { path: "/admin/t/{t}/persons/unmerge/{m}", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/invitations/{i}/accept", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/invitations/{i}/decline", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/event/close", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/event/seed", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/event/lot", fields: &[], may_store: &[Owner] },
    Plan {
        path: "/admin/season/{id}/corrections/{t}",
        fields: &[("config", Id, "1"), ("changes", Id, "1")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/t/{t}/event/reopen",
        fields: &[("reason", Text, "Pomyłka w zgłoszeniach")],
        may_store: &[Owner],
    },
    Plan { path: "/admin/proposals/{id}/confirm", fields: &[], may_store: &[Coordinator] },
    Plan { path: "/admin/proposals/{id}/refuse", fields: &[], may_store: &[Coordinator] },
    Plan {
        path: "/admin/seasons",
        fields: &[
            ("name", Text, "Liga wroga"),
            ("first_day", Number, "2027-04-01"),
            ("last_day", Number, "2027-06-30"),
            ("years_from", Number, "2007"),
            ("years_to", Number, "2013"),
        ],
        may_store: &[],
    },
    Plan {
        path: "/admin/season/{id}/events",
        fields: &[
            ("tournament", Id, "{t3}"),
            ("level", Id, "{level}"),
            ("region", Id, "{region}"),
            ("places", Number, "2"),
            ("per_school", OptionalNumber, "1"),
        ],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/wildcards",
        fields: &[
            ("person", Text, "Beata"),
            ("tournament", Id, "{t}"),
            ("reason", Text, "Choroba w dniu turnieju"),
        ],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/coordinators",
        fields: &[("username", Text, "organizator-b")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/next",
        fields: &[("source", Id, "{t}"), ("next", Id, "{t2}")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/organisers",
        fields: &[("tournament", Id, "{t}"), ("username", Text, "organizator-b")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/retention",
        fields: &[("days", Number, "30")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/person/{p}/erase",
        fields: &[("reason", Text, "Prośba rodzica"), ("confirm", Flag, "tak")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/persons/merge",
        fields: &[("kept", Id, "{person}"), ("merged", Id, "{person2}")],
        may_store: &[Coordinator],
    },
    Plan {
        path: "/admin/season/{id}/persons/apart",
        fields: &[("kept", Id, "{person}"), ("merged", Id, "{person2}")],
        may_store: &[Coordinator],
    },
    Plan { path: "/admin/season/{id}/persons/unmerge/{m}", fields: &[], may_store: &[Coordinator] },
    Plan {
        path: "/admin/t/{t}/forbidden",
        fields: &[("a", Id, "{p}"), ("b", Id, "{p2}"), ("until", OptionalNumber, "")],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/forbidden/remove",
        fields: &[("a", Id, "{p}"), ("b", Id, "{p2}")],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/referees",
        fields: &[
            ("username", Text, "sedzia-wrogi"),
            ("password", Secret, "sedzia-wrogi-haslo"),
            ("role", OptionalNumber, ""),
        ],
        may_store: &[Owner],
    },
    Plan { path: "/admin/t/{t}/rounds", fields: &[], may_store: &[Owner] },
    Plan { path: "/admin/t/{t}/knockout", fields: &[], may_store: &[Owner] },
    Plan {
        path: "/admin/t/{t}/stages/format",
        fields: &[("preset", Number, "swiss_knockout"), ("count", OptionalNumber, "")],
        may_store: &[Owner],
    },
    Plan {
        path: "/admin/t/{t}/round/{n}/assign",
        fields: &[
            ("referee", Optional, "sedzia"),
            ("from", OptionalNumber, "1"),
            ("to", OptionalNumber, "2"),
        ],
        may_store: &[Owner],
    },
    Plan { path: "/ref/t/{t}/match/{m}/extra", fields: &[], may_store: &[Owner, Referee] },
    Plan {
        path: "/ref/t/{t}/match/{m}/deck",
        fields: &[
            ("set_label", Text, "Zestaw 1"),
            ("red_count", Number, "14"),
            ("polish_count", Number, "14"),
        ],
        may_store: &[Owner, Referee],
    },
    Plan {
        path: "/ref/t/{t}/match/{m}/forfeit",
        fields: &[("version", Number, "{mv}"), ("forfeit", OptionalNumber, "red")],
        may_store: &[Owner, Referee],
    },
    Plan {
        path: "/ref/t/{t}/game/{g}",
        fields: &[
            ("version", Number, "{gv}"),
            ("winner", Number, "red"),
            ("termination", Number, "warsaw-entered"),
            ("red_points", Number, "21"),
        ],
        may_store: &[Owner, Referee],
    },
    Plan { path: "/ref/t/{t}/game/{g}/upload", fields: &[("log", Text, "x")], may_store: &[] },
    Plan {
        path: "/online/{token}",
        fields: &[("step", Number, "0"), ("event", Text, "pass")],
        may_store: &[],
    },
    Plan { path: "/online/{token}/no-show", fields: &[], may_store: &[] },
    Plan {
        path: "/ref/t/{t}/match/{m}/online",
        fields: &[("action", Number, "start"), ("player", OptionalNumber, "")],
        may_store: &[Owner, Referee],
    },
    Plan {
        path: "/ref/t/{t}/game/{g}/record",
        fields: &[("action", Number, "push"), ("step", Number, "0"), ("event", Text, "pass")],
        may_store: &[Owner, Referee],
    },
    Plan {
        path: "/ref/t/{t}/game/{g}/clock",
        fields: &[("press", Number, "red"), ("action", Number, "press")],
        may_store: &[Owner, Referee],
    },
];

/// The routes whose last segment names an action (`{action}`): each action is a form of its own,
/// with its own fields, posted like a route of [`PLANS`] (the organiser's alone may store).
const ACTIONS: &[(&str, &str, Fields)] = &[
    ("/admin/t/{t}/stages/{action}", "draw", &[("seed", OptionalNumber, "7")]),
    ("/admin/t/{t}/stages/{action}", "round", &[]),
    ("/admin/t/{t}/stages/{action}", "seeds", &[("seed_{p}", Number, "2"), ("seed_{p2}", Number, "1")]),
    ("/admin/t/{t}/stages/{action}", "seeds-reset", &[]),
    (
        "/admin/t/{t}/stages/{action}",
        "tiebreaks",
        &[("tiebreak_1", Number, "games_won"), ("tiebreak_2", OptionalNumber, "direct_encounter")],
    ),
    ("/admin/t/{t}/stages/{action}", "lot", &[("group", Number, "0")]),
    ("/admin/t/{t}/stages/{action}", "withdrawal", &[("rule", Number, "annul")]),
    ("/admin/t/{t}/stages/{action}", "close", &[("confirm", Flag, "1")]),
    ("/admin/t/{t}/stages/{action}", "reopen", &[("reason", Text, "Błędny wynik w grupie")]),
    ("/admin/t/{t}/stages/{action}", "knockout", &[]),
    ("/admin/t/{t}/round/{n}/{action}", "swap", &[("x", Id, "{p}"), ("y", Id, "{p2}")]),
    ("/admin/t/{t}/round/{n}/{action}", "unlock", &[("reason", Text, "Prośba graczy")]),
    ("/admin/t/{t}/round/{n}/{action}", "publish", &[]),
    ("/admin/t/{t}/round/{n}/{action}", "lock", &[("confirm", Flag, "1")]),
    ("/admin/t/{t}/round/{n}/{action}", "discard", &[("confirm", Flag, "1")]),
];

/// A form to post: (path, fields, whether a clean form could store).
type Form = (String, Vec<(String, String)>, bool);

/// The POST routes of the app's route table.
fn post_routes() -> Vec<&'static str> {
    bitwa::web::startup::ROUTES
        .iter()
        .filter(|(method, _)| *method == "post")
        .map(|(_, path)| *path)
        .collect()
}

#[test]
fn every_post_route_has_a_plan() {
    let routes: BTreeSet<&str> = post_routes().into_iter().collect();
    let planned: BTreeSet<&str> = PLANS.iter().map(|p| p.path).chain(ACTIONS.iter().map(|a| a.0)).collect();
    assert!(routes.len() > 40, "the route table is read: {routes:?}");
    let missing: Vec<_> = routes.difference(&planned).collect();
    let stale: Vec<_> = planned.difference(&routes).collect();
    assert!(missing.is_empty(), "POST routes without a hostile plan (add one to PLANS): {missing:?}");
    assert!(stale.is_empty(), "plans for routes the app no longer has: {stale:?}");
}

/// The ids of the day that paths and clean values name: `(placeholder, clean, another's)`.
struct Ids(Vec<(&'static str, String, String)>);

impl Ids {
    fn fill(&self, text: &str, foreign: bool) -> String {
        let mut out = text.to_string();
        for (name, clean, other) in &self.0 {
            out = out.replace(&format!("{{{name}}}"), if foreign { other } else { clean });
        }
        out
    }
    fn foreign_value(&self, clean: &str) -> String {
        // The other organiser's object standing where this one's stood (a player of B for a
        // player of A, B itself for A); a number in general otherwise.
        for (_, mine, other) in &self.0 {
            if mine == clean {
                return other.clone();
            }
        }
        self.0.iter().find(|(n, ..)| *n == "p").map(|(_, _, o)| o.clone()).unwrap_or_default()
    }
}

fn hostile_value(h: Hostile, clean: &str, ids: &Ids) -> String {
    match h {
        Hostile::Empty => String::new(),
        Hostile::Huge => "ż".repeat(10_000),
        Hostile::Negative => "-1".into(),
        Hostile::TooLarge => "99999999999999999999999".into(),
        Hostile::Control => "a\u{0}b\u{7}\u{1B}[31m\u{202E}c\nd".into(),
        Hostile::Foreign => ids.foreign_value(clean),
    }
}

/// Words of English error messages that a Polish page never holds (whole words, any case).
const ENGLISH: [&str; 16] = [
    "the",
    "invalid",
    "missing",
    "expected",
    "error",
    "failed",
    "unknown",
    "found",
    "cannot",
    "must",
    "field",
    "digit",
    "string",
    "deserialize",
    "parse",
    "variant",
];

/// The English words of a Polish HTML page's visible text (tags, scripts and styles left out).
fn english_in_polish(page: &Page) -> Vec<String> {
    let polish = || crate::pages::first(&page.body, "html").is_some_and(|h| h.attr("lang") == Some("pl"));
    if !page.content_type.starts_with("text/html") || !polish() {
        return Vec::new();
    }
    let mut text = String::new();
    let mut rest = page.body.as_str();
    let mut inside = false;
    while let Some(c) = rest.chars().next() {
        if let Some(close) = ["script", "style"]
            .iter()
            .find(|tag| rest.starts_with(&format!("<{tag}")))
            .map(|tag| format!("</{tag}>"))
        {
            rest = rest.find(&close).map_or("", |end| &rest[end + close.len()..]);
            continue;
        }
        match c {
            '<' => inside = true,
            '>' => {
                inside = false;
                text.push(' ');
            }
            _ if !inside => text.push(c),
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| ENGLISH.iter().any(|e| w.eq_ignore_ascii_case(e)))
        .map(str::to_string)
        .collect()
}

/// Everything the service keeps, as text (sessions, throttling and secrets left out: those change
/// with every visit and are not what a form stores).
async fn fingerprint(db: &TestDb) -> Vec<(String, String)> {
    const SKIPPED: [&str; 5] =
        ["sessions", "login_throttle", "app_secrets", "_sqlx_migrations", "sqlite_sequence"];
    let mut out = Vec::new();
    match db {
        TestDb::Sqlite(c) => {
            let tables: Vec<(String,)> =
                sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                    .fetch_all(c)
                    .await
                    .unwrap();
            for (table,) in tables {
                if SKIPPED.contains(&table.as_str()) {
                    continue;
                }
                let columns: Vec<(String,)> = sqlx::query_as("SELECT name FROM pragma_table_info($1)")
                    .bind(&table)
                    .fetch_all(c)
                    .await
                    .unwrap();
                let row =
                    columns.iter().map(|(c,)| format!("quote(\"{c}\")")).collect::<Vec<_>>().join("||'|'||");
                let sql = format!(
                    "SELECT coalesce(group_concat(r, char(10)), '') FROM (SELECT {row} AS r FROM \"{table}\" ORDER BY 1)"
                );
                let (text,): (String,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(c).await.unwrap();
                out.push((table, text));
            }
        }
        TestDb::Postgres(c) => {
            let tables: Vec<(String,)> = sqlx::query_as(
                "SELECT table_name::text FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
            )
            .fetch_all(c)
            .await
            .unwrap();
            for (table,) in tables {
                if SKIPPED.contains(&table.as_str()) {
                    continue;
                }
                let sql = format!(
                    "SELECT coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '') FROM \"{table}\" x"
                );
                let (text,): (String,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(c).await.unwrap();
                out.push((table, text));
            }
        }
    }
    out
}

/// The tables whose content differs between two fingerprints.
fn changed(before: &[(String, String)], after: &[(String, String)]) -> Vec<String> {
    after
        .iter()
        .filter(|(table, text)| before.iter().find(|(t, _)| t == table).map(|(_, b)| b) != Some(text))
        .map(|(t, _)| t.clone())
        .collect()
}

/// An account `name` made an organiser of `t` by the admin.
async fn organiser_of(app: &TestApp, admin: &Browser, t: i64, name: &str) -> Browser {
    let password = format!("{name}-haslo-2026");
    let page = admin
        .post(
            &format!("/admin/t/{t}/referees"),
            &[("username", name), ("password", &password), ("role", "organiser")],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let b = app.browser();
    b.login(name, &password).await;
    b
}

/// A value's `value="…"` after `prefix` (a version field), or "0".
fn value_after(body: &str, prefix: &str) -> String {
    body.split_once(prefix)
        .and_then(|(_, rest)| rest.split_once("name=\"version\" value=\""))
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(v, _)| v.to_string())
        .unwrap_or_else(|| "0".into())
}

#[actix_rt::test]
async fn every_post_route_refuses_hostile_forms_by_every_role_without_5xx_english_or_a_stored_change() {
    let started = std::time::Instant::now();
    let app = TestApp::spawn().await;
    // A: the owner's tournament (four players, round 1 published, a referee); B: another
    // organiser's (two players, one of them like one of A's); C: a tournament of nobody's season.
    let day = Day::new(&app).players(4).referee().published().open().await;
    let OpenDay { t, ref admin, ref players, ref matches, .. } = day;
    let b = create_tournament(admin, &[("name", "Turniej B")]).await;
    let b_players = [register(admin, b, "Olga Olska").await, register(admin, b, "Zenon Zet").await];
    let c = create_tournament(admin, &[("name", "Turniej C")]).await;
    let (_, season) = create_season(admin).await;
    add_season_event(admin, season, t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    add_season_event(admin, season, b, "eliminacje lokalne", Some("łódzkie"), "1").await;
    let other_season = admin
        .post(
            "/admin/seasons",
            &[
                ("name", "Liga 2027"),
                ("first_day", "2027-04-01"),
                ("last_day", "2027-06-30"),
                ("years_from", "2007"),
                ("years_to", "2013"),
            ],
        )
        .await;
    assert_eq!(other_season.status, 303, "{}", other_season.body);
    let other_season = other_season.location.unwrap().trim_start_matches("/admin/season/").to_string();

    let owner = organiser_of(&app, admin, t, "organizator-a").await;
    let other = organiser_of(&app, admin, b, "organizator-b").await;
    assert_eq!(appoint(admin, b, "koordynator", "koordynator-haslo-2026").await.status, 303);
    let coordinator = app.browser();
    coordinator.login("koordynator", "koordynator-haslo-2026").await;
    let appointed =
        admin.post(&format!("/admin/season/{season}/coordinators"), &[("username", "koordynator")]).await;
    assert_eq!(appointed.status, 303, "{}", appointed.body);
    let visitor = app.browser();

    let games = day.games(matches[0]).await;
    let desk = admin.get(&format!("/admin/season/{season}")).await;
    let persons_a = ids_after(&admin.get(&format!("/t/{t}")).await.body, "href=\"/person/");
    let persons_b = ids_after(&admin.get(&format!("/t/{b}")).await.body, "href=\"/person/");
    let overview = admin.get(&format!("/admin/t/{t}")).await;
    let referee_match = day.referee().get(&format!("/ref/t/{t}/match/{}", matches[0])).await;
    let person = |list: &Vec<i64>, i: usize| list.get(i).copied().unwrap_or(0).to_string();
    let ids = Ids(vec![
        ("t", t.to_string(), b.to_string()),
        ("t2", b.to_string(), t.to_string()),
        ("t3", c.to_string(), b.to_string()),
        ("p", players[0].to_string(), b_players[0].to_string()),
        ("p2", players[1].to_string(), b_players[1].to_string()),
        ("pv", value_after(&overview.body, &format!("/admin/t/{t}/players/{}\"", players[0])), "0".into()),
        ("m", matches[0].to_string(), matches[1].to_string()),
        ("mv", value_after(&referee_match.body, "/forfeit\""), "0".into()),
        ("g", games[0].0.to_string(), games.last().map(|g| g.0 + 1000).unwrap_or(0).to_string()),
        ("gv", games[0].1.clone(), "0".into()),
        ("n", "1".into(), "2".into()),
        ("id", season.to_string(), other_season.clone()),
        ("person", person(&persons_a, 0), person(&persons_b, 0)),
        ("person2", person(&persons_b, 0), person(&persons_b, 1)),
        ("i", "1".into(), "2".into()),
        ("code", "bw-2021-reconstructed".into(), "../../etc".into()),
        ("token", "a".repeat(32), "b".repeat(32)),
        ("level", option_value(&desk.body, "eliminacje lokalne").to_string(), "999999".into()),
        ("region", option_value(&desk.body, "mazowieckie").to_string(), "999999".into()),
    ]);
    let browsers = [
        (Role::Owner, &owner),
        (Role::OtherOrganiser, &other),
        (Role::Coordinator, &coordinator),
        (Role::Referee, day.referee()),
        (Role::Visitor, &visitor),
    ];
    let db = TestDb::open(&app.db_url).await;
    let mut faults: Vec<String> = Vec::new();
    let mut posts = 0usize;

    // Logging in and out last: they change who the browsers are.
    let actions: Vec<(Plan, &str)> = ACTIONS
        .iter()
        .map(|&(path, action, fields)| (Plan { path, fields, may_store: &[Owner] }, action))
        .collect();
    let mut plans: Vec<(&Plan, &str)> =
        PLANS.iter().map(|p| (p, "")).chain(actions.iter().map(|(p, a)| (p, *a))).collect();
    plans.sort_by_key(|p| matches!(p.0.path, "/login" | "/logout"));
    for (plan, action) in plans {
        let fill = |text: &str, foreign: bool| ids.fill(text, foreign).replace("{action}", action);
        let clean: Vec<(String, String)> =
            plan.fields.iter().map(|(name, _, value)| (fill(name, false), fill(value, false))).collect();
        for &(role, browser) in &browsers {
            // The forms this role sends: (path, fields, whether a clean form could store).
            let mut forms: Vec<Form> = Vec::new();
            let own_path = fill(plan.path, false);
            let authorised = plan.may_store.contains(&role);
            if authorised {
                // Each field hostile in turn, the others clean: the value itself must be refused.
                for (i, (name, kind, value)) in plan.fields.iter().enumerate() {
                    for h in HOSTILE {
                        let mut fields = clean.clone();
                        fields[i] = (fill(name, false), hostile_value(h, &fill(value, false), &ids));
                        forms.push((own_path.clone(), fields, kind.may_be_clean(h)));
                    }
                }
            } else {
                // Whatever the values, this role may store nothing here.
                for h in HOSTILE {
                    let fields = plan
                        .fields
                        .iter()
                        .map(|(name, _, value)| {
                            (fill(name, false), hostile_value(h, &fill(value, false), &ids))
                        })
                        .collect();
                    forms.push((own_path.clone(), fields, false));
                }
                forms.push((own_path.clone(), clean.clone(), false));
            }
            if plan.fields.is_empty() {
                forms.push((own_path.clone(), vec![("x".into(), "ż".repeat(10_000))], authorised));
            }
            // The path naming another organiser's objects, and paths with ids no clean form has.
            if plan.path.contains('{') {
                // (Another organiser's objects are the other organiser's own.)
                let theirs = role == Role::OtherOrganiser && plan.may_store.contains(&Owner);
                forms.push((fill(plan.path, true), clean.clone(), theirs));
                if matches!(role, Role::Owner | Role::Visitor) {
                    for junk in ["-1", "abc", "99999999999999999999999", "1%00"] {
                        let path = plan
                            .path
                            .split('/')
                            .map(|s| if s.starts_with('{') { junk.to_string() } else { s.to_string() })
                            .collect::<Vec<_>>()
                            .join("/");
                        forms.push((path, clean.clone(), false));
                    }
                }
            }
            // Those that may store nothing first, the database compared once after them all (a
            // change names the forms answered with a success); then those a clean form could
            // store as well.
            forms.sort_by_key(|f| f.2);
            let before = fingerprint(&db).await;
            let mut succeeded = Vec::new();
            let mut checked = false;
            for (path, fields, may_store) in forms {
                if may_store && !checked {
                    let after = fingerprint(&db).await;
                    let tables = changed(&before, &after);
                    if !tables.is_empty() {
                        faults.push(format!(
                            "{role:?} {own_path}: stored into {tables:?} by one of {succeeded:#?}"
                        ));
                    }
                    checked = true;
                }
                let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                let page = browser.post(&path, &pairs).await;
                posts += 1;
                let shown: Vec<(&str, String)> =
                    pairs.iter().map(|(k, v)| (*k, v.chars().take(24).collect::<String>())).collect();
                let what = format!("{role:?} POST {path} {shown:?}");
                if page.status >= 500 {
                    faults.push(format!(
                        "{what}: {} {}",
                        page.status,
                        page.body.chars().take(300).collect::<String>()
                    ));
                }
                let english = english_in_polish(&page);
                if !english.is_empty() {
                    faults.push(format!("{what}: {} English on a Polish page: {english:?}", page.status));
                }
                if !may_store && page.status < 400 {
                    succeeded.push(format!("{what}: {}", page.status));
                }
            }
            if !checked {
                let after = fingerprint(&db).await;
                let tables = changed(&before, &after);
                if !tables.is_empty() {
                    faults.push(format!(
                        "{role:?} {own_path}: stored into {tables:?} by one of {succeeded:#?}"
                    ));
                }
            }
        }
    }
    db.close().await;
    assert!(faults.is_empty(), "{} of {posts} hostile posts failed:\n{}", faults.len(), faults.join("\n"));
    // The whole walk is meant for CI: it must stay short.
    assert!(started.elapsed() < std::time::Duration::from_secs(150), "took {:?}", started.elapsed());
}

#[test]
fn an_english_error_on_a_polish_page_is_caught_and_the_pages_own_words_are_not() {
    let page = |body: &str| Page {
        status: 400,
        location: None,
        content_type: "text/html; charset=utf-8".into(),
        body: body.into(),
        bytes: Vec::new(),
        headers: awc::http::header::HeaderMap::new(),
    };
    let polish = "<html lang=\"pl\"><style>.error{}</style><a lang=\"en\">English</a><p class=\"error\">Błąd: %s</p></html>";
    assert!(english_in_polish(&page(&polish.replace("%s", "Podaj liczbę od 1 do 200"))).is_empty());
    assert_eq!(
        english_in_polish(&page(&polish.replace("%s", "invalid digit found in string"))),
        ["invalid", "digit", "found", "string"]
    );
    let english = "<html lang=\"en\"><p>invalid digit found in string</p><a lang=\"pl\">Polski</a></html>";
    assert!(english_in_polish(&page(english)).is_empty(), "an English page may be English");
}
