//! Results as sentences a player reads at a glance, the same words on every page and export
//! ("Wygrywa Kacper Nowakowski (1:1, więcej punktów za Czerwonych: 14 do 8)"). Gender-neutral
//! Polish: present-tense verbs ("wygrywa") and nouns ("nieobecność", "wycofanie"), which do not
//! change with the player's gender, and names in the nominative (after a colon or as the subject),
//! so no name is ever declined. (The language comes by reference: templates pass their fields so.)

use crate::app::snapshot::MatchState;
use crate::league::DecidedBy;
use crate::web::read_model::lines::{GameLine, MatchLine};
use crate::web::text::i18n::Lang;
use crate::web::text::names::Named;

/// A clock reading in seconds as `m:ss`.
#[must_use]
pub fn clock(secs: i64) -> String {
    let sign = if secs < 0 { "-" } else { "" };
    let secs = secs.unsigned_abs();
    format!("{sign}{}:{:02}", secs / 60, secs % 60)
}

/// Which of three keys names `n` things: the Polish forms after 1 (`ruch`), after 2-4 except
/// 12-14 (`ruchy`), and otherwise (`ruchów`); an English table gives the second and third alike.
#[must_use]
pub fn plural_key(n: u64, [one, few, many]: [&str; 3]) -> &str {
    let (d, h) = (n % 10, n % 100);
    if n == 1 {
        one
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        few
    } else {
        many
    }
}

/// `1 ruch`, `3 ruchy`, `110 ruchów` / `1 move`, `110 moves`: the lines of a game's record.
#[must_use]
pub fn moves(lang: &Lang, n: &usize) -> String {
    let n = u64::try_from(*n).unwrap_or(u64::MAX);
    format!("{n} {}", lang.t(plural_key(n, ["moves_one", "moves_few", "moves_many"])))
}

/// How a match stands, in one sentence.
#[must_use]
pub fn match_sentence(lang: &Lang, line: &MatchLine) -> String {
    let lang = *lang;
    let result = match &line.state {
        MatchState::Bye => return lang.t("sentence_bye").to_string(),
        MatchState::Invalid(problem) => return format!("{}: {problem}", lang.t("invalid")),
        MatchState::NeedsKnowledgeTest => return lang.t("sentence_needs_knowledge").to_string(),
        MatchState::NeedsExtraGame => return lang.t("sentence_needs_extra").to_string(),
        MatchState::Pending if line.started() => return lang.t("sentence_under_way").to_string(),
        MatchState::Pending => return lang.t("pending").to_string(),
        MatchState::Decided(result) => result,
    };
    let w = &line.winner_name;
    let l = line.loser_name();
    let ((wg, wp), (lg, lp)) = line.tallies_winner_first();
    match result.decided_by {
        DecidedBy::BothGames => lang.pick(format!("Wygrywa {w} {wg}:{lg}"), format!("{w} wins {wg}:{lg}")),
        DecidedBy::RedSidePoints => lang.pick(
            format!("Wygrywa {w} ({wg}:{lg}, więcej punktów za Czerwonych: {wp} do {lp})"),
            format!("{w} wins ({wg}:{lg}, more points as Red: {wp} to {lp})"),
        ),
        DecidedBy::Draw => lang.pick(
            format!("Remis {wg}:{lg} (tyle samo punktów za Czerwonych: {wp} do {lp})"),
            format!("Draw {wg}:{lg} (equal points as Red: {wp} to {lp})"),
        ),
        DecidedBy::KnowledgeTest => {
            let (wk, lk) = line.knowledge_winner_first();
            let (wk, lk) = (wk.unwrap_or_default(), lk.unwrap_or_default());
            lang.pick(
                format!(
                    "Wygrywa {w} ({wg}:{lg}, po {wp} pkt za Czerwonych, lepszy test wiedzy: {wk} do {lk})"
                ),
                format!("{w} wins ({wg}:{lg}, {wp} points as Red each, better knowledge test: {wk} to {lk})"),
            )
        }
        DecidedBy::ExtraGame => lang.pick(
            format!("Wygrywa {w} w dogrywce ({wg}:{lg}, po {wp} pkt za Czerwonych, test wiedzy po równo)"),
            format!("{w} wins the extra game ({wg}:{lg}, {wp} points as Red each, knowledge test level)"),
        ),
        DecidedBy::NoShow => lang.pick(
            format!("Wygrywa {w} walkowerem (nieobecność: {l})"),
            format!("{w} wins by walkover ({l} did not come)"),
        ),
        DecidedBy::DoubleNoShow => lang.t("sentence_double_no_show").to_string(),
        DecidedBy::Withdrawal => lang.pick(
            format!("Wygrywa {w} (wycofanie z turnieju: {l})"),
            format!("{w} wins ({l} withdrew from the tournament)"),
        ),
    }
}

/// One game's result in one sentence ("Wygrywa Armia Czerwona (Anna Nowak): Czerwoni weszli do
/// Warszawy; 21 pkt za Czerwonych"), or that it is still to be played.
#[must_use]
pub fn game_sentence(lang: &Lang, g: &GameLine) -> String {
    let lang = *lang;
    let Some(winner) = g.winner else {
        return lang.t("pending").to_string();
    };
    let army = lang.t(winner.text_key());
    let how = g.termination.map_or("", |t| lang.t(t.text_key()));
    let points = g.red_points.map(|p| p.to_string()).unwrap_or_default();
    lang.pick(
        format!("Wygrywa {army} ({}): {how}; {points} pkt za Czerwonych", g.winner_name),
        format!("{army} wins ({}): {how}; {points} points for Red", g.winner_name),
    )
}

/// The clocks at the end of a game ("zegary: Czerwoni 3:12, Polacy 0:45"), or `""`.
#[must_use]
pub fn clocks_sentence(lang: &Lang, g: &GameLine) -> String {
    if g.red_clock.is_none() && g.polish_clock.is_none() {
        return String::new();
    }
    let shown = |secs: Option<i64>| secs.map_or_else(|| "–".to_string(), clock);
    let (red, polish) = (shown(g.red_clock), shown(g.polish_clock));
    lang.pick(
        format!("zegary: Czerwoni {red}, Polacy {polish}"),
        format!("clocks: Red {red}, Polish {polish}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(clock(754), "12:34");
        assert_eq!(clock(5), "0:05");
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(60), "1:00");
        assert_eq!(clock(-65), "-1:05");
    }

    /// Polish counts the lines of a record as a speaker does: 1 ruch, 2-4 ruchy (but 12-14 ruchów),
    /// otherwise ruchów; English has one and many.
    #[test]
    fn moves_are_counted_in_the_right_form() {
        for (n, pl) in [
            (1, "1 ruch"),
            (2, "2 ruchy"),
            (4, "4 ruchy"),
            (5, "5 ruchów"),
            (12, "12 ruchów"),
            (14, "14 ruchów"),
            (22, "22 ruchy"),
            (80, "80 ruchów"),
            (110, "110 ruchów"),
            (112, "112 ruchów"),
            (132, "132 ruchy"),
        ] {
            assert_eq!(moves(&Lang::Pl, &n), pl);
        }
        assert_eq!(moves(&Lang::En, &1), "1 move");
        assert_eq!(moves(&Lang::En, &3), "3 moves");
        assert_eq!(moves(&Lang::En, &110), "110 moves");
    }
}
