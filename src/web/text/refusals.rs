//! The words of every refusal: a field's value refused ([`FieldProblem`], said beside the field or
//! as "Label: what to fix"), and a use case's [`Refusal`] (one sentence for an error page or above a
//! form, or problems beside the fields it concerns). The only place a refusal becomes text.

use crate::app::Refusal;
use crate::lang::Lang;
use crate::league::{ClockRule, Impossible, PointsRule};
use crate::outcome::Side;
use crate::web::forms::field::{BODY_LIMIT, FieldProblem, ProblemKind};
use crate::web::forms::player::{ImportProblem, MAX_ROWS};
use crate::web::text::names::Named;

/// What to fix in a field, as said beside it (the label is already there).
#[must_use]
pub fn problem(lang: Lang, kind: &ProblemKind) -> String {
    let t = |key: &str| lang.t(key).to_string();
    match kind {
        ProblemKind::Missing => lang.pick("pole jest wymagane", "this field is required").to_string(),
        ProblemKind::NotANumber { min, max } | ProblemKind::OutOfRange { min, max } => lang.pick(
            format!("podaj liczbę całkowitą od {min} do {max}"),
            format!("enter a whole number from {min} to {max}"),
        ),
        ProblemKind::TooLong { max } => {
            lang.pick(format!("najwyżej {max} znaków"), format!("at most {max} characters"))
        }
        ProblemKind::TooLarge { max_bytes } => {
            let kib = max_bytes / 1024;
            lang.pick(format!("najwyżej {kib} KiB"), format!("at most {kib} KiB"))
        }
        ProblemKind::BadDate => lang
            .pick("podaj datę jako DD.MM.RRRR lub RRRR-MM-DD", "enter a date as DD.MM.YYYY or YYYY-MM-DD")
            .to_string(),
        ProblemKind::BadClock => t("clock_format"),
        ProblemKind::ForbiddenChar(c) => {
            let code = format!("U+{:04X}", u32::from(*c));
            lang.pick(
                format!("niedozwolony znak sterujący lub znak zmieniający kierunek tekstu ({code}); usuń go"),
                format!(
                    "a control character or a character that changes text direction is not allowed ({code}); remove it"
                ),
            )
        }
        ProblemKind::NotAChoice => t("choose_one"),
        ProblemKind::NoPersonFound => lang
            .pick(
                "nie ma osoby o takim imieniu i nazwisku w turniejach, którymi zarządzasz",
                "no person of that name plays in the events you run",
            )
            .to_string(),
        ProblemKind::SeveralPersons { count } => lang.pick(
            format!("pasuje kilka osób ({count}): wpisz numer osoby z jej strony (/person/…)"),
            format!("several persons match ({count}): type the person's number from their page (/person/…)"),
        ),
        ProblemKind::NotARegion => t("sr_not_a_region"),
        ProblemKind::NoSuchAccount => lang
            .pick(
                "nie ma konta o takim loginie; konto zakłada organizator lub administrator",
                "there is no account with this username; an organiser or an administrator creates one",
            )
            .to_string(),
        ProblemKind::UnknownTiebreak { name } => {
            let known: Vec<&str> = crate::league::Tiebreak::ALL.iter().map(|t| t.as_str()).collect();
            format!("{} {name:?} ({})", lang.t("unknown_tiebreak"), known.join(", "))
        }
        // Named as the form names it (its words in quotes of the language), not by the league's code.
        ProblemKind::DuplicateTiebreak { name } => match name.parse::<crate::league::Tiebreak>() {
            Ok(tb) => {
                let (said, words) = (lang.t("duplicate_tiebreak"), lang.t(tb.text_key()));
                lang.pick(format!("{said} „{words}”"), format!("{said}: “{words}”"))
            }
            Err(_) => format!("{} {name:?}", lang.t("duplicate_tiebreak")),
        },
        ProblemKind::LastBeforeFirst => t("last_before_first"),
        ProblemKind::KnockoutOfOne => t("knockout_size_values"),
        ProblemKind::AgeOutOfRange { first_day, age } => {
            format!("{} ({} {first_day}: {age})", lang.t("age_refused"), lang.t("age_on_first_day"))
        }
        ProblemKind::Ineligible(crate::league::season::Ineligible::BirthYear { year, from, to }) => format!(
            "{} {from}-{to} ({year})",
            lang.pick("Sezon przyjmuje roczniki", "The season admits those born in")
        ),
        ProblemKind::Ineligible(crate::league::season::Ineligible::Age { age, on, min, max }) => format!(
            "{} {min}-{max}, {on}: {age}",
            lang.pick("Sezon przyjmuje osoby w wieku", "The season admits players aged")
        ),
    }
}

/// A refused field as one line: "Label: what to fix" (a 400 page, a list of problems).
#[must_use]
pub fn labelled(lang: Lang, p: &FieldProblem) -> String {
    format!("{}: {}", lang.t(p.field), problem(lang, &p.kind))
}

/// Why an import was refused, naming the row as a spreadsheet numbers it.
#[must_use]
pub fn import_problem(lang: Lang, p: &ImportProblem) -> String {
    let row_label = lang.pick("Wiersz", "Row");
    match p {
        ImportProblem::TooLarge => problem(lang, &ProblemKind::TooLarge { max_bytes: BODY_LIMIT }),
        ImportProblem::Unreadable { row, error } => format!("{row_label} {row}: {error}"),
        ImportProblem::TooFewColumns { row } => format!(
            "{row_label} {row}: {}",
            lang.pick(
                "potrzebne co najmniej 3 kolumny (imię i nazwisko, data urodzenia, szkoła/klub)",
                "at least 3 columns needed (name, birth date, school/club)",
            )
        ),
        ImportProblem::Player { row, name, problems } => {
            let all = problems.iter().map(|p| labelled(lang, p)).collect::<Vec<_>>().join("; ");
            let who = name.trim();
            if who.is_empty() || problems.iter().any(|p| p.field == "person_name") {
                format!("{row_label} {row}: {all}")
            } else {
                format!("{row_label} {row}: {who}: {all}")
            }
        }
        ImportProblem::TooManyRows => {
            format!("{}: {} {MAX_ROWS}", lang.t("import_csv"), lang.t("too_many_rows"))
        }
        ImportProblem::NoRows => format!("{}: {}", lang.t("import_csv"), lang.t("no_rows")),
    }
}

/// The field a deck's count is typed in.
#[must_use]
pub fn count_field(side: Side) -> &'static str {
    match side {
        Side::Red => "red_count",
        Side::Polish => "polish_count",
    }
}

/// The field a side's clock is typed in.
#[must_use]
pub fn clock_field(side: Side) -> &'static str {
    match side {
        Side::Red => "red_clock",
        Side::Polish => "polish_clock",
    }
}

/// Why the typed Red-side points are impossible, naming the league table's rule.
#[must_use]
pub fn points_rule(lang: Lang, rule: &PointsRule) -> String {
    match rule {
        PointsRule::WarsawAtLeast21 => lang.pick(
            "Czerwoni weszli do Warszawy: armia w Warszawie daje 21 pkt (tabela punktów ligi), więc co najmniej 21",
            "Red entered Warsaw: the army in Warsaw scores 21 (the league's points table), so at least 21",
        ).to_string(),
        PointsRule::RadzyminAtLeast10 => lang.pick(
            "Czerwoni wygrali w Radzyminie: armia w Radzyminie daje 10 pkt (tabela punktów ligi), więc co najmniej 10",
            "Red won on the Radzymin check: the army in Radzymin scores 10 (the league's points table), so at least 10",
        ).to_string(),
        PointsRule::RedFlagScoresZero => lang.pick(
            "Czerwoni przegrali na czas: przekroczenie czasu oznacza utratę punktów z partii (regulamin ligi), więc 0",
            "Red lost on time: a player who exceeds the time loses the game's points (league rules), so 0",
        ).to_string(),
        PointsRule::AboveMaximum { max } => lang.pick(
            format!("przy takim zakończeniu tabela punktów ligi daje najwyżej {max} pkt"),
            format!("the league's points table gives at most {max} points for this ending"),
        ),
        PointsRule::NotASum => lang.pick(
            "tej liczby nie da się złożyć z tabeli punktów ligi (21, 10, 7, po 4 za armię, po 2 za usuniętą armię polską)",
            "no sum of the league's points table makes this number (21, 10, 7, 4 per army, 2 per Polish army removed)",
        ).to_string(),
    }
}

/// Why a typed clock reading is impossible.
#[must_use]
pub fn clock_rule(lang: Lang, rule: &ClockRule) -> String {
    match rule {
        ClockRule::OutsideTimeControl { time_control_secs } => {
            let limit = crate::web::text::sentences::clock(*time_control_secs);
            lang.pick(
                format!("zegar pokazuje pozostały czas: od 0:00 do {limit} (czas na gracza w tym turnieju)"),
                format!(
                    "a clock shows the time left: from 0:00 to {limit} (this tournament's time per player)"
                ),
            )
        }
        ClockRule::FlagNotDown => lang
            .pick(
                "przegrana na czas: zegar tej strony pokazuje 0:00 (albo zostaw pole puste)",
                "lost on time: this side's clock reads 0:00 (or leave the field empty)",
            )
            .to_string(),
    }
}

/// An impossible part of a typed result, beside its field.
#[must_use]
pub fn impossible(lang: Lang, i: &Impossible) -> (&'static str, String) {
    match i {
        Impossible::Points(rule) => ("red_points", points_rule(lang, rule)),
        Impossible::Clock { side, rule } => (clock_field(*side), clock_rule(lang, rule)),
    }
}

/// The problems beside the fields a refusal concerns (empty for one that concerns the form or the
/// request as a whole).
#[must_use]
pub fn beside_fields(lang: Lang, r: &Refusal) -> Vec<(&'static str, String)> {
    let t = |key: &str| lang.t(key).to_string();
    let in_log = lang.t("in_the_log");
    match r {
        Refusal::ResultIncomplete { winner, termination, red_points } => [
            (*winner, "winner", "choose_winner"),
            (*termination, "termination", "choose_termination"),
            (*red_points, "red_points", "required"),
        ]
        .into_iter()
        .filter(|(missing, _, _)| *missing)
        .map(|(_, field, key)| (field, t(key)))
        .collect(),
        Refusal::WinsOnly { termination, winner } => vec![(
            "termination",
            format!(
                "{}: {} {}",
                lang.t(termination.text_key()),
                lang.t("wins_only"),
                lang.t(winner.text_key())
            ),
        )],
        Refusal::Contradicts { winner, termination, red_points } => {
            let mut out = Vec::new();
            if let Some(w) = winner {
                out.push(("winner", format!("{in_log}: {}", lang.t(w.text_key()))));
            }
            if let Some(x) = termination {
                out.push(("termination", format!("{in_log}: {}", lang.t(x.text_key()))));
            }
            if let Some(p) = red_points {
                out.push(("red_points", format!("{in_log}: {p}")));
            }
            out
        }
        Refusal::ImpossibleResult(all) => all.iter().map(|i| impossible(lang, i)).collect(),
        Refusal::KnockoutNeedsAWinner => vec![("forfeit", t("double_no_show_knockout"))],
        Refusal::DeckMissingButNotShort { side } => {
            vec![(count_field(*side), t("deck_missing_but_not_short"))]
        }
        Refusal::DeckMoreMissingThanShort { side, short, listed } => vec![(
            count_field(*side),
            format!("{} ({listed} > {short})", lang.t("deck_more_missing_than_short")),
        )],
        Refusal::SwapNeeded => vec![("swapped_to", t("swap_needed"))],
        _ => Vec::new(),
    }
}

/// What is wrong with a season as typed, in the page's language.
fn season_problem(lang: Lang, e: &crate::league::season::SeasonError) -> String {
    use crate::league::season::SeasonError;
    match e {
        SeasonError::NoName => lang.pick("Sezon musi mieć nazwę.", "A season needs a name.").to_string(),
        SeasonError::EndsBeforeStart => {
            lang.pick("Sezon kończy się przed początkiem.", "The season ends before it starts.").to_string()
        }
        SeasonError::EmptyEligibility => lang
            .pick(
                "Zakres roczników lub wieku kończy się przed początkiem.",
                "The birth-year or age range ends before it starts.",
            )
            .to_string(),
        SeasonError::NoLevels => lang
            .pick("Sezon musi mieć co najmniej jeden poziom.", "A season needs at least one level.")
            .to_string(),
        SeasonError::EmptyName => {
            lang.pick("Poziom lub region bez nazwy.", "A level or region without a name.").to_string()
        }
        SeasonError::Twice(name) => format!("{name}: {}", lang.pick("ta nazwa powtarza się", "named twice")),
    }
}

/// A refusal in one sentence, in `lang` (an error page; the message above a refused form).
#[must_use]
pub fn sentence(lang: Lang, r: &Refusal) -> String {
    let t = |key: &str| lang.t(key).to_string();
    let labelled = |label: &str, key: &str| format!("{}: {}", lang.t(label), lang.t(key));
    match r {
        Refusal::LockFirst { round } => format!("{} {round}: {}", lang.t("round"), lang.t("lock_first")),
        Refusal::ResultsMissing { round } => {
            format!("{} {round}: {}", lang.t("round"), lang.t("results_missing"))
        }
        Refusal::SwissDone => t("swiss_done"),
        Refusal::TooFewPlayers { active } => lang.t("too_few_players").replace("{n}", &active.to_string()),
        Refusal::EmptyRound => t("empty_round"),
        // The league's own words (it names the players it cannot pair).
        Refusal::NoPairing(e) => e.to_string(),
        Refusal::Bracket(e) => knockout_error(lang, e),
        Refusal::Stage(s) => stage_sentence(lang, s),
        Refusal::Online(o) => t(online_key(*o)),
        Refusal::Entry(e) => entry_sentence(lang, *e),
        Refusal::SwapInvalid => t("swap_invalid"),
        Refusal::NotAReferee => labelled("referee", "not_a_referee"),
        Refusal::NoTablesInRange => labelled("table_from", "no_tables_in_range"),
        Refusal::NextRoundPaired => t("next_round_paired"),
        Refusal::ReasonRequired => t("reason_required"),
        Refusal::NoKnockout => t("no_knockout"),
        Refusal::SwissNotDone => t("swiss_not_done"),
        Refusal::KnockoutOver => t("knockout_over"),
        Refusal::KnockoutWaiting => t("knockout_waiting"),
        Refusal::RoundNotOpen => t("round_not_open"),
        Refusal::MatchForfeited => t("refused_match_forfeited"),
        Refusal::RoundNotPublished => t("refused_round_not_published"),
        Refusal::SeasonNotOver => t("refused_season_not_over"),
        Refusal::Bye => t("bye"),
        Refusal::NoExtraGame | Refusal::ExtraGameDrawnMeanwhile => t("no_extra_game"),
        Refusal::Contradicts { .. } => t("contradiction"),
        Refusal::InvalidLog(_) => t("log_error"),
        Refusal::SamePlayer => labelled("forbidden_pairs", "pair_same_player"),
        Refusal::NoSuchPlayer { player } => format!("{} {player}?", lang.t("player")),
        Refusal::SamePerson => lang
            .pick("Nie można połączyć osoby z nią samą.", "A person cannot be merged with themselves.")
            .to_string(),
        Refusal::PersonGone => lang
            .pick(
                "Tej osoby już nie ma w rejestrze: została połączona z inną albo jej dane usunięto.",
                "This person is no longer in the registry: merged into another, or their data erased.",
            )
            .to_string(),
        Refusal::PersonsInOneTournament => lang
            .pick(
                "Obie osoby grają w tym samym turnieju, więc to dwie różne osoby: nie można ich połączyć.",
                "Both persons play in the same tournament, so they are two people: they cannot be merged.",
            )
            .to_string(),
        Refusal::PersonNotHere => lang
            .pick(
                "Żadna z tych osób nie gra w tym turnieju: połączyć je może organizator ich turnieju.",
                "Neither person plays in this tournament: an organiser of their tournament may merge them.",
            )
            .to_string(),
        Refusal::InvitedTwice => lang
            .pick(
                "Obie osoby mają zaproszenie do tego samego turnieju (albo jedna z nich w nim gra): po połączeniu jedna osoba miałaby dwa zaproszenia. Najpierw organizator tego turnieju oznacza jedno z nich jako odrzucone.",
                "Both persons hold an invitation into the same event (or one of them plays in it): merged, one person would be invited twice. The event's organiser marks one of them declined first.",
            )
            .to_string(),
        Refusal::NotYours => lang
            .pick(
                "Nie masz uprawnień do tej osoby lub tego turnieju: zmienić je może ich organizator, koordynator sezonu albo administrator.",
                "You have no right over this person or event: their organiser, the season's coordinator or an administrator may change it.",
            )
            .to_string(),
        Refusal::ProposalDecided => lang
            .pick(
                "Tę propozycję już potwierdzono albo odrzucono.",
                "This proposal was confirmed or refused already.",
            )
            .to_string(),
        Refusal::NoSuchMerge => lang
            .pick(
                "Nie ma takiego połączenia osób w tym turnieju ani sezonie.",
                "There is no such merge of persons in this event or season.",
            )
            .to_string(),
        Refusal::AlreadyAnEvent => lang
            .pick(
                "Ten turniej jest już turniejem sezonu (tego albo innego): turniej należy do jednego sezonu.",
                "This tournament is an event of a season already (this one or another): an event belongs to one season.",
            )
            .to_string(),
        Refusal::Season(e) => season_problem(lang, e).to_string(),
        Refusal::NotThisSeason => lang
            .pick("Ten poziom lub region należy do innego sezonu.", "This level or region belongs to another season.")
            .to_string(),
        Refusal::RegionNeeded => lang
            .pick("Wybierz region: każdy turniej poza finałem odbywa się w regionie.", "Choose a region: every event but the final is in one.")
            .to_string(),
        Refusal::FinalHasNoRegion => lang
            .pick("Finał jest ogólnopolski: nie ma regionu.", "The final is national: it has no region.")
            .to_string(),
        Refusal::NoQualifyingPlaces => lang
            .pick("Z turnieju musi awansować co najmniej jedna osoba.", "At least one player must qualify from the event.")
            .to_string(),
        Refusal::MergeUndone => lang
            .pick("To połączenie zostało już cofnięte.", "This merge was undone already.")
            .to_string(),
        Refusal::NotAnEvent => lang
            .pick("Ten turniej nie należy do żadnego sezonu.", "This tournament belongs to no season.")
            .to_string(),
        Refusal::EventNotOver => lang
            .pick(
                "Turniej jeszcze trwa: zostały rundy szwajcarskie albo faza pucharowa.",
                "The event is not over: Swiss rounds or the knockout are still to play.",
            )
            .to_string(),
        Refusal::NoEntrants => lang
            .pick(
                "W turnieju nie ma żadnej zgłoszonej osoby: nie ma kogo sklasyfikować.",
                "The event has no entrants: there is nobody to rank.",
            )
            .to_string(),
        Refusal::GroupsNotClosed => lang
            .pick(
                "Najpierw zamknij fazę grupową: klasyfikacja końcowa liczy się z jej zamrożonej klasyfikacji.",
                "Close the groups stage first: the final ranking is made from its frozen ranking.",
            )
            .to_string(),
        Refusal::MatchUndecided { round } => format!(
            "{} {round}.",
            lang.pick(
                "Turniej można zamknąć, gdy wszystkie mecze są rozstrzygnięte. Brakuje wyniku w rundzie",
                "The event closes once every match is decided. A result is missing in round"
            )
        ),
        Refusal::QualifyingTieLot { place } => match lang {
            Lang::Pl => format!(
                "Miejsce {place}. dzieli kilka osób, a awans dostaje tylko część z nich: przed zamknięciem turnieju organizator przeprowadza losowanie (przycisk „Losuj” na stronie zaproszeń)."
            ),
            Lang::En => format!(
                "Several players share place {place} and only some of them qualify: the organiser draws the lot before the event closes (the “Draw the lot” button on the invitations page)."
            ),
        },
        Refusal::NoQualifyingTie => lang
            .pick(
                "Żadne wspólne miejsce nie rozstrzyga o awansie: nie ma czego losować.",
                "No shared place decides a qualifying place: there is no lot to draw.",
            )
            .to_string(),
        Refusal::LotDrawnAlready => lang
            .pick(
                "Losowanie już się odbyło; jego ziarno jest zapisane w dzienniku sezonu.",
                "The lot was drawn already; its seed is in the season's log.",
            )
            .to_string(),
        Refusal::CorrectionToConfirm => lang
            .pick(
                "Korekta wyników zmienia zaproszenia do następnego poziomu: zatwierdza ją koordynacja sezonu na swojej stronie, gdzie widać, co się zmieni.",
                "The correction changes invitations to the next level: the season's coordinators confirm it on their page, which shows what changes.",
            )
            .to_string(),
        Refusal::NoCorrection => lang
            .pick(
                "Ten turniej nie jest otwarty do korekty: nie ma czego zatwierdzać.",
                "This event is not reopened for a correction: there is nothing to confirm.",
            )
            .to_string(),
        Refusal::SourceBeingCorrected => lang
            .pick(
                "Turniej, z którego pochodzi to zaproszenie, jest w trakcie korekty wyników: odpowiedź będzie możliwa po jego ponownym zamknięciu.",
                "The event this invitation comes from is having its results corrected: it can be answered once that event closes again.",
            )
            .to_string(),
        Refusal::EventClosed => lang
            .pick(
                "Turniej jest już zamknięty, a jego klasyfikacja zapisana. Najpierw otwórz go ponownie.",
                "The event is closed and its ranking stored. Reopen it first.",
            )
            .to_string(),
        Refusal::NoNextEvent => lang
            .pick(
                "Na następnym poziomie nie ma jeszcze turnieju dla tego regionu: koordynator sezonu musi go dodać.",
                "The next level has no event for this region yet: the season's coordinator must add it.",
            )
            .to_string(),
        Refusal::NextEventToChoose => lang
            .pick(
                "Na następnym poziomie ten region ma kilka otwartych turniejów: koordynator sezonu musi wybrać, do którego trafią osoby z awansem z tego turnieju.",
                "The next level has several open events for this region: the season's coordinator must choose which one this event's qualifiers go to.",
            )
            .to_string(),
        Refusal::NotTheNextLevel => lang
            .pick(
                "Wybrany turniej nie należy do następnego poziomu tego regionu.",
                "The chosen event is not one of the next level for this region.",
            )
            .to_string(),
        Refusal::EventFrozen => lang
            .pick(
                "Turniej jest zamknięty, a jego klasyfikacja końcowa zapisana: wyników, rund i zgłoszeń nie można zmieniać, dopóki organizator nie otworzy go ponownie.",
                "The event is closed and its final ranking stored: results, rounds and entries cannot change until an organiser reopens it.",
            )
            .to_string(),
        Refusal::InvitationNotOpen => lang
            .pick(
                "To zaproszenie zostało już przyjęte, odrzucone albo wycofane.",
                "This invitation was accepted, declined or withdrawn already.",
            )
            .to_string(),
        Refusal::InvitedAlready => lang
            .pick(
                "Ta osoba ma już zaproszenie do tego turnieju.",
                "This person has an invitation to this event already.",
            )
            .to_string(),
        Refusal::NotEligible(_) => lang
            .pick(
                "Zasady sezonu nie dopuszczają tej osoby (rocznik lub wiek).",
                "The season's rules do not admit this person (birth year or age).",
            )
            .to_string(),
        Refusal::NotACoordinator => lang
            .pick("Tylko koordynator sezonu może to zrobić.", "Only the season's coordinator may do this.")
            .to_string(),
        Refusal::BeingRecorded { .. } => lang
            .pick(
                "Ta partia jest właśnie zapisywana przy stole: jej wynik wpisze zapis, gdy partia się skończy. \
                 Żeby wpisać wynik ręcznie, organizator musi najpierw zakończyć zapis.",
                "This game is being recorded at the table: the recording enters its result when the game ends. \
                 To type a result instead, an organiser must end the recording first.",
            )
            .to_string(),
        Refusal::RecordingAwaitsChoice { .. } => lang
            .pick(
                "Zapis tej partii skończył się, gdy wynik był już wpisany: najpierw trzeba wybrać przy zapisie, \
                 który wynik obowiązuje.",
                "The recording of this game ended while a result was already entered: first choose, on the \
                 recorder, which result stands.",
            )
            .to_string(),
        Refusal::ResultStands => t("record_has_result"),
        Refusal::Recording(r) => super::recording::to_scribe(lang, r),
        Refusal::OrganisersEndRecordings => lang
            .pick(
                "Zapis przed końcem partii może zakończyć tylko organizator.",
                "Only an organiser can end a recording before the game ends.",
            )
            .to_string(),
        Refusal::ResultIncomplete { .. }
        | Refusal::WinsOnly { .. }
        | Refusal::ImpossibleResult(_)
        | Refusal::KnockoutNeedsAWinner
        | Refusal::DeckMissingButNotShort { .. }
        | Refusal::DeckMoreMissingThanShort { .. }
        | Refusal::SwapNeeded => {
            beside_fields(lang, r).into_iter().map(|(_, m)| m).collect::<Vec<_>>().join("; ")
        }
    }
}

/// An online match's refusal: its text key (`web/text/i18n/online.rs`).
fn online_key(r: crate::store::online::OnlineRefusal) -> &'static str {
    use crate::store::online::OnlineRefusal as O;
    match r {
        O::NotOnline => "on_refused_not_online",
        O::Bye => "on_refused_bye",
        O::NotInMatch => "on_refused_not_in_match",
        O::EarlierGameFirst => "on_refused_earlier_game",
        O::GameInPlay => "on_refused_game_in_play",
        O::NotBothPresent => "on_refused_not_both_present",
        O::NoShowBothPresent => "on_refused_no_show_both_present",
        O::NoShowClaimantAbsent => "on_refused_no_show_claimant_absent",
        O::NoShowTooEarly => "on_refused_no_show_too_early",
        O::NoShowGameStarted => "on_refused_no_show_game_started",
        O::DraftRound => "on_refused_draft_round",
    }
}

/// An entry's refusal in one sentence (issue 39).
fn entry_sentence(lang: Lang, r: crate::store::entries::EntryRefusal) -> String {
    use crate::store::entries::EntryRefusal as E;
    let key = match r {
        E::NotOpen => "en_refused_not_open",
        E::DeadlinePassed => "en_refused_deadline",
        E::SchoolsFull => "en_refused_schools_full",
        E::LinkRevoked => "en_refused_link_revoked",
        E::NotEligible { from, to } => {
            return format!("{} {from}–{to}.", lang.t("en_refused_not_eligible"));
        }
        E::Duplicate => "en_refused_duplicate",
        E::Closed => "en_refused_closed",
        E::ConsentGiven => "en_refused_consent_given",
        E::PaperNotAllowed => "en_refused_paper",
        E::NotConfirmed => "en_refused_not_confirmed",
        E::Seated => "en_refused_seated",
        E::BadRules => "en_refused_bad_rules",
    };
    lang.t(key).to_string()
}

/// A stage's refusal in one sentence (the league's own words for its rules, as for the bracket).
fn stage_sentence(lang: Lang, r: &crate::app::StageRefusal) -> String {
    use crate::app::StageRefusal as S;
    let group = |key: &str, g: u32| {
        format!("{} {}: {}", lang.t("group"), crate::league::stages::GroupLabel(g), lang.t(key))
    };
    match r {
        S::Invalid(e) => stages_error(lang, e),
        S::Draw(e) => lang
            .t(match e {
                crate::league::round_robin::seeding::SeedingError::NoGroups => "draw_no_groups",
                crate::league::round_robin::seeding::SeedingError::DuplicatePlayer(_) => "draw_duplicate",
            })
            .to_string(),
        S::Qualification(e) => qualification_error(lang, e),
        S::FormatFixed => lang.t("refused_format_fixed").to_string(),
        S::TiebreaksFixed => lang.t("refused_tiebreaks_fixed").to_string(),
        S::NotGroups => lang.t("refused_not_groups").to_string(),
        S::NotSwiss => lang.t("refused_not_swiss").to_string(),
        S::AlreadyDrawn => lang.t("refused_already_drawn").to_string(),
        S::NotDrawn => lang.t("refused_not_drawn").to_string(),
        S::GroupsDone => lang.t("refused_groups_done").to_string(),
        S::GroupUnfinished { group: g } => group("refused_group_unfinished", *g),
        S::NoTieToDraw { group: g } => group("refused_no_tie_to_draw", *g),
        S::LotPending { group: g } => group("refused_lot_pending", *g),
        S::StageClosed => lang.t("refused_stage_closed").to_string(),
        S::StageOpen => lang.t("refused_stage_open").to_string(),
        S::KnockoutStarted => lang.t("refused_knockout_started").to_string(),
        S::QualifyFirst => lang.t("refused_qualify_first").to_string(),
    }
}

/// A text of the table with `{a}` and `{b}` filled in.
fn filled(lang: Lang, key: &str, a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    lang.t(key).replace("{a}", &a.to_string()).replace("{b}", &b.to_string())
}

/// Why the league refuses a tournament's stages.
fn stages_error(lang: Lang, e: &crate::league::stages::StagesError) -> String {
    use crate::league::stages::StagesError as E;
    let t = |k| lang.t(k).to_string();
    match e {
        E::Empty => t("stages_empty"),
        E::KnockoutFirst => t("stages_knockout_first"),
        E::KnockoutNotLast(_) => t("stages_knockout_not_last"),
        E::SecondOpeningStage(_) => t("stages_second_opening"),
        E::NoRounds => t("stages_no_rounds"),
        E::NoGroups => t("stages_no_groups"),
        E::NobodyQualifies => t("stages_nobody_qualifies"),
        E::TooManyBestNext { best_next, groups } => {
            filled(lang, "stages_too_many_best_next", best_next, groups)
        }
        E::KnockoutTooSmall(_) => t("stages_knockout_too_small"),
        E::SizeMismatch { size, qualified } => filled(lang, "stages_size_mismatch", size, qualified),
        E::SwissEntryAfterGroups => t("stages_entry_after_groups"),
        E::GroupEntryAfterSwiss => t("stages_entry_after_swiss"),
        E::CrossoverShape => t("stages_crossover_shape"),
        E::GroupSize { players, groups } => filled(lang, "stages_group_size", players, groups),
        E::GroupTooSmallToQualify { qualifying, smallest } => {
            filled(lang, "stages_group_too_small", qualifying, smallest)
        }
    }
}

/// Why the league cannot qualify from the groups.
fn qualification_error(lang: Lang, e: &crate::league::qualification::QualificationError) -> String {
    use crate::league::qualification::QualificationError as E;
    match e {
        E::LotPending(g) => format!("{} {g}: {}", lang.t("group"), lang.t("refused_lot_pending")),
        E::GroupTooSmall { group, ranked, needed } => {
            format!(
                "{} {group}: {}",
                lang.t("group"),
                filled(lang, "qualification_group_too_small", ranked, needed)
            )
        }
        E::CrossoverShape => lang.t("stages_crossover_shape").to_string(),
        E::Bracket(k) => knockout_error(lang, k),
    }
}

/// Why the league refuses a bracket.
fn knockout_error(lang: Lang, e: &crate::league::KnockoutError) -> String {
    use crate::league::KnockoutError as E;
    lang.t(match e {
        E::TooFew(_) => "ko_too_few",
        E::DuplicatePlayer(_) => "ko_duplicate",
        E::NoSuchMatch(_) => "ko_no_such_match",
        E::NotReady(_) => "ko_not_ready",
        E::WrongPlayers(_) => "ko_wrong_players",
        E::NoWinner(_) => "ko_no_winner",
        E::AlreadyDecided(_) => "ko_already_decided",
        E::Layout(_) => "ko_layout",
    })
    .to_string()
}

/// [`sentence`] as a template calls it (askama passes references).
#[must_use]
pub fn sentence_of(lang: &Lang, r: &Refusal) -> String {
    sentence(*lang, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Termination;

    #[test]
    fn a_refusal_names_its_round_and_is_said_in_each_language() {
        assert_eq!(sentence(Lang::En, &Refusal::ResultsMissing { round: 3 }), "Round 3: results are missing");
        assert_eq!(sentence(Lang::Pl, &Refusal::ResultsMissing { round: 3 }), "Runda 3: brakuje wyników");
        let wins_only = Refusal::WinsOnly { termination: Termination::WarsawEntered, winner: Side::Red };
        assert_eq!(beside_fields(Lang::En, &wins_only).len(), 1);
        assert_eq!(beside_fields(Lang::En, &wins_only)[0].0, "termination");
        let incomplete = Refusal::ResultIncomplete { winner: true, termination: false, red_points: true };
        let fields: Vec<&str> = beside_fields(Lang::Pl, &incomplete).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["winner", "red_points"]);
    }

    #[test]
    fn every_impossible_result_is_said_beside_its_field_in_both_languages() {
        let clock = |side, rule| Impossible::Clock { side, rule };
        let all = [
            Impossible::Points(PointsRule::WarsawAtLeast21),
            Impossible::Points(PointsRule::RadzyminAtLeast10),
            Impossible::Points(PointsRule::RedFlagScoresZero),
            Impossible::Points(PointsRule::AboveMaximum { max: 62 }),
            Impossible::Points(PointsRule::NotASum),
            clock(Side::Red, ClockRule::OutsideTimeControl { time_control_secs: 900 }),
            clock(Side::Polish, ClockRule::FlagNotDown),
        ];
        let fields: Vec<&str> = all.iter().map(|i| impossible(Lang::Pl, i).0).collect();
        assert_eq!(
            fields,
            [
                "red_points",
                "red_points",
                "red_points",
                "red_points",
                "red_points",
                "red_clock",
                "polish_clock"
            ]
        );
        for i in &all {
            let (pl, en) = (impossible(Lang::Pl, i).1, impossible(Lang::En, i).1);
            assert!(!pl.is_empty() && !en.is_empty() && pl != en, "{i:?}: {pl} / {en}");
        }
        let limit = impossible(Lang::Pl, &all[5]).1;
        assert!(limit.contains("od 0:00 do 15:00"), "{limit}");
    }

    #[test]
    fn best_of_the_next_place_is_said_as_the_rule_is_strictly_fewer_than_the_groups() {
        let e = crate::league::stages::StagesError::TooManyBestNext { best_next: 2, groups: 2 };
        let said = sentence(Lang::Pl, &Refusal::Stage(crate::app::StageRefusal::Invalid(e)));
        assert!(said.contains("(2) musi być mniejsza niż liczba grup (2)"), "{said}");
        assert!(!said.contains("przekraczać"), "{said}");
    }

    #[test]
    fn every_sentence_is_translated() {
        let all = [
            Refusal::LockFirst { round: 1 },
            Refusal::SwissDone,
            Refusal::TooFewPlayers { active: 1 },
            Refusal::EmptyRound,
            Refusal::ResultsMissing { round: 1 },
            Refusal::SwapInvalid,
            Refusal::NotAReferee,
            Refusal::NoTablesInRange,
            Refusal::NextRoundPaired,
            Refusal::ReasonRequired,
            Refusal::NoKnockout,
            Refusal::SwissNotDone,
            Refusal::KnockoutOver,
            Refusal::KnockoutWaiting,
            Refusal::RoundNotOpen,
            Refusal::MatchForfeited,
            Refusal::RoundNotPublished,
            Refusal::SeasonNotOver,
            Refusal::Bye,
            Refusal::NoExtraGame,
            Refusal::KnockoutNeedsAWinner,
            Refusal::SwapNeeded,
            Refusal::SamePlayer,
            Refusal::Stage(crate::app::StageRefusal::FormatFixed),
            Refusal::Stage(crate::app::StageRefusal::TiebreaksFixed),
            Refusal::Stage(crate::app::StageRefusal::NotGroups),
            Refusal::Stage(crate::app::StageRefusal::NotSwiss),
            Refusal::Stage(crate::app::StageRefusal::AlreadyDrawn),
            Refusal::Stage(crate::app::StageRefusal::NotDrawn),
            Refusal::Stage(crate::app::StageRefusal::GroupsDone),
            Refusal::Stage(crate::app::StageRefusal::GroupUnfinished { group: 1 }),
            Refusal::Stage(crate::app::StageRefusal::NoTieToDraw { group: 0 }),
            Refusal::Stage(crate::app::StageRefusal::LotPending { group: 2 }),
            Refusal::Stage(crate::app::StageRefusal::StageClosed),
            Refusal::Stage(crate::app::StageRefusal::StageOpen),
            Refusal::Stage(crate::app::StageRefusal::KnockoutStarted),
            Refusal::Stage(crate::app::StageRefusal::QualifyFirst),
            Refusal::SamePerson,
            Refusal::PersonGone,
            Refusal::PersonsInOneTournament,
            Refusal::MergeUndone,
            Refusal::PersonNotHere,
            Refusal::InvitedTwice,
            Refusal::NotYours,
            Refusal::ProposalDecided,
            Refusal::NoSuchMerge,
            Refusal::AlreadyAnEvent,
            Refusal::Season(crate::league::season::SeasonError::NoName),
            Refusal::Season(crate::league::season::SeasonError::Twice("x".into())),
            Refusal::NotThisSeason,
            Refusal::RegionNeeded,
            Refusal::FinalHasNoRegion,
            Refusal::NoQualifyingPlaces,
            Refusal::NotAnEvent,
            Refusal::EventNotOver,
            Refusal::NoEntrants,
            Refusal::GroupsNotClosed,
            Refusal::MatchUndecided { round: 2 },
            Refusal::EventClosed,
            Refusal::QualifyingTieLot { place: 3 },
            Refusal::NoQualifyingTie,
            Refusal::LotDrawnAlready,
            Refusal::CorrectionToConfirm,
            Refusal::NoCorrection,
            Refusal::SourceBeingCorrected,
            Refusal::NoNextEvent,
            Refusal::NextEventToChoose,
            Refusal::NotTheNextLevel,
            Refusal::EventFrozen,
            Refusal::InvitationNotOpen,
            Refusal::InvitedAlready,
            Refusal::NotEligible(crate::league::season::Ineligible::BirthYear {
                year: 2001,
                from: 2006,
                to: 2012,
            }),
            Refusal::NotACoordinator,
            Refusal::Online(crate::store::online::OnlineRefusal::NotOnline),
            Refusal::Online(crate::store::online::OnlineRefusal::Bye),
            Refusal::Online(crate::store::online::OnlineRefusal::NotInMatch),
            Refusal::Online(crate::store::online::OnlineRefusal::EarlierGameFirst),
            Refusal::Online(crate::store::online::OnlineRefusal::GameInPlay),
            Refusal::Online(crate::store::online::OnlineRefusal::NotBothPresent),
            Refusal::Online(crate::store::online::OnlineRefusal::NoShowBothPresent),
            Refusal::Online(crate::store::online::OnlineRefusal::NoShowClaimantAbsent),
            Refusal::Online(crate::store::online::OnlineRefusal::NoShowTooEarly),
            Refusal::Online(crate::store::online::OnlineRefusal::NoShowGameStarted),
            Refusal::Online(crate::store::online::OnlineRefusal::DraftRound),
            Refusal::Entry(crate::store::entries::EntryRefusal::NotOpen),
            Refusal::Entry(crate::store::entries::EntryRefusal::DeadlinePassed),
            Refusal::Entry(crate::store::entries::EntryRefusal::SchoolsFull),
            Refusal::Entry(crate::store::entries::EntryRefusal::LinkRevoked),
            Refusal::Entry(crate::store::entries::EntryRefusal::Duplicate),
            Refusal::Entry(crate::store::entries::EntryRefusal::Closed),
            Refusal::Entry(crate::store::entries::EntryRefusal::ConsentGiven),
            Refusal::Entry(crate::store::entries::EntryRefusal::PaperNotAllowed),
            Refusal::Entry(crate::store::entries::EntryRefusal::NotConfirmed),
            Refusal::Entry(crate::store::entries::EntryRefusal::Seated),
            Refusal::Entry(crate::store::entries::EntryRefusal::BadRules),
            Refusal::Entry(crate::store::entries::EntryRefusal::NotEligible { from: 2006, to: 2012 }),
        ];
        for r in &all {
            let (pl, en) = (sentence(Lang::Pl, r), sentence(Lang::En, r));
            assert!(!pl.is_empty() && !en.is_empty() && pl != en, "{r:?}: {pl} / {en}");
        }
    }
}
