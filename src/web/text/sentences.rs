//! Results as sentences a player reads at a glance, the same words on every page and export
//! ("Wygrywa Kacper Nowakowski (1:1, więcej punktów za Czerwonych: 14 do 8)"). Gender-neutral
//! Polish: present-tense verbs ("wygrywa") and nouns ("nieobecność", "wycofanie"), which do not
//! change with the player's gender, and names in the nominative (after a colon or as the subject),
//! so no name is ever declined. (The language comes by reference: templates pass their fields so.)

use crate::web::read_model::lines::{GameLine, MatchLine};
use crate::web::text::i18n::Lang;

/// A clock reading in seconds as `m:ss`.
#[must_use]
pub fn clock(secs: i64) -> String {
    let sign = if secs < 0 { "-" } else { "" };
    let secs = secs.unsigned_abs();
    format!("{sign}{}:{:02}", secs / 60, secs % 60)
}

/// A stored clock reading (`""` or seconds) as `m:ss`, or `""`.
#[must_use]
pub fn clock_text(stored: &str) -> String {
    stored.parse::<i64>().map(clock).unwrap_or_default()
}

/// How a match stands, in one sentence.
#[must_use]
pub fn match_sentence(lang: &Lang, line: &MatchLine) -> String {
    let lang = *lang;
    let w = &line.winner_name;
    let l = line.loser_name();
    let ((wg, wp), (lg, lp)) = line.tallies_winner_first();
    match line.state {
        "bye" => lang.t("sentence_bye").to_string(),
        "invalid" => format!("{}: {}", lang.t("invalid"), line.problem),
        "knowledge" => lang.t("sentence_needs_knowledge").to_string(),
        "extra" => lang.t("sentence_needs_extra").to_string(),
        "pending" if line.started() => lang.t("sentence_under_way").to_string(),
        "pending" => lang.t("pending").to_string(),
        _ => match line.decided_by.as_str() {
            "both-games" => lang.pick(format!("Wygrywa {w} {wg}:{lg}"), format!("{w} wins {wg}:{lg}")),
            "red-side-points" => lang.pick(
                format!("Wygrywa {w} ({wg}:{lg}, więcej punktów za Czerwonych: {wp} do {lp})"),
                format!("{w} wins ({wg}:{lg}, more points as Red: {wp} to {lp})"),
            ),
            "draw" => lang.pick(
                format!("Remis {wg}:{lg} (tyle samo punktów za Czerwonych: {wp} do {lp})"),
                format!("Draw {wg}:{lg} (equal points as Red: {wp} to {lp})"),
            ),
            "knowledge-test" => {
                let (wk, lk) = line.knowledge_winner_first();
                let (wk, lk) = (wk.unwrap_or_default(), lk.unwrap_or_default());
                lang.pick(
                    format!(
                        "Wygrywa {w} ({wg}:{lg}, po {wp} pkt za Czerwonych, lepszy test wiedzy: {wk} do {lk})"
                    ),
                    format!(
                        "{w} wins ({wg}:{lg}, {wp} points as Red each, better knowledge test: {wk} to {lk})"
                    ),
                )
            }
            "extra-game" => lang.pick(
                format!(
                    "Wygrywa {w} w dogrywce ({wg}:{lg}, po {wp} pkt za Czerwonych, test wiedzy po równo)"
                ),
                format!("{w} wins the extra game ({wg}:{lg}, {wp} points as Red each, knowledge test level)"),
            ),
            "no-show" => lang.pick(
                format!("Wygrywa {w} walkowerem (nieobecność: {l})"),
                format!("{w} wins by walkover ({l} did not come)"),
            ),
            "double-no-show" => lang.t("sentence_double_no_show").to_string(),
            "withdrawal" => lang.pick(
                format!("Wygrywa {w} (wycofanie z turnieju: {l})"),
                format!("{w} wins ({l} withdrew from the tournament)"),
            ),
            _ => lang.t(line.state).to_string(),
        },
    }
}

/// One game's result in one sentence ("Wygrywa Armia Czerwona (Anna Nowak): Czerwoni weszli do
/// Warszawy; 21 pkt za Czerwonych"), or that it is still to be played.
#[must_use]
pub fn game_sentence(lang: &Lang, g: &GameLine) -> String {
    let lang = *lang;
    if !g.has_result {
        return lang.t("pending").to_string();
    }
    let army = lang.t(&g.winner);
    let how = lang.t(&g.termination);
    let points = &g.red_points;
    lang.pick(
        format!("Wygrywa {army} ({}): {how}; {points} pkt za Czerwonych", g.winner_name),
        format!("{army} wins ({}): {how}; {points} points for Red", g.winner_name),
    )
}

/// The clocks at the end of a game ("zegary: Czerwoni 3:12, Polacy 0:45"), or `""`.
#[must_use]
pub fn clocks_sentence(lang: &Lang, g: &GameLine) -> String {
    let lang = *lang;
    let (red, polish) = (clock_text(&g.red_clock), clock_text(&g.polish_clock));
    if red.is_empty() && polish.is_empty() {
        return String::new();
    }
    let dash = |s: String| if s.is_empty() { "–".to_string() } else { s };
    lang.pick(
        format!("zegary: Czerwoni {}, Polacy {}", dash(red.clone()), dash(polish.clone())),
        format!("clocks: Red {}, Polish {}", dash(red), dash(polish)),
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
        assert_eq!(clock_text(""), "");
        assert_eq!(clock_text("60"), "1:00");
    }
}
