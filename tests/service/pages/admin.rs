//! The organiser's pages that are not about one round: editions, refusal lists, the deck check.

use super::html::Element;
use super::{Html, first, one, select};

/// One edition on the organiser's list (`/admin/editions`): (code, name), in the page's order.
pub fn editions(page: &(impl Html + ?Sized)) -> Vec<(String, String)> {
    select(page.html(), "#list tbody tr")
        .iter()
        .map(|tr| (tr.one("code").text(), tr.one("a").text()))
        .collect()
}

/// The problems of a refused edition upload, as the page says them, and the list's heading.
pub fn edition_problems(page: &(impl Html + ?Sized)) -> (String, Vec<String>) {
    match first(page.html(), "#problems") {
        Some(p) => {
            let heading = p.one("h2").text();
            (heading, p.select("li span.error").iter().map(Element::text).collect())
        }
        None => (String::new(), Vec::new()),
    }
}

/// One card of an edition page: (token such as `P28`, name, strength).
pub type EditionCard = (String, String, u32);

/// An edition's page (`/admin/editions/{code}`).
#[derive(Debug, Clone)]
pub struct EditionPage {
    pub name: String,
    pub code: String,
    /// Who uploaded it (`None` for a built-in edition).
    pub uploaded_by: Option<String>,
    /// The upload's source line as shown ("Źródło: pudelko-7.zip (… B)"), if any.
    pub source: Option<String>,
    /// The files stored, in order.
    pub files: Vec<String>,
    pub cards: Vec<EditionCard>,
}

impl EditionPage {
    pub fn read(page: &(impl Html + ?Sized)) -> EditionPage {
        let body = page.html();
        let h1 = one(body, "h1");
        let small = h1.first("small").map(|s| s.text()).unwrap_or_default();
        EditionPage {
            name: h1.text().trim_end_matches(&small).trim().to_string(),
            code: one(body, "#edition-code").text(),
            uploaded_by: one(body, "#provenance").attr("data-uploaded-by").map(str::to_string),
            source: first(body, "#edition-source").map(|s| s.text()),
            files: select(body, "a[data-file]").iter().map(|a| a.get("data-file").to_string()).collect(),
            cards: select(body, "tr[data-card]")
                .iter()
                .map(|tr| {
                    (tr.get("data-card").to_string(), tr.select("td")[1].text(), tr.num("data-strength"))
                })
                .collect(),
        }
    }

    /// The card with `token` (`P28`).
    pub fn card(&self, token: &str) -> &EditionCard {
        self.cards.iter().find(|c| c.0 == token).unwrap_or_else(|| panic!("no card {token}: {self:?}"))
    }
}

/// The cards the referee's deck check offers to tick as missing: their labels ("P28 Batalion
/// Szturmowy"), in order.
pub fn deck_cards(page: &(impl Html + ?Sized)) -> Vec<String> {
    select(page.html(), "#deck-form .checklist label").iter().map(Element::text).collect()
}

/// The value of the `<option>` selected in the `<select>` matching `selector`, if any.
pub fn selected(page: &(impl Html + ?Sized), selector: &str) -> Option<String> {
    one(page.html(), selector).first("option[selected]").map(|o| o.get("value").to_string())
}

/// One change on a tournament's history page (`/admin/t/{t}/history`).
#[derive(Debug, Clone)]
pub struct Change {
    pub id: i64,
    /// What happened, in words ("Zapis przy stole zakończony przed końcem partii").
    pub what: String,
    /// The match the change is about, if any.
    pub match_id: Option<i64>,
    /// The values before and after, each as the page says it.
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// The whole line's text.
    pub text: String,
}

/// The changes a history page lists, newest first.
pub fn history(page: &(impl Html + ?Sized)) -> Vec<Change> {
    select(page.html(), "#history li.change")
        .iter()
        .map(|li| {
            let side = |class: &str| -> Vec<String> {
                li.first(&format!("div.{class}"))
                    .map(|d| d.select("span").iter().filter(|s| !s.has("class")).map(Element::text).collect())
                    .unwrap_or_default()
            };
            Change {
                id: li.get("id").trim_start_matches("change-").parse().unwrap(),
                what: li.one("p.what strong").text().trim_end_matches(':').to_string(),
                match_id: li
                    .first("p.what a")
                    .and_then(|a| a.get("href").rsplit('/').next().and_then(|m| m.parse().ok())),
                before: side("before"),
                after: side("after"),
                text: li.text(),
            }
        })
        .collect()
}

/// The newest change whose words begin with `what` ("Zamiana graczy w szkicu" for "Zamiana graczy
/// w szkicu (runda 1, stół 1)"); a failed test when there is none.
pub fn change<'a>(changes: &'a [Change], what: &str) -> &'a Change {
    changes
        .iter()
        .find(|c| c.what.starts_with(what))
        .unwrap_or_else(|| panic!("no change {what:?} in {changes:#?}"))
}

/// The engine's refusal of a move log (`partials/log_error.html`), on the referee's form or a
/// game's page.
#[derive(Debug, Clone)]
pub struct LogError {
    /// The first line: "Błąd w zapisie partii. Wiersz 7: red command …".
    pub line: String,
    /// The event as written (the `<code>`), if any.
    pub event: Option<String>,
    /// The one sentence that says what is wrong.
    pub sentence: String,
    /// The position before the event: the toggle's words and the position.
    pub state: Option<(String, String)>,
    /// The whole box's text.
    pub text: String,
}

impl LogError {
    /// The box inside the element matching `scope` (`"body"` for the whole page), if shown.
    pub fn read(page: &(impl Html + ?Sized), scope: &str) -> Option<LogError> {
        let e = one(page.html(), scope).first("#log-error")?;
        Some(LogError {
            line: e.one("p").text(),
            event: e.first("p code").map(|c| c.text()),
            sentence: e.one("#log-error-sentence").text(),
            state: e.first("details").map(|d| (d.one("summary").text(), d.one("p").text())),
            text: e.text(),
        })
    }
}

/// The stored log on a game's page: its heading, the log as shown (decoded), and its raw HTML.
#[derive(Debug, Clone)]
pub struct GameLog {
    pub heading: String,
    pub log: String,
    pub raw: String,
    /// The download link of a validated log.
    pub download: Option<String>,
    pub error: Option<LogError>,
}

impl GameLog {
    /// The game page's log, if it shows one.
    pub fn read(page: &(impl Html + ?Sized)) -> Option<GameLog> {
        let body = page.html();
        let pre = first(body, "pre#log")?;
        Some(GameLog {
            heading: select(body, "h2").last().map(|h| h.text()).unwrap_or_default(),
            log: super::html::decode(&pre.inner),
            raw: pre.inner.clone(),
            download: first(body, "p.links a[download]").map(|a| a.get("href").to_string()),
            error: LogError::read(body, "body"),
        })
    }
}

/// A followed player's card on the front page: (tournament, player, the table of the next match).
#[derive(Debug, Clone, PartialEq)]
pub struct FollowedCard {
    pub t: i64,
    pub player: i64,
    pub table: Option<i64>,
    /// Where the card's links go.
    pub links: Vec<String>,
}

/// The front page's followed players (`None` when the page has no such part), and the ids it
/// names as gone (`data-gone`).
pub fn followed_cards(page: &(impl Html + ?Sized)) -> (Option<Vec<FollowedCard>>, Option<String>) {
    let body = page.html();
    let cards = first(body, "#followed-players").map(|s| {
        s.select("div.followed-card")
            .iter()
            .map(|c| FollowedCard {
                t: c.num("data-tournament"),
                player: c.num("data-player"),
                table: c.first("[data-table]").map(|e| e.num("data-table")),
                links: c.select("a").iter().map(|a| a.get("href").to_string()).collect(),
            })
            .collect()
    });
    (cards, first(body, "#followed-gone").map(|g| g.get("data-gone").to_string()))
}

/// Whether any form or link of the page goes to an address containing `part`.
pub fn links_to(page: &(impl Html + ?Sized), part: &str) -> bool {
    let body = page.html();
    select(body, "a")
        .iter()
        .chain(select(body, "form").iter())
        .any(|e| e.attr("href").or(e.attr("action")).is_some_and(|h| h.contains(part)))
}

/// One event on a season's public page (`/season/{s}`).
#[derive(Debug, Clone)]
pub struct SeasonEvent {
    pub t: i64,
    pub name: String,
    /// The event's status as the page says it ("zamknięty, klasyfikacja zapisana").
    pub status: String,
    /// Who qualified from it: (person, name, the line's text with its state).
    pub qualifiers: Vec<(i64, String, String)>,
    /// Who was invited into it: (person, name, the line's text with its origin and state).
    pub invited: Vec<(i64, String, String)>,
    /// The article's text.
    pub text: String,
}

/// A season's public page: its name, and each level's name with its events.
#[derive(Debug, Clone)]
pub struct SeasonPage {
    pub name: String,
    pub levels: Vec<(String, Vec<SeasonEvent>)>,
}

impl SeasonPage {
    pub fn read(page: &(impl Html + ?Sized)) -> SeasonPage {
        let body = page.html();
        let people = |e: &Element, list: &str| -> Vec<(i64, String, String)> {
            e.select(&format!("ul.{list} li[data-person]"))
                .iter()
                .map(|li| (li.num("data-person"), li.one("a").text(), li.text()))
                .collect()
        };
        SeasonPage {
            name: one(body, "h1").text(),
            levels: select(body, "section")
                .iter()
                .filter(|s| s.attr("id").is_some_and(|id| id.starts_with("level-")))
                .map(|s| {
                    let events = s
                        .select("article.event")
                        .iter()
                        .map(|a| SeasonEvent {
                            t: a.num("data-event"),
                            name: a.one("h3 a").text(),
                            status: a.one("span.status").text(),
                            qualifiers: people(a, "qualifiers"),
                            invited: people(a, "invited"),
                            text: a.text(),
                        })
                        .collect();
                    (s.one("h2").text(), events)
                })
                .collect(),
        }
    }

    /// The event `t`.
    pub fn event(&self, t: i64) -> &SeasonEvent {
        self.levels
            .iter()
            .flat_map(|l| l.1.iter())
            .find(|e| e.t == t)
            .unwrap_or_else(|| panic!("no event {t}: {self:?}"))
    }
}

/// A correction's summary (`partials/correction.html`): what reopening an event changed.
#[derive(Debug, Clone)]
pub struct Correction {
    pub t: i64,
    pub title: String,
    /// The places that moved ("Name: 2 → 3"), the invitations revoked and the new ones.
    pub places: Vec<String>,
    pub revoked: Vec<String>,
    pub invited: Vec<String>,
    /// What happens next, in words.
    pub note: String,
}

impl Correction {
    /// Whether it changes nothing stored.
    pub fn changes_nothing(&self) -> bool {
        self.places.is_empty() && self.revoked.is_empty() && self.invited.is_empty()
    }
}

/// The corrections a page shows.
pub fn corrections(page: &(impl Html + ?Sized)) -> Vec<Correction> {
    select(page.html(), "section.correction")
        .iter()
        .map(|s| {
            let list = |class: &str| -> Vec<String> {
                s.select(&format!("ul.{class} li")).iter().map(Element::text).collect()
            };
            Correction {
                t: s.num("data-correction"),
                title: s.one("h3").text(),
                places: list("place-changes"),
                revoked: list("revoked"),
                invited: list("invited"),
                note: s.one("p.note").text(),
            }
        })
        .collect()
}

/// The places no reserve was left to fill: (the line's text, how many).
pub fn unfilled(page: &(impl Html + ?Sized)) -> Vec<(String, u32)> {
    select(page.html(), "ul#unfilled-places li")
        .iter()
        .map(|li| (li.text(), li.one("strong").text().parse().unwrap()))
        .collect()
}

/// The lines of the season coordinator's log (`#season-log`).
pub fn season_log(page: &(impl Html + ?Sized)) -> Vec<String> {
    select(page.html(), "#season-log li").iter().map(Element::text).collect()
}

/// One invitation on an event's invitations page (`/admin/t/{t}/invitations`).
#[derive(Debug, Clone)]
pub struct Invitation {
    pub id: i64,
    pub person: i64,
    pub name: String,
    /// Its state in words ("zaproszenie czeka na odpowiedź").
    pub state: String,
    /// The line's text (school, where it comes from, the state).
    pub text: String,
}

/// The invitations a page lists, in its order.
pub fn invitations(page: &(impl Html + ?Sized)) -> Vec<Invitation> {
    select(page.html(), "li[data-invitation]")
        .iter()
        .map(|li| Invitation {
            id: li.num("data-invitation"),
            person: li.num("data-person"),
            name: li.one("a").text(),
            state: li.first("span.state").map(|s| s.text()).unwrap_or_default(),
            text: li.text(),
        })
        .collect()
}
