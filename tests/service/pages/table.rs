//! The live table's pages: the recorder, a game's page (replay and live), the live page.

use super::html::Element;
use super::{Html, first, one, select};

/// A chess clock on a page (`partials/clock.html`).
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    /// `red` or `polish`.
    pub side: String,
    /// Milliseconds left as the server reckons them.
    pub ms: i64,
    pub running: bool,
    /// The time shown.
    pub shown: String,
}

fn clocks(scope: &Element) -> Vec<Clock> {
    scope
        .select("div.clock")
        .iter()
        .map(|c| Clock {
            side: c.get("id").trim_start_matches("clock-").to_string(),
            ms: c.num("data-ms"),
            running: c.has("data-running"),
            shown: c.first("span.t").map(|t| t.text()).unwrap_or_default(),
        })
        .collect()
}

/// A board: its SVG's markup, to compare positions (shown by its length only).
#[derive(Clone, PartialEq, Eq)]
pub struct Board(pub String);

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({} bytes)", self.0.len())
    }
}

/// The board: the first SVG's markup.
fn board(html: &str) -> Option<Board> {
    first(html, "svg").map(|s| Board(s.inner))
}

/// The referee's recorder (`/ref/t/{t}/game/{g}/record`).
#[derive(Debug, Clone)]
pub struct Recorder {
    /// Where the recording stands: `blocked`, `ready` (not started), `live`, `confirming` (an ending
    /// to confirm), `awaiting` (a typed result differs), `set-aside`, `ended`, `over` (saved).
    pub state: &'static str,
    /// The number of lines recorded (while started).
    pub step: Option<String>,
    /// The game's round in the header ("Runda 1 z 5").
    pub round: String,
    /// The refusal of the last post, the notice (a stale page), why recording is blocked.
    pub error: Option<String>,
    pub notice: Option<String>,
    pub blocked: Option<String>,
    /// The events offered as buttons (their notation lines), and the buttons' words.
    pub options: Vec<String>,
    pub labels: Vec<String>,
    /// The pickers offered (`picker-draw`...).
    pub pickers: Vec<String>,
    /// The list the shared picker reads (`#on-offers`): each line it posts and the pieces that
    /// choose it (`data-k`); and every piece the board carries a key for.
    pub taps: Vec<(String, String)>,
    pub pieces: Vec<String>,
    /// The typed-line field's value (kept after a refusal).
    pub typed: String,
    /// The flag box: the side whose flag may fall, and whether the server reckons it fell.
    pub flag: Option<(String, bool)>,
    /// "Yes, the flag fell" is offered; the clock reading is asked for first.
    pub flag_yes: bool,
    pub flag_reading_first: bool,
    /// The resignation box is offered.
    pub resign: bool,
    /// The link to the tablet clock; the note that the players' clock is read.
    pub tablet_link: bool,
    pub clock_note: bool,
    pub clocks: Vec<Clock>,
    /// The result line once saved, the ending to confirm.
    pub result: Option<String>,
    pub confirm: Option<String>,
    /// What the game waits for, in words.
    pub awaited: String,
    /// The move list, newest first.
    pub moves: Vec<String>,
    /// The position's SVG.
    pub board: Option<Board>,
}

impl Recorder {
    pub fn read(page: &(impl Html + ?Sized)) -> Recorder {
        let body = page.html();
        let has = |sel: &str| first(body, sel).is_some();
        let text = |sel: &str| first(body, sel).map(|e| e.text());
        let state = if has("#record-blocked") {
            "blocked"
        } else if has("#record-start") {
            "ready"
        } else if has("#record-confirm") {
            "confirming"
        } else if has("#record-awaiting") {
            "awaiting"
        } else if has("#record-set-aside") {
            "set-aside"
        } else if has("#record-ended") {
            "ended"
        } else if has("#record-result") {
            "over"
        } else {
            "live"
        };
        let recorder = first(body, "#recorder");
        let flag =
            first(body, "#flag-box").map(|f| (f.get("data-side").to_string(), f.get("data-ready") == "1"));
        Recorder {
            state,
            step: recorder.as_ref().map(|r| r.get("data-step").to_string()),
            round: text("#rec-round").unwrap_or_default(),
            error: text("#record-error"),
            notice: text("#record-notice"),
            blocked: text("#record-blocked"),
            options: select(body, "#options button[data-line]")
                .iter()
                .map(|b| b.get("data-line").to_string())
                .collect(),
            labels: select(body, "#options button[data-line]").iter().map(Element::text).collect(),
            taps: select(body, "#on-offers button")
                .iter()
                .map(|b| (b.get("value").to_string(), b.get("data-k").to_string()))
                .collect(),
            pieces: first(body, "svg.board")
                .map(|b| crate::pages::html::attribute_values(&b.inner, "data-k"))
                .unwrap_or_default(),
            pickers: select(body, "form.picker")
                .iter()
                .filter_map(|f| f.attr("id").map(str::to_string))
                .collect(),
            typed: first(body, "#typed-form input[name=event]")
                .map(|i| i.attr("value").unwrap_or_default().to_string())
                .unwrap_or_default(),
            flag,
            flag_yes: has("#flag-yes"),
            flag_reading_first: has("#flag-reading-first"),
            resign: has("#resign-box"),
            tablet_link: has("#to-tablet-clock"),
            clock_note: has("#clock-note"),
            clocks: recorder.as_ref().map(clocks).unwrap_or_default(),
            result: text("#record-result"),
            confirm: text("#confirm-result"),
            awaited: text("#awaited").unwrap_or_default(),
            moves: select(body, "ol#moves li").iter().map(Element::text).collect(),
            board: board(body),
        }
    }

    /// The clock of `side`.
    pub fn clock(&self, side: &str) -> &Clock {
        self.clocks.iter().find(|c| c.side == side).unwrap_or_else(|| panic!("no {side} clock: {self:?}"))
    }

    /// Whether a clock runs.
    pub fn any_running(&self) -> bool {
        self.clocks.iter().any(|c| c.running)
    }
}

/// A game's public page (`/t/{t}/game/{g}`).
#[derive(Debug, Clone)]
pub struct Game {
    /// The step shown and the number of steps.
    pub step: Option<(u32, u32)>,
    /// The move list in words, oldest first, and the index of the one marked as now.
    pub moves: Vec<String>,
    pub now: Option<usize>,
    /// The move list's links (`?step=N`).
    pub links: Vec<String>,
    /// The game is in play: its live header, and the address the page polls.
    pub live: bool,
    pub poll: Option<String>,
    /// The result sentence, once there is one.
    pub result: Option<String>,
    pub clocks: Vec<Clock>,
    pub board: Option<Board>,
}

impl Game {
    pub fn read(page: &(impl Html + ?Sized)) -> Game {
        let body = page.html();
        let moves = select(body, "ol#moves li");
        Game {
            step: first(body, "#replay-step").map(|s| (s.num("data-step"), s.num("data-steps"))),
            now: moves.iter().position(|li| li.attr("aria-current") == Some("step")),
            links: moves.iter().filter_map(|li| li.first("a").map(|a| a.get("href").to_string())).collect(),
            moves: moves.iter().map(Element::text).collect(),
            live: first(body, "#game-live").is_some(),
            poll: first(body, "[data-poll]").map(|p| p.get("data-poll").to_string()),
            result: first(body, "#game-result").map(|r| r.text()),
            clocks: first(body, "#replay").as_ref().map(clocks).unwrap_or_default(),
            board: board(body),
        }
    }
}

/// A match on the live page (`/t/{t}/live`).
#[derive(Debug, Clone)]
pub struct LiveMatch {
    pub id: i64,
    /// `not-started`, `in-play`...
    pub state: String,
    /// The games shown in play.
    pub games: Vec<i64>,
    pub text: String,
}

/// The live page (or its frame): the matches of the round in play.
#[derive(Debug, Clone)]
pub struct Live {
    pub matches: Vec<LiveMatch>,
    /// The address the page polls.
    pub poll: Option<String>,
}

impl Live {
    pub fn read(page: &(impl Html + ?Sized)) -> Live {
        let body = page.html();
        Live {
            matches: select(body, "article.live-match")
                .iter()
                .map(|a| LiveMatch {
                    id: a.num("data-match"),
                    state: a.get("data-state").to_string(),
                    games: a.select("section.live-table").iter().map(|s| s.num("data-game")).collect(),
                    text: a.text(),
                })
                .collect(),
            poll: first(body, "#live").and_then(|l| l.attr("data-poll").map(str::to_string)),
        }
    }

    /// Every game shown in play.
    pub fn games(&self) -> Vec<i64> {
        self.matches.iter().flat_map(|m| m.games.clone()).collect()
    }
}

/// The text of the element matching `selector` on a recorder or game page, if any.
pub fn maybe_text(page: &(impl Html + ?Sized), selector: &str) -> Option<String> {
    first(page.html(), selector).map(|e| e.text())
}

/// The element matching `selector` (a failed test when there is none).
pub fn element(page: &(impl Html + ?Sized), selector: &str) -> Element {
    one(page.html(), selector)
}

/// One game's deal on a player's online page: its commitment, and its seed once published.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    pub game_no: i64,
    pub commitment: String,
    pub seed: Option<String>,
}

/// A player's online page (`/online/{token}`).
#[derive(Debug, Clone)]
pub struct Online {
    /// `waiting` (for the opponent), `your-turn`, `their-turn`, `over`.
    pub state: &'static str,
    /// The number of events so far (0 while waiting).
    pub step: String,
    /// The player's side (`red`, `polish`) once the game runs.
    pub side: Option<String>,
    pub game: Option<i64>,
    /// The events offered (their notation values).
    pub offers: Vec<String>,
    /// The same offers with the pieces that choose them (`data-k`, in order).
    pub keyed: Vec<(String, Vec<String>)>,
    /// The pieces that are links without scripts (board spaces and units, cards in the hand): what
    /// each link has picked in all (its `?pick=`), and its address.
    pub pick_links: Vec<(Vec<String>, String)>,
    /// The list shows only what holds the pieces picked so far (without scripts).
    pub picking: bool,
    pub error: Option<String>,
    pub notice: Option<String>,
    pub paused: bool,
    pub clocks: Vec<Clock>,
    /// The result line at the end.
    pub result: Option<String>,
    /// The resignation form: (its step, the event it posts).
    pub resign: Option<(String, String)>,
    pub deals: Vec<Deal>,
    pub board: Option<Board>,
    /// While waiting for the opponent: the note, the seconds before a no-show may be claimed,
    /// and the claim's form once it may.
    pub waiting: Option<String>,
    pub claim_in: Option<i64>,
    pub claim_open: bool,
}

impl Online {
    pub fn read(page: &(impl Html + ?Sized)) -> Online {
        let body = page.html();
        let has = |sel: &str| first(body, sel).is_some();
        let text = |sel: &str| first(body, sel).map(|e| e.text());
        let game = first(body, "#online");
        let state = if has("#on-result") {
            "over"
        } else if has("#on-your-turn") {
            "your-turn"
        } else if has("#on-wait-turn") {
            "their-turn"
        } else {
            "waiting"
        };
        Online {
            state,
            step: game
                .as_ref()
                .or(first(body, "#on-wait").as_ref())
                .map(|g| g.get("data-step").to_string())
                .unwrap_or_default(),
            side: game.as_ref().map(|g| g.get("data-side").to_string()),
            game: game.as_ref().map(|g| g.num("data-game")),
            offers: select(body, "#on-offers button[name=event]")
                .iter()
                .map(|b| b.get("value").to_string())
                .collect(),
            keyed: select(body, "#on-offers button[name=event]")
                .iter()
                .map(|b| {
                    let keys = b.attr("data-k").unwrap_or_default();
                    (b.get("value").to_string(), keys.split_whitespace().map(String::from).collect())
                })
                .collect(),
            pick_links: select(body, "#online a")
                .iter()
                .filter_map(|a| {
                    let href = a.attr("href")?;
                    let (_, q) = href.split_once("?pick=")?;
                    let q = q.split(['#', '&']).next().unwrap_or_default();
                    let picks =
                        percent_decoded(q).split(',').filter(|p| !p.is_empty()).map(String::from).collect();
                    Some((picks, href.to_string()))
                })
                .collect(),
            picking: first(body, "#on-list").is_some_and(|l| l.has("open")),
            error: text("#on-error"),
            notice: text("#on-notice"),
            paused: has("#paused"),
            clocks: game.as_ref().map(clocks).unwrap_or_default(),
            result: text("#on-result"),
            resign: first(body, "#on-resign-form").map(|f| {
                (
                    f.one("input[name=step]").get("value").to_string(),
                    f.one("button[name=event]").get("value").to_string(),
                )
            }),
            deals: select(body, "#on-deals li")
                .iter()
                .map(|li| Deal {
                    game_no: li.get("id").trim_start_matches("on-deal-").parse().unwrap(),
                    commitment: li.one("code.commitment").text(),
                    seed: li.first("code.seed").map(|s| s.text()),
                })
                .collect(),
            board: board(body),
            waiting: text("#on-waiting"),
            claim_in: first(body, "#on-claim-in").map(|c| c.num("data-seconds")),
            claim_open: has("#on-claim-form"),
        }
    }

    /// The deal of game `n`.
    pub fn deal(&self, n: i64) -> Option<&Deal> {
        self.deals.iter().find(|d| d.game_no == n)
    }

    /// Whether a clock runs.
    pub fn any_running(&self) -> bool {
        self.clocks.iter().any(|c| c.running)
    }
}

/// `%XX` escapes of a query value decoded (the pick links' `u%3AR16A%2Ch%3Ae4`).
fn percent_decoded(q: &str) -> String {
    let bytes = q.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], q.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The referee's online page of a match (`/ref/t/{t}/match/{m}/online`).
#[derive(Debug, Clone)]
pub struct OnlineReferee {
    /// The match is played online.
    pub online: bool,
    /// The link just issued, if any.
    pub issued: Option<String>,
    /// The players' lines (name, link state, presence).
    pub players: Vec<String>,
    /// Each player's presence: (player id, present, the words).
    pub presence: Vec<(i64, bool, String)>,
    /// The waiting: the time left before a claim is said; the referee's claim form; "neither came".
    pub claim_wait: bool,
    pub referee_claim: Option<String>,
    pub neither: bool,
}

impl OnlineReferee {
    pub fn read(page: &(impl Html + ?Sized)) -> OnlineReferee {
        let body = page.html();
        assert!(
            first(body, "#on-online").is_some() || first(body, "#on-not-online").is_some(),
            "the referee's online page says whether the match is online:\n{body}"
        );
        OnlineReferee {
            online: first(body, "#on-online").is_some(),
            issued: first(body, "#on-issued-url").map(|a| a.get("href").to_string()),
            players: select(body, "#on-players li").iter().map(Element::text).collect(),
            presence: select(body, "#on-players span")
                .iter()
                .filter(|s| s.attr("id").is_some_and(|i| i.starts_with("on-presence-")))
                .map(|s| {
                    (
                        s.get("id").trim_start_matches("on-presence-").parse().unwrap(),
                        s.has_class("ok"),
                        s.text(),
                    )
                })
                .collect(),
            claim_wait: first(body, "#on-claim-wait").is_some(),
            referee_claim: first(body, "#on-referee-claim").map(|c| c.text()),
            neither: first(body, "#on-neither").is_some(),
        }
    }
}
