//! Page objects: the pages tests read most, as typed values read from the pages' `data-`
//! attributes (`data-place`, `data-player`, `data-state`, `data-step`...), so a test says what it
//! checks ("the champion is first") instead of which markup shows it. Text is read only where the
//! words are the feature (a refusal, a notice) or where a cell's shown form is what is checked
//! (a decimal comma).

pub mod admin;
pub mod confirm;
pub mod entries;
pub mod error_page;
pub mod exports;
pub mod games;
pub mod html;
pub mod invitations;
pub mod knockout;
pub mod persons;
pub mod privacy;
pub mod referee;
pub mod table;
pub mod why;

use crate::helpers::Page;
use html::Element;

pub use html::{first, one, select};
pub use table::{Game, Live, Online, OnlineReferee, Recorder};

/// The page's HTML (a `Page` or its body).
pub trait Html {
    fn html(&self) -> &str;
}

impl Html for Page {
    fn html(&self) -> &str {
        &self.body
    }
}

impl Html for str {
    fn html(&self) -> &str {
        self
    }
}

impl Html for String {
    fn html(&self) -> &str {
        self
    }
}

/// The text of the element matching `selector` (a failed test when the page has none).
pub fn text_of(page: &(impl Html + ?Sized), selector: &str) -> String {
    one(page.html(), selector).text()
}

/// Whether the page has an element matching `selector`.
pub fn has(page: &(impl Html + ?Sized), selector: &str) -> bool {
    first(page.html(), selector).is_some()
}

/// The visible text of a whole page (tags dropped).
pub fn page_text(page: &(impl Html + ?Sized)) -> String {
    html::text(page.html())
}

/// One line of a standings table (the Swiss table, a group's table).
#[derive(Debug, Clone, PartialEq)]
pub struct StandingRow {
    pub place: u32,
    pub player: i64,
    pub name: String,
    /// Match points as the program writes them (`"0.5"`), whatever the page's language.
    pub points: String,
    /// Match points as the page shows them (`"0,5"` in Polish).
    pub shown_points: String,
    /// `(tiebreak code, value)` of each tiebreak column, in order.
    pub tiebreaks: Vec<(String, String)>,
    pub withdrawn: bool,
    /// A group's table: the place qualifies for the next stage.
    pub qualifies: bool,
    /// A group's table: the place waits for the organiser's lot.
    pub lot_due: bool,
    /// The name cell's whole text (name, club, notes such as "awans" or a tie's reason).
    pub cell: String,
}

impl StandingRow {
    fn read(tr: &Element) -> StandingRow {
        let name_cell = tr.one("td.main");
        StandingRow {
            place: tr.num("data-place"),
            player: tr.num("data-player"),
            name: name_cell.one("a").text(),
            points: tr.get("data-points").to_string(),
            shown_points: tr.select("td")[2].text(),
            tiebreaks: tr
                .select("td[data-tiebreak]")
                .iter()
                .map(|td| (td.get("data-tiebreak").to_string(), td.get("data-value").to_string()))
                .collect(),
            withdrawn: tr.has_class("withdrawn"),
            qualifies: tr.has("data-qualifies"),
            lot_due: name_cell.first("[data-lot-due]").is_some(),
            cell: name_cell.text(),
        }
    }

    /// The value of the tiebreak with `code` (`"buchholz"`, `"games_won"`...).
    pub fn tiebreak(&self, code: &str) -> &str {
        &self.tiebreaks.iter().find(|(c, _)| c == code).unwrap_or_else(|| panic!("no {code} in {self:?}")).1
    }
}

/// One line of the final ranking (after the knockout).
#[derive(Debug, Clone, PartialEq)]
pub struct FinalRow {
    /// The place as shown (`"1"`, or a shared range such as `"5–8"`).
    pub place: String,
    /// The first place of the range.
    pub first: u32,
    pub player: i64,
    pub name: String,
    /// How far the player got, as the page says it ("wygrany finał").
    pub reached: String,
    /// How far the player got: the word's key (`stage_champion`, `stage_third`...).
    pub reached_key: String,
    /// The place in the group ("A1") or the rank after the Swiss phase.
    pub before: String,
}

/// The final ranking table (`#final-ranking`) of a page: the standings or the bracket.
pub fn final_ranking(page: &(impl Html + ?Sized)) -> Vec<FinalRow> {
    select(page.html(), "#final-ranking tbody tr")
        .iter()
        .map(|tr| {
            let cells = tr.select("td");
            FinalRow {
                place: cells[0].text(),
                first: tr.num("data-place"),
                player: tr.num("data-player"),
                name: cells[1].one("a").text(),
                reached: cells[2].text(),
                reached_key: tr.get("data-reached").to_string(),
                before: cells[3].text(),
            }
        })
        .collect()
}

/// The public standings page (`/t/{t}/standings`).
#[derive(Debug, Clone)]
pub struct Standings {
    /// The Swiss table (empty on a groups tournament).
    pub rows: Vec<StandingRow>,
    /// Each group's table: (letter, rows).
    pub groups: Vec<(String, Vec<StandingRow>)>,
    /// The final ranking, once the knockout is over.
    pub finals: Vec<FinalRow>,
    /// The tiebreak column headers, as shown.
    pub columns: Vec<String>,
}

impl Standings {
    pub fn read(page: &(impl Html + ?Sized)) -> Standings {
        let body = page.html();
        let columns = first(body, "thead")
            .map(|h| h.select("th").iter().map(Element::text).collect())
            .unwrap_or_default();
        Standings {
            rows: select(body, "table#standings tbody tr").iter().map(StandingRow::read).collect(),
            groups: select(body, "table[data-group]")
                .iter()
                .map(|t| {
                    (
                        t.get("data-group").to_string(),
                        t.select("tbody tr").iter().map(StandingRow::read).collect(),
                    )
                })
                .collect(),
            finals: final_ranking(body),
            columns,
        }
    }

    /// The Swiss line of `player`.
    pub fn of(&self, player: i64) -> &StandingRow {
        self.rows
            .iter()
            .chain(self.groups.iter().flat_map(|g| g.1.iter()))
            .find(|r| r.player == player)
            .unwrap_or_else(|| panic!("player {player} not in the standings: {self:?}"))
    }

    /// The line named `name`.
    pub fn named(&self, name: &str) -> &StandingRow {
        self.rows
            .iter()
            .chain(self.groups.iter().flat_map(|g| g.1.iter()))
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("{name} not in the standings: {self:?}"))
    }

    /// The Swiss table's match points, top to bottom (`"1"`, `"0.5"`...).
    pub fn points(&self) -> Vec<&str> {
        self.rows.iter().map(|r| r.points.as_str()).collect()
    }

    /// How many Swiss lines have `points` match points.
    pub fn with_points(&self, points: &str) -> usize {
        self.rows.iter().filter(|r| r.points == points).count()
    }

    /// The rows of group `letter`.
    pub fn group(&self, letter: &str) -> &[StandingRow] {
        &self.groups.iter().find(|g| g.0 == letter).unwrap_or_else(|| panic!("no group {letter}: {self:?}")).1
    }
}

/// One match line (a round's pairings, a group's schedule, a match page's outcome).
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLine {
    pub id: i64,
    pub table: i64,
    /// The player commanding Red in game 1.
    pub red: i64,
    /// The other player; `None` for a bye.
    pub other: Option<i64>,
    /// `pending`, `win`, `loss`, `draw` (for the Red-first player), `forfeit`, `bye`, `knowledge`,
    /// `extra`, `invalid`.
    pub state: String,
    pub winner: Option<i64>,
    /// Games won by Red-first and the other, `"2:0"`.
    pub games: String,
    /// Red-side points of Red-first and the other, `"21:10"`.
    pub red_points: String,
    /// What a knockout match is: `ko_final`, `ko_third_place`, `ko_semi_final`...
    pub stage: Option<String>,
    /// The result as the page says it.
    pub result: String,
    /// The names on the line, Red-first then the other (empty for a match page's outcome line).
    pub names: Vec<String>,
    /// The whole line's text.
    pub text: String,
}

impl MatchLine {
    fn read(e: &Element) -> MatchLine {
        MatchLine {
            id: e.num("data-match"),
            table: e.num("data-table"),
            red: e.num("data-red"),
            other: e.attr("data-other").map(|v| v.parse().unwrap()),
            state: e.get("data-state").to_string(),
            winner: e.attr("data-winner").map(|v| v.parse().unwrap()),
            games: e.get("data-games").to_string(),
            red_points: e.get("data-red-points").to_string(),
            stage: e.attr("data-stage").map(str::to_string),
            result: e.first("span.result").map(|r| r.text()).unwrap_or_default(),
            names: e
                .select("a")
                .iter()
                .filter(|a| a.attr("href").is_some_and(|h| h.contains("/player/")))
                .map(Element::text)
                .collect(),
            text: e.text(),
        }
    }

    /// Both players (the bye's one alone).
    pub fn players(&self) -> Vec<i64> {
        std::iter::once(self.red).chain(self.other).collect()
    }

    pub fn is_bye(&self) -> bool {
        self.other.is_none()
    }

    pub fn decided(&self) -> bool {
        !matches!(self.state.as_str(), "pending" | "knowledge" | "extra" | "invalid")
    }
}

/// A round page (`/t/{t}/round/{n}`): its lines in table order.
#[derive(Debug, Clone)]
pub struct Round {
    pub number: i64,
    /// `swiss`, `groups` or `knockout`.
    pub phase: String,
    /// `draft`, `published` or `locked`.
    pub status: String,
    /// A knockout round's stage (`ko_semi_final`...).
    pub stage: Option<String>,
    pub lines: Vec<MatchLine>,
    /// The heading's text (round number, stage and status).
    pub heading: String,
}

impl Round {
    pub fn read(page: &(impl Html + ?Sized)) -> Round {
        let body = page.html();
        let table = one(body, "table#pairings");
        Round {
            number: table.num("data-round"),
            phase: table.get("data-phase").to_string(),
            status: table.get("data-status").to_string(),
            stage: table.attr("data-stage").map(str::to_string),
            lines: table.select("tbody tr").iter().map(MatchLine::read).collect(),
            heading: first(body, "h1").map(|h| h.text()).unwrap_or_default(),
        }
    }

    /// The lines that are matches (not byes).
    pub fn matches(&self) -> Vec<&MatchLine> {
        self.lines.iter().filter(|l| !l.is_bye()).collect()
    }

    /// The bye's line, if any.
    pub fn bye(&self) -> Option<&MatchLine> {
        self.lines.iter().find(|l| l.is_bye())
    }

    /// The line of match `id`.
    pub fn line(&self, id: i64) -> &MatchLine {
        self.lines.iter().find(|l| l.id == id).unwrap_or_else(|| panic!("no match {id}: {self:?}"))
    }

    /// The line where `player` plays.
    pub fn of(&self, player: i64) -> &MatchLine {
        self.lines
            .iter()
            .find(|l| l.players().contains(&player))
            .unwrap_or_else(|| panic!("player {player} not in the round: {self:?}"))
    }

    /// Every player on the page, in table order (Red-first, then the other).
    pub fn players(&self) -> Vec<i64> {
        self.lines.iter().flat_map(MatchLine::players).collect()
    }

    /// Every name on the page, in table order.
    pub fn names(&self) -> Vec<String> {
        self.lines.iter().flat_map(|l| l.names.clone()).collect()
    }
}

/// A public match page (`/t/{t}/match/{m}`).
#[derive(Debug, Clone)]
pub struct Match {
    pub line: MatchLine,
    /// The games table: (game id, game number, the row's text).
    pub games: Vec<(i64, i64, String)>,
}

impl Match {
    pub fn read(page: &(impl Html + ?Sized)) -> Match {
        let body = page.html();
        Match {
            line: MatchLine::read(&one(body, "#outcome")),
            games: select(body, "table.games tbody tr[data-game]")
                .iter()
                .map(|tr| (tr.num("data-game"), tr.num("data-game-no"), tr.text()))
                .collect(),
        }
    }
}

/// A group page (`/t/{t}/group/{letter}`).
#[derive(Debug, Clone)]
pub struct Group {
    /// The crosstable's members: (number in the Berger table, player).
    pub members: Vec<(u32, i64)>,
    /// The crosstable's cells: ((row, column), the scores shown).
    pub cells: Vec<((u32, u32), String)>,
    /// The group's standings.
    pub rows: Vec<StandingRow>,
    /// The group's schedule, every round's lines in order.
    pub schedule: Vec<MatchLine>,
}

impl Group {
    pub fn read(page: &(impl Html + ?Sized)) -> Group {
        let body = page.html();
        Group {
            members: select(body, "#crosstable tbody tr")
                .iter()
                .map(|tr| (tr.num("data-number"), tr.num("data-player")))
                .collect(),
            cells: select(body, "#crosstable td[data-row]")
                .iter()
                .map(|td| ((td.num("data-row"), td.num("data-col")), td.text()))
                .collect(),
            rows: select(body, "table#group-standings tbody tr").iter().map(StandingRow::read).collect(),
            schedule: select(body, "table.schedule tbody tr").iter().map(MatchLine::read).collect(),
        }
    }

    /// The players in Berger-number order.
    pub fn players(&self) -> Vec<i64> {
        self.members.iter().map(|m| m.1).collect()
    }

    /// The crosstable cell of row `r`, column `c`.
    pub fn cell(&self, r: u32, c: u32) -> &str {
        &self.cells.iter().find(|x| x.0 == (r, c)).unwrap_or_else(|| panic!("no cell {r},{c}: {self:?}")).1
    }
}

/// A player on the organiser's overview.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub version: String,
    pub withdrawn: bool,
    /// The birth date as shown (`—` once erased).
    pub born: String,
    /// The row's text (name, notes such as "dane usunięte", status).
    pub text: String,
}

/// An incomplete set of cards on the organiser's overview.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckRow {
    pub set: String,
    pub swapped_to: String,
    /// More cards counted than a full deck holds.
    pub too_many: bool,
    /// The line's text (counts and the missing cards by number and name).
    pub text: String,
}

/// The organiser's overview of a tournament (`/admin/t/{t}`).
#[derive(Debug, Clone)]
pub struct Overview {
    /// (round number, status key: `draft`, `published`, `locked`).
    pub rounds: Vec<(i64, String)>,
    pub players: Vec<PlayerRow>,
    pub referees: Vec<String>,
    /// Forbidden pairs: (player, player) as stored.
    pub forbidden: Vec<(i64, i64)>,
    /// Each forbidden pair's term as shown ("(do rundy 1)", "(zawsze)"), in the same order.
    pub forbidden_terms: Vec<String>,
    pub decks: Vec<DeckRow>,
}

impl Overview {
    pub fn read(page: &(impl Html + ?Sized)) -> Overview {
        let body = page.html();
        Overview {
            rounds: select(body, "#rounds tr[data-round]")
                .iter()
                .map(|tr| (tr.num("data-round"), tr.get("data-status").to_string()))
                .collect(),
            players: select(body, "#player-list tr[data-player]")
                .iter()
                .map(|tr| PlayerRow {
                    id: tr.num("data-player"),
                    name: tr.get("data-name").to_string(),
                    version: tr.get("data-version").to_string(),
                    withdrawn: tr.has_class("withdrawn"),
                    born: tr.select("td")[2].text(),
                    text: tr.text(),
                })
                .collect(),
            referees: select(body, "li[data-referee]")
                .iter()
                .map(|li| li.get("data-referee").to_string())
                .collect(),
            forbidden: select(body, "li[data-forbidden]")
                .iter()
                .map(|li| {
                    let (a, b) = li.get("data-forbidden").split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect(),
            forbidden_terms: select(body, "li[data-forbidden]")
                .iter()
                .map(|li| li.one("small").text())
                .collect(),
            decks: select(body, "#decks li[data-set]")
                .iter()
                .map(|li| DeckRow {
                    set: li.get("data-set").to_string(),
                    swapped_to: li.get("data-swapped-to").to_string(),
                    too_many: li.first("[data-too-many]").is_some(),
                    text: li.text(),
                })
                .collect(),
        }
    }

    /// The player called `name` (the newest of that name).
    pub fn player(&self, name: &str) -> &PlayerRow {
        self.players
            .iter()
            .rev()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("no player {name}: {self:?}"))
    }

    /// The player with `id`.
    pub fn player_by_id(&self, id: i64) -> &PlayerRow {
        self.players.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("no player {id}: {self:?}"))
    }

    /// The status key of round `n`.
    pub fn round_status(&self, n: i64) -> &str {
        &self.rounds.iter().find(|r| r.0 == n).unwrap_or_else(|| panic!("no round {n}: {self:?}")).1
    }
}

/// A player's page (`/t/{t}/player/{p}`).
#[derive(Debug, Clone)]
pub struct PlayerPage {
    pub player: i64,
    /// The current round's match: (round, match, table).
    pub current: Option<(i64, i64, i64)>,
    /// The rounds listed, current first, then the earlier ones: (round, match).
    pub rounds: Vec<(i64, i64)>,
    /// The Red-side points total.
    pub red_total: String,
    /// The summary line's text.
    pub summary: String,
}

impl PlayerPage {
    pub fn read(page: &(impl Html + ?Sized)) -> PlayerPage {
        let body = page.html();
        let summary = one(body, "#player-summary");
        PlayerPage {
            player: summary.num("data-player"),
            current: first(body, "#current-match")
                .map(|c| (c.num("data-round"), c.num("data-match"), c.num("data-table"))),
            rounds: select(body, "section.match-summary")
                .iter()
                .map(|s| (s.num("data-round"), s.num("data-match")))
                .collect(),
            red_total: summary.one("#red-total").text(),
            summary: summary.text(),
        }
    }
}

/// The texts of every element matching `selector`, in order.
pub fn texts(page: &(impl Html + ?Sized), selector: &str) -> Vec<String> {
    select(page.html(), selector).iter().map(Element::text).collect()
}

/// The value of `attr` on the element matching `selector` (a failed test when there is none).
pub fn attr_of(page: &(impl Html + ?Sized), selector: &str, attr: &str) -> String {
    one(page.html(), selector).get(attr).to_string()
}

/// The public page of a tournament (`/t/{t}`).
#[derive(Debug, Clone)]
pub struct Tournament {
    pub name: String,
    /// (id, name, withdrawn), in the page's order.
    pub players: Vec<(i64, String, bool)>,
    /// (round number, status key).
    pub rounds: Vec<(i64, String)>,
    /// The player search's results, when a search was made.
    pub found: Option<Vec<i64>>,
    /// The followed player's card, if any.
    pub followed: Option<Followed>,
}

/// The card of a followed player on the tournament page.
#[derive(Debug, Clone)]
pub struct Followed {
    pub player: i64,
    /// The next (or current) match: (match, round, table, the player commanding Red in game 1).
    pub next: Option<(i64, i64, i64, i64)>,
    /// The next-match line's text ("no match yet" when there is none).
    pub next_text: String,
    /// The last decided match: (match, round).
    pub last: Option<(i64, i64)>,
    /// The last result's line text.
    pub last_text: String,
    /// The whole card's text.
    pub text: String,
}

impl Followed {
    fn read(f: &Element) -> Followed {
        let next = f.one("#followed-next");
        let last = f.first("#followed-last");
        Followed {
            player: f.num("data-player"),
            next: next.has("data-match").then(|| {
                (next.num("data-match"), next.num("data-round"), next.num("data-table"), next.num("data-red"))
            }),
            next_text: next.text(),
            last: last.as_ref().map(|l| (l.num("data-match"), l.num("data-round"))),
            last_text: last.map(|l| l.text()).unwrap_or_default(),
            text: f.text(),
        }
    }
}

impl Tournament {
    pub fn read(page: &(impl Html + ?Sized)) -> Tournament {
        let body = page.html();
        Tournament {
            name: one(body, "h1").text(),
            players: select(body, "tr[data-player]")
                .iter()
                .map(|tr| (tr.num("data-player"), tr.get("data-name").to_string(), tr.has_class("withdrawn")))
                .collect(),
            rounds: select(body, "li[data-round]")
                .iter()
                .map(|li| (li.num("data-round"), li.get("data-status").to_string()))
                .collect(),
            found: first(body, "#search-results")
                .map(|s| s.select("li[data-player]").iter().map(|li| li.num("data-player")).collect()),
            followed: first(body, "#followed").map(|f| Followed::read(&f)),
        }
    }

    /// The names of the players listed.
    pub fn names(&self) -> Vec<&str> {
        self.players.iter().map(|p| p.1.as_str()).collect()
    }

    /// Whether a player called `name` is listed.
    pub fn lists(&self, name: &str) -> bool {
        self.players.iter().any(|p| p.1 == name)
    }
}

/// The home page's tournaments: (id, name), in the page's order.
pub fn tournaments(page: &(impl Html + ?Sized)) -> Vec<(i64, String)> {
    select(page.html(), "li[data-tournament]")
        .iter()
        .map(|li| (li.num("data-tournament"), li.one("a").text()))
        .collect()
}

/// The value of the form field `name` inside the element matching `scope` (`""` when the field has
/// no value; a failed test when there is no such field).
pub fn input(page: &(impl Html + ?Sized), scope: &str, name: &str) -> String {
    let field = one(page.html(), &format!("{scope} [name={name}]"));
    if field.tag == "textarea" {
        return html::decode(&field.inner);
    }
    field.attr("value").unwrap_or_default().to_string()
}

/// Whether the field `name` inside `scope` is marked invalid (`aria-invalid="true"`).
pub fn invalid(page: &(impl Html + ?Sized), scope: &str, name: &str) -> bool {
    one(page.html(), &format!("{scope} [name={name}]")).attr("aria-invalid") == Some("true")
}

/// A form as a page shows it after a refusal (issue 36: the input kept), or any form: what each
/// field holds (a text or number as typed, the option selected, the radio or box checked), the
/// summary of its problems above it (`#{summary}-refused`) and the problems beside its fields.
#[derive(Debug, Clone, Default)]
pub struct KeptForm {
    /// (field, value) in the form's order; a select with no option selected and an unchecked
    /// radio or box are left out, and so is the CSRF token.
    pub values: Vec<(String, String)>,
    /// The summary's lines ("Label: what is wrong"), empty when the form was not refused.
    pub summary: Vec<String>,
    /// The problems beside the form's fields, in order.
    pub problems: Vec<String>,
    /// The form is marked refused (`data-refused`), for a page with one form per line.
    pub marked: bool,
}

impl KeptForm {
    /// The form matching `form` (a selector) and the summary of the refused form `summary` (its
    /// id as the page names it); a failed test when there is no such form.
    pub fn read(page: &(impl Html + ?Sized), form: &str, summary: &str) -> KeptForm {
        let body = page.html();
        let f = one(body, form);
        let mut values = Vec::new();
        for field in f.select("[name]") {
            let name = field.get("name");
            if name == "csrf" {
                continue;
            }
            let value = match field.tag.as_str() {
                "select" => match field.first("option[selected]") {
                    Some(o) => html::decode(o.attr("value").unwrap_or_default()),
                    None => continue,
                },
                "textarea" => html::decode(&field.inner),
                "button" => continue,
                _ if matches!(field.attr("type"), Some("radio" | "checkbox")) && !field.has("checked") => {
                    continue;
                }
                _ => html::decode(field.attr("value").unwrap_or_default()),
            };
            values.push((name.to_string(), value));
        }
        KeptForm {
            values,
            summary: select(body, &format!("#{summary}-refused li")).iter().map(Element::text).collect(),
            problems: f.select(".field-error").iter().map(Element::text).collect(),
            marked: f.has("data-refused"),
        }
    }

    /// What field `name` holds (the first such field), if it holds anything.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The organiser's stages page (`/admin/t/{t}/stages`).
#[derive(Debug, Clone)]
pub struct Stages {
    /// The format's lines under each stage ("Liczba grup: 2"...), in order.
    pub lines: Vec<String>,
    /// The lot seed the draw preview names, before the draw.
    pub preview_seed: Option<String>,
    /// The draw's preview: (letter, names in order), before the draw.
    pub preview: Vec<(String, Vec<String>)>,
    /// The groups drawn: (letter, names in order).
    pub drawn: Vec<(String, Vec<String>)>,
    /// The group stage is closed.
    pub closed: bool,
    /// The qualified bracket's first matches, as the page says them ("A1 Name – B2 Name").
    pub qualified: Vec<String>,
    /// The seed fields before the draw: the player ids in the page's order.
    pub seeds: Vec<i64>,
    /// The group standings' tiebreak choices: the value chosen in each slot.
    pub tiebreaks: Vec<String>,
}

impl Stages {
    pub fn read(page: &(impl Html + ?Sized)) -> Stages {
        let body = page.html();
        let groups = |e: Option<Element>| -> Vec<(String, Vec<String>)> {
            e.map(|e| {
                e.select("div[data-group]")
                    .iter()
                    .map(|g| {
                        (
                            g.get("data-group").to_string(),
                            g.select("li").iter().map(|li| li.get("data-name").to_string()).collect(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
        };
        let preview = select(body, "div.groups-preview").into_iter().find(|d| !d.has("id"));
        Stages {
            lines: select(body, "#stage-list ul li").iter().map(Element::text).collect(),
            preview_seed: first(body, "#preview-seed").map(|s| s.text()),
            preview: groups(preview),
            drawn: groups(first(body, "#drawn")),
            closed: first(body, "#stage-closed").is_some(),
            qualified: select(body, "#qualified-bracket li").iter().map(Element::text).collect(),
            seeds: select(body, "#seeds-form input[type=number]")
                .iter()
                .map(|i| i.get("name").trim_start_matches("seed_").parse().unwrap())
                .collect(),
            tiebreaks: select(body, "#tiebreaks-form select")
                .iter()
                .map(|s| s.first("option[selected]").map(|o| o.get("value").to_string()).unwrap_or_default())
                .collect(),
        }
    }

    /// The names of the preview's groups, group after group.
    pub fn preview_names(&self) -> Vec<String> {
        self.preview.iter().flat_map(|g| g.1.clone()).collect()
    }

    /// The names of the drawn groups, group after group.
    pub fn drawn_names(&self) -> Vec<String> {
        self.drawn.iter().flat_map(|g| g.1.clone()).collect()
    }

    /// Whether the format says `line` ("Liczba grup: 2").
    pub fn says(&self, line: &str) -> bool {
        self.lines.iter().any(|l| l == line)
    }
}

/// The player id a `/t/{t}/player/{id}` link points to.
fn player_in(a: &Element) -> Option<i64> {
    a.attr("href")?.split("/player/").nth(1)?.parse().ok()
}

/// The public bracket page (`/t/{t}/bracket`).
#[derive(Debug, Clone)]
pub struct Bracket {
    /// The champion's name, once the final is decided.
    pub champion: Option<String>,
    /// Before the knockout: its first round as known, each match's slots as (origin such as
    /// "A1", player).
    pub first_round: Vec<Vec<(String, i64)>>,
    /// The origins shown in the bracket's slots ("A1", "B2"...).
    pub origins: Vec<String>,
    pub finals: Vec<FinalRow>,
}

impl Bracket {
    pub fn read(page: &(impl Html + ?Sized)) -> Bracket {
        let body = page.html();
        Bracket {
            champion: first(body, "#champion strong").map(|s| s.text()),
            first_round: select(body, "ul#knockout-first-round li")
                .iter()
                .map(|li| {
                    let origins = li.select("span.origin");
                    li.select("a")
                        .iter()
                        .enumerate()
                        .filter_map(|(i, a)| {
                            Some((origins.get(i).map(Element::text).unwrap_or_default(), player_in(a)?))
                        })
                        .collect()
                })
                .collect(),
            origins: select(body, "#bracket span.origin").iter().map(Element::text).collect(),
            finals: final_ranking(body),
        }
    }
}

/// One game's section on the referee's match page.
#[derive(Debug, Clone)]
pub struct RefereeGame {
    pub id: i64,
    pub number: i64,
    /// The version the game's form carries.
    pub version: String,
    /// Who commands Red in this game.
    pub red_name: String,
    /// The section's text (where the game stands, refusals...).
    pub text: String,
}

/// The referee's page of a match (`/ref/t/{t}/match/{m}`).
#[derive(Debug, Clone)]
pub struct RefereeMatch {
    pub line: MatchLine,
    pub games: Vec<RefereeGame>,
}

impl RefereeMatch {
    pub fn read(page: &(impl Html + ?Sized)) -> RefereeMatch {
        let body = page.html();
        RefereeMatch {
            line: MatchLine::read(&one(body, "#outcome")),
            games: select(body, "section.game[data-game]")
                .iter()
                .map(|s| RefereeGame {
                    id: s.num("data-game"),
                    number: s.num("data-game-no"),
                    version: s
                        .first("input[name=version]")
                        .map(|v| v.get("value").to_string())
                        .unwrap_or_default(),
                    red_name: s.one("h2 span.red").text(),
                    text: s.text(),
                })
                .collect(),
        }
    }

    /// Game `number` (3: the extra game).
    pub fn game(&self, number: i64) -> &RefereeGame {
        self.games.iter().find(|g| g.number == number).unwrap_or_else(|| panic!("no game {number}: {self:?}"))
    }
}

/// A table card (`/t/{t}/round/{n}/cards`).
#[derive(Debug, Clone)]
pub struct Card {
    pub id: i64,
    pub table: i64,
    /// Who commands Red in game 1, and the other player.
    pub red: String,
    pub other: String,
    /// The address the QR code holds (its caption and link), and the QR code's SVG path.
    pub qr_url: Option<String>,
    pub qr_path: Option<String>,
    /// The card's text.
    pub text: String,
}

/// The table cards of a round, in order.
pub fn cards(page: &(impl Html + ?Sized)) -> Vec<Card> {
    select(page.html(), "article.table-card")
        .iter()
        .map(|c| {
            let players = c.one("p.card-players");
            let red = players.one("span.red").text();
            let other = players.text().trim_start_matches(&red).trim_start_matches(" – ").to_string();
            let qr = c.first("a.card-qr");
            Card {
                id: c.num("data-match"),
                table: c.num("data-table"),
                red,
                other,
                qr_url: qr.as_ref().map(|a| a.get("href").to_string()),
                qr_path: qr.as_ref().and_then(|a| a.first("path")).map(|p| p.get("d").to_string()),
                text: c.text(),
            }
        })
        .collect()
}

/// One line of the pairings by name (`/t/{t}/round/{n}/names`).
#[derive(Debug, Clone, PartialEq)]
pub struct NameLine {
    pub player: i64,
    pub name: String,
    pub table: Option<i64>,
    pub opponent: Option<i64>,
    /// `red` or `polish` in game 1; `None` for the bye.
    pub side: Option<String>,
    /// The side as the page says it.
    pub side_shown: String,
}

/// The pairings by name, in the page's order.
pub fn names(page: &(impl Html + ?Sized)) -> Vec<NameLine> {
    select(page.html(), "table#by-name tbody tr")
        .iter()
        .map(|tr| NameLine {
            player: tr.num("data-player"),
            name: tr.one("a").text(),
            table: tr.attr("data-table").map(|t| t.parse().unwrap()),
            opponent: tr.attr("data-opponent").map(|o| o.parse().unwrap()),
            side: tr.attr("data-side").map(str::to_string),
            side_shown: tr.select("td")[2].text(),
        })
        .collect()
}

/// The match points a standings page shows for `name` (as shown: `"0,5"`).
pub fn points_of(standings: &(impl Html + ?Sized), name: &str) -> String {
    Standings::read(standings).named(name).shown_points.clone()
}

/// The two players of a referee's match page: who commands Red in game 1, and the other.
pub fn players_of(page: &(impl Html + ?Sized)) -> (String, String) {
    let line = one(page.html(), "p.players");
    let red = line.one("span.red").text();
    let rest = line.text();
    let other = rest.trim_start_matches(&red).trim_start_matches(" – ");
    let other = other.split(" (").next().unwrap_or(other);
    (red, other.to_string())
}

/// A person's public page (`/person/{p}`).
#[derive(Debug, Clone)]
pub struct Person {
    pub name: String,
    /// Each event: (tournament, player, the event's name, the entry's own spelling if it differs).
    pub events: Vec<(i64, i64, String, Option<String>)>,
}

impl Person {
    pub fn read(page: &(impl Html + ?Sized)) -> Person {
        let body = page.html();
        Person {
            name: one(body, "h1").text(),
            events: select(body, "#person-events tbody tr")
                .iter()
                .map(|tr| {
                    let a = tr.one("a");
                    let href = a.get("href").to_string();
                    let (t, p) =
                        href.trim_start_matches("/t/").split_once("/player/").expect("an entry's link");
                    let spelling =
                        tr.first("td span.muted").map(|s| s.text().trim_matches(['(', ')']).to_string());
                    (t.parse().unwrap(), p.parse().unwrap(), a.text(), spelling)
                })
                .collect(),
        }
    }

    /// The entries listed: (tournament, player).
    pub fn entries(&self) -> Vec<(i64, i64)> {
        self.events.iter().map(|e| (e.0, e.1)).collect()
    }
}

/// The organiser's persons page of a tournament (`/admin/t/{t}/persons`).
#[derive(Debug, Clone)]
pub struct Persons {
    /// Near pairs: ("here-other" person ids, the line's text).
    pub pairs: Vec<(String, String)>,
    /// Merges standing: (merge id, the line's text).
    pub merges: Vec<(i64, String)>,
    /// Proposals waiting for another organiser.
    pub waiting: Vec<(i64, String)>,
}

impl Persons {
    pub fn read(page: &(impl Html + ?Sized)) -> Persons {
        let body = page.html();
        Persons {
            pairs: select(body, "li[data-pair]")
                .iter()
                .map(|li| (li.get("data-pair").to_string(), li.text()))
                .collect(),
            merges: select(body, "li[data-merge]")
                .iter()
                .map(|li| (li.num("data-merge"), li.text()))
                .collect(),
            waiting: select(body, "li[data-proposal]")
                .iter()
                .map(|li| (li.num("data-proposal"), li.text()))
                .collect(),
        }
    }
}

/// A table on the referee's "my tables" page: (match, table, knockout stage).
pub type TableLine = (i64, i64, Option<String>);

/// The referee's "my tables" page: (own tables, other tables).
pub fn my_tables(page: &(impl Html + ?Sized)) -> (Vec<TableLine>, Vec<TableLine>) {
    let read = |sel: &str| -> Vec<TableLine> {
        select(page.html(), sel)
            .iter()
            .map(|li| (li.num("data-match"), li.num("data-table"), li.attr("data-stage").map(str::to_string)))
            .collect()
    };
    (read("#mine li[data-match]"), read("#others li[data-match]"))
}

/// One pupil's line on a page listing entries (the school's page, the organiser's entries, the
/// desk): `li[data-entry]`.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryLine {
    pub id: i64,
    /// The name as the line shows it (its `<strong>`).
    pub name: String,
    /// The entry's state (`consent`, `waiting`, `confirmed`...), where the page shows it.
    pub state: Option<String>,
    /// At the desk: ticked present.
    pub present: Option<bool>,
    /// At the desk: joins after round 1 was paired.
    pub late: bool,
}

/// The entries listed on a page, in order.
pub fn entries(page: &(impl Html + ?Sized)) -> Vec<EntryLine> {
    select(page.html(), "li[data-entry]")
        .iter()
        .map(|li| EntryLine {
            id: li.num("data-entry"),
            name: li.one("strong").text(),
            state: li.attr("data-state").map(str::to_string),
            present: li.attr("data-present").map(|p| p == "true"),
            late: li.has("data-late"),
        })
        .collect()
}

/// The names of the entries listed on a page, in order.
pub fn entry_names(page: &(impl Html + ?Sized)) -> Vec<String> {
    entries(page).into_iter().map(|e| e.name).collect()
}

/// A list's page links (`#ranking-pages`): where a long list is cut into pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Pager {
    /// The page shown (`aria-current="page"`).
    pub current: u32,
    /// Every page number listed (the current one too), in order.
    pub numbers: Vec<u32>,
    /// The `rel="prev"` link's address.
    pub prev: Option<String>,
    /// The `rel="next"` link's address.
    pub next: Option<String>,
    /// The numbered links' addresses, in order.
    pub links: Vec<String>,
    /// The words of the `prev` and `next` links, as shown ("" when absent).
    pub labels: (String, String),
}

impl Pager {
    /// The pager `selector` of a page (`None` when the list fits one page).
    pub fn read(page: &(impl Html + ?Sized), selector: &str) -> Option<Pager> {
        let p = first(page.html(), selector)?;
        let rel = |r: &str| p.first(&format!("a[rel={r}]")).map(|a| a.get("href").to_string());
        let numbered: Vec<Element> = p.select("a").into_iter().filter(|a| a.attr("rel").is_none()).collect();
        let current: u32 = p.one("[aria-current=page]").text().parse().expect("the current page's number");
        let mut numbers: Vec<u32> = numbered.iter().filter_map(|a| a.text().parse().ok()).collect();
        numbers.push(current);
        numbers.sort_unstable();
        Some(Pager {
            current,
            numbers,
            prev: rel("prev"),
            next: rel("next"),
            links: numbered.iter().map(|a| a.get("href").to_string()).collect(),
            labels: (
                p.first("a[rel=prev]").map(|a| a.text()).unwrap_or_default(),
                p.first("a[rel=next]").map(|a| a.text()).unwrap_or_default(),
            ),
        })
    }
}
