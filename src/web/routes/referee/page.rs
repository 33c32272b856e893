//! The referee's match page, in the order of the day: the deck check, game 1, game 2 (and the
//! extra game of a level knockout match), then a walkover or withdrawal. Each form can come back
//! with what was typed and its problems ([`GameForm`], [`DeckForm`], [`ForfeitForm`]).

use super::cards::{Army, CardView, checklist};
use super::open_for;
use crate::app::editions::cache::EditionCache;
use crate::app::results::{Standing, card_list, standings_of_match};
use crate::app::snapshot::{Loaded, MatchState};
use crate::engine::Edition;
use crate::outcome::{Side, Termination};
use crate::store::deck_checks::DeckCheck;
use crate::store::rounds::Forfeit;
use crate::store::tournaments::Tournament;
use crate::store::{self, GameId, MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::problems::{Listed, Problems};
use crate::web::read_model::lines::{GameLine, MatchLine, match_line};
use crate::web::text::i18n::Lang;
use crate::web::text::log_error::LogErrorView;
use crate::web::text::names::Named;
use crate::web::text::sentences::clock;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use std::collections::BTreeSet;

/// What stands for a game, as the match page says it (the page's own words for
/// [`Standing`]): a validated record with its number of lines, a typed result, a recording that
/// still decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStands {
    Nothing,
    BeingRecorded,
    AwaitsChoice,
    Record { moves: usize },
    Typed,
    TypedInvalidRecord,
}

impl From<Standing> for GameStands {
    fn from(s: Standing) -> GameStands {
        match s {
            Standing::Nothing => GameStands::Nothing,
            Standing::BeingRecorded => GameStands::BeingRecorded,
            Standing::AwaitsChoice => GameStands::AwaitsChoice,
            Standing::Record { moves } => GameStands::Record { moves },
            Standing::Typed => GameStands::Typed,
            Standing::TypedInvalidRecord => GameStands::TypedInvalidRecord,
        }
    }
}

/// One game's result form: the values shown (stored, or as typed when refused) and its problems.
#[derive(Debug, Clone)]
pub struct GameForm {
    pub game: GameId,
    pub version: i64,
    /// The army chosen (`None`: none, or a value that is not one).
    pub winner: Option<Side>,
    pub termination: Option<Termination>,
    pub red_points: String,
    /// `m:ss` (or as typed).
    pub red_clock: String,
    pub polish_clock: String,
    pub log: String,
    pub accept_invalid: bool,
    pub problems: Problems,
    /// What was wrong with the form as a whole (a log that contradicts the typed result, a match
    /// recorded as a walkover).
    pub message: Option<String>,
    /// The move log's first illegal event.
    pub log_error: Option<LogErrorView>,
    /// Someone saved this game first: what is stored now, in one sentence.
    pub conflict: Option<String>,
    /// Refused because the game is being recorded (or its recording waits for a choice): the
    /// message links to the recorder.
    pub to_recording: bool,
}

impl GameForm {
    /// The stored result, as the form shows it.
    #[must_use]
    pub fn stored(g: &GameLine) -> GameForm {
        GameForm {
            game: g.id,
            version: g.version,
            winner: g.winner,
            termination: g.termination,
            red_points: g.red_points.map(|p| p.to_string()).unwrap_or_default(),
            red_clock: g.red_clock.map(clock).unwrap_or_default(),
            polish_clock: g.polish_clock.map(clock).unwrap_or_default(),
            ..GameForm::empty(g.id, g.version)
        }
    }

    /// The army the winner select shows as chosen.
    #[must_use]
    pub fn winner_shown(&self) -> Option<Army> {
        self.winner.map(Army::from)
    }

    /// The form as typed: a choice shows as chosen only if it names one of the options exactly.
    #[must_use]
    pub fn typed_winner(typed: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| s.as_str() == typed)
    }

    /// See [`GameForm::typed_winner`].
    #[must_use]
    pub fn typed_termination(typed: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.as_str() == typed)
    }

    /// The summary at the top of this form when it came back refused (`form`: the form's id):
    /// the conflict and the form-wide message (said again beside the fields, no field's), the
    /// log's first wrong line linked to the log, each field's problem to its field.
    #[must_use]
    pub fn listed(&self, lang: &Lang, form: &str) -> Vec<Listed> {
        let lang = *lang;
        let mut out = Vec::new();
        if let Some(c) = &self.conflict {
            out.push(Listed { href: String::new(), text: c.clone() });
        }
        if let Some(m) = &self.message {
            out.push(Listed { href: String::new(), text: m.clone() });
        }
        if let Some(le) = &self.log_error {
            out.push(Listed {
                href: format!("#{form}-move_log"),
                text: format!(
                    "{}, {} {}: {}",
                    lang.t("move_log"),
                    lang.t("refused_log_line"),
                    le.line,
                    le.sentence
                ),
            });
        }
        out.extend(self.problems.listed(&lang, form));
        out
    }

    /// A form with nothing in it yet.
    #[must_use]
    pub fn empty(game: GameId, version: i64) -> GameForm {
        GameForm {
            game,
            version,
            winner: None,
            termination: None,
            red_points: String::new(),
            red_clock: String::new(),
            polish_clock: String::new(),
            log: String::new(),
            accept_invalid: false,
            problems: Problems::default(),
            message: None,
            log_error: None,
            conflict: None,
            to_recording: false,
        }
    }
}

/// The deck-check form: as typed, with its problems (empty on a fresh page).
#[derive(Debug, Clone, Default)]
pub struct DeckForm {
    pub set_label: String,
    pub red_count: String,
    pub polish_count: String,
    pub swapped_to: String,
    /// Ticked checkboxes (`missing_red_7`, ...).
    pub ticked: BTreeSet<String>,
    pub problems: Problems,
}

/// The walkover form: the choice shown and its problem.
#[derive(Debug, Clone, Default)]
pub struct ForfeitForm {
    /// `Some(None)`: played over the board; `Some(Some(_))`: a no-show or withdrawal; `None`: a
    /// typed value that is none of the options (nothing shows as chosen).
    pub choice: Option<Option<Forfeit>>,
    pub version: i64,
    pub problems: Problems,
}

impl ForfeitForm {
    /// The option the select shows as chosen (`None`: none of them).
    #[must_use]
    pub fn shown(&self) -> Option<WalkoverChoice> {
        self.choice.map(|c| c.map_or(WalkoverChoice::Played, WalkoverChoice::from))
    }
}

/// One option of the walkover form's select, as the page shows it (the store's [`Forfeit`], and
/// "played over the board").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkoverChoice {
    Played,
    AbsentA,
    AbsentB,
    AbsentBoth,
    WithdrewA,
    WithdrewB,
}

impl From<Forfeit> for WalkoverChoice {
    fn from(f: Forfeit) -> WalkoverChoice {
        match f {
            Forfeit::AbsentA => WalkoverChoice::AbsentA,
            Forfeit::AbsentB => WalkoverChoice::AbsentB,
            Forfeit::AbsentBoth => WalkoverChoice::AbsentBoth,
            Forfeit::WithdrewA => WalkoverChoice::WithdrewA,
            Forfeit::WithdrewB => WalkoverChoice::WithdrewB,
        }
    }
}

/// Which form was just saved (the notice at the top of the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavedForm {
    Deck,
    /// One of the games (`game-N`).
    Game,
    Forfeit,
    /// Something else of the match.
    Match,
}

impl SavedForm {
    /// From the `?saved=` of the redirect after a save.
    #[must_use]
    pub fn from_query(saved: &str) -> SavedForm {
        match saved {
            "deck" => SavedForm::Deck,
            "forfeit" => SavedForm::Forfeit,
            s if s.starts_with("game-") => SavedForm::Game,
            _ => SavedForm::Match,
        }
    }
}

/// What the page shows, and which form (if any) came back refused.
#[derive(Default)]
pub struct Refused {
    pub game: Option<GameForm>,
    pub deck: Option<DeckForm>,
    pub forfeit: Option<ForfeitForm>,
}

#[derive(Template)]
#[template(path = "referee/match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: MatchLine,
    terminations: &'static [Termination],
    editable: bool,
    /// Which form was just saved.
    saved: Option<SavedForm>,
    /// Each game with its form and what stands for it (a record, a typed result, a recording).
    games: Vec<(GameLine, GameForm, GameStands)>,
    deck: DeckForm,
    forfeit: ForfeitForm,
    cards: Vec<CardView>,
    decks: Vec<DeckCheck>,
    full_deck: usize,
    /// The tournament's edition (its name; the card list above is its).
    edition: String,
    /// Played online (issue 25): the page links to the players' links.
    online: bool,
    /// An organiser sees the link to the online page before the match is online (to mark it there).
    organiser: bool,
    /// What the level match waits for besides its games: the knowledge test, or an extra game.
    needs_knowledge: bool,
    needs_extra_game: bool,
}

/// Load the match and render its page with `refused` forms (status `status`).
#[allow(clippy::too_many_arguments)]
pub async fn render_match(
    ctx: &Ctx,
    db: &Store,
    edition: &Edition,
    t: Tournament,
    m: MatchId,
    organiser: bool,
    saved: Option<SavedForm>,
    refused: Refused,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let data = Loaded::load(db, t).await?;
    let row = data.matches.iter().find(|r| r.id == m).ok_or(WebError::NotFound)?;
    let line = match_line(&data, row);
    let standings = standings_of_match(db, m).await?;
    let games = line
        .games
        .iter()
        .map(|g| {
            let form = match &refused.game {
                Some(f) if f.game == g.id => f.clone(),
                _ => GameForm::stored(g),
            };
            let standing =
                standings.iter().find(|(id, _)| *id == g.id).map_or(Standing::Nothing, |(_, s)| *s);
            (g.clone(), form, GameStands::from(standing))
        })
        .collect();
    let forfeit = refused.forfeit.unwrap_or_else(|| ForfeitForm {
        choice: Some(line.forfeit),
        version: line.version,
        ..Default::default()
    });
    let page = MatchPage {
        ctx,
        t: &data.t,
        terminations: &Termination::ALL,
        editable: open_for(row, organiser),
        saved,
        games,
        deck: refused.deck.unwrap_or_default(),
        forfeit,
        cards: checklist(edition),
        decks: store::deck_checks::of_match(db, m).await?,
        full_deck: card_list(edition, Side::Red).len(),
        edition: edition.name_in(ctx.lang).to_string(),
        online: store::online::is_online(db, m).await?,
        organiser: organiser && !line.is_bye,
        needs_knowledge: line.state == MatchState::NeedsKnowledgeTest,
        needs_extra_game: line.state == MatchState::NeedsExtraGame,
        line,
    };
    crate::web::routes::render_status(status, &page)
}

#[derive(Deserialize)]
pub struct Saved {
    saved: Option<String>,
}

/// The match page: forms for the deck check, every game, and a walkover or withdrawal.
pub async fn match_form(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<Saved>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let (t, organiser) = (referee.t, referee.organiser);
    let edition = editions.get(&db, &t.edition).await?;
    // Only the names of our own forms come back in the notice.
    let saved = query.saved.as_deref().map(SavedForm::from_query);
    render_match(&ctx, &db, &edition, t, MatchId(mid), organiser, saved, Refused::default(), StatusCode::OK)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused form shows a choice as chosen only when it names one of the options exactly, as
    /// the select's values are written (the engine's notation is more lenient: `white`, `RED`).
    #[test]
    fn a_typed_choice_shows_only_when_it_is_one_of_the_options() {
        assert_eq!(GameForm::typed_winner("red"), Some(Side::Red));
        assert_eq!(GameForm::typed_winner("polish"), Some(Side::Polish));
        for not_an_option in ["", "RED", "white", "czerwoni"] {
            assert_eq!(GameForm::typed_winner(not_an_option), None, "{not_an_option:?}");
        }
        assert_eq!(GameForm::typed_termination("time-forfeit"), Some(Termination::TimeForfeit));
        assert_eq!(GameForm::typed_termination("Time-Forfeit"), None);
        for t in Termination::ALL {
            assert_eq!(GameForm::typed_termination(t.as_str()), Some(t), "every option reads back");
        }
    }

    #[test]
    fn only_our_own_forms_are_named_in_the_saved_notice() {
        assert_eq!(SavedForm::from_query("deck"), SavedForm::Deck);
        assert_eq!(SavedForm::from_query("forfeit"), SavedForm::Forfeit);
        assert_eq!(SavedForm::from_query("game-3"), SavedForm::Game);
        assert_eq!(SavedForm::from_query("<script>"), SavedForm::Match);
        assert_eq!(SavedForm::from_query("Deck"), SavedForm::Match);
    }

    /// The walkover select shows "played" for a stored `None`, the stored walkover, and nothing for a
    /// typed value that is none of the options.
    #[test]
    fn the_walkover_select_shows_what_stands_or_nothing() {
        let form = |choice| ForfeitForm { choice, ..ForfeitForm::default() };
        assert_eq!(form(Some(None)).shown(), Some(WalkoverChoice::Played));
        assert_eq!(form(Some(Some(Forfeit::WithdrewB))).shown(), Some(WalkoverChoice::WithdrewB));
        assert_eq!(form(None).shown(), None);
    }
}
