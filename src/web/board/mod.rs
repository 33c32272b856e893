//! The board, drawn on the server as SVG from the edition: every space as a hex at its place, its label
//! and name, red shading, fortified spaces, Warsaw, Radzymin and Modlin; units as tokens in their side's
//! shape (Red round, Polish square) and their colour, dispersed units faded with a slash, command markers
//! as a number on the token, attack markers as arrows from attacker to defender. One renderer for the
//! game page, the recorder and the live page; the recorder adds links and highlights ([`Marks`]).
//!
//! The SVG carries no script and no `style` attribute (the CSP is `default-src 'self'`): its look comes
//! from classes styled in `static/table.css`. A position is 14 to 17 KB. Screen readers get a title and
//! the position as a list ([`Board::list`]), which the pages print next to the drawing.

mod geometry;
mod text;

pub use geometry::{centre, view_box};

use crate::engine::ids::{Colour, HexId, UnitId};
use crate::engine::{Edition, GameState, Landmark, Status};
use crate::outcome::Side;
use crate::web::text::i18n::Lang;
use geometry::{HEX_POINTS, INNER_POINTS, shortened};
use std::fmt::Write as _;

/// The widest a space's name may be drawn (SVG units; see `space_text`).
const NAME_WIDTH: f32 = 38.0;

/// A unit on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub unit: UnitId,
    pub hex: HexId,
    pub status: Status,
    pub markers: u8,
}

/// What the board shows of a position: the units on the map, those eliminated, the attack markers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Position {
    pub tokens: Vec<Token>,
    pub eliminated: Vec<UnitId>,
    /// (attacker, defender).
    pub attacks: Vec<(UnitId, UnitId)>,
}

impl Position {
    /// The position of a game state.
    #[must_use]
    pub fn of(state: &GameState<'_>) -> Position {
        let mut p = Position::default();
        for u in state.edition().units() {
            match state.position(u.id) {
                Some(hex) => p.tokens.push(Token {
                    unit: u.id,
                    hex,
                    status: state.status(u.id),
                    markers: state.markers(u.id),
                }),
                None => p.eliminated.push(u.id),
            }
        }
        p.attacks = state.attacks().collect();
        p
    }
}

/// What the recorder adds to a drawing: the unit picked, where it may go, what it may attack, and links.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Marks {
    /// The unit being commanded (outlined).
    pub selected: Option<UnitId>,
    /// The spaces marched through so far in the command being built.
    pub path: Vec<HexId>,
    /// Spaces to tap, each with where the tap leads.
    pub hex_links: Vec<(HexId, String)>,
    /// Units to tap (to pick one, or to attack it), with where the tap leads.
    pub unit_links: Vec<(UnitId, String)>,
    /// Units that may be attacked (ringed).
    pub targets: Vec<UnitId>,
}

/// One board to draw.
#[derive(Debug, Clone)]
pub struct Board<'a> {
    pub edition: &'a Edition,
    pub position: Position,
    pub marks: Marks,
    /// Prefix of the ids inside the drawing, unique on the page (the live page shows several boards).
    pub id: String,
    /// Drawn small (the live page): the names and labels are left to the larger boards (not drawn).
    pub small: bool,
    /// Every space and unit carries its tap key (`data-k="h:e4"`, `data-k="u:R16A"`): the online
    /// page's script picks on the board by these keys, linked or not.
    pub tap: bool,
}

/// Escape text for SVG/HTML content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The class of a colour (`c-green`), for the board's tokens and the hand's card faces.
pub(crate) fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "c-blue",
        Colour::Green => "c-green",
        Colour::Red => "c-red",
        Colour::Yellow => "c-yellow",
        Colour::White => "c-white",
        Colour::None => "c-none",
    }
}

/// The token's label: the unit's code without its side letter when the rest still says it (`R16A` →
/// `16A`, `POW` → `OW`), so it fits the token on a phone; the full code is in the title and the list.
#[must_use]
pub fn short_code(code: &str, side: Side) -> &str {
    let letter = match side {
        Side::Red => 'R',
        Side::Polish => 'P',
    };
    match code.strip_prefix(letter) {
        Some(rest) if rest.len() >= 2 => rest,
        _ => code,
    }
}

impl<'a> Board<'a> {
    /// The board of a game state.
    #[must_use]
    pub fn of(state: &GameState<'a>, id: &str) -> Board<'a> {
        Board {
            edition: state.edition(),
            position: Position::of(state),
            marks: Marks::default(),
            id: id.into(),
            small: false,
            tap: false,
        }
    }

    /// The drawing, as an inline `<svg>` element.
    #[must_use]
    pub fn svg(&self, lang: Lang) -> String {
        let e = self.edition;
        let id = &self.id;
        let (x, y, w, h) = view_box(e);
        let mut s = String::with_capacity(16 * 1024);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" class="board{}" id="{id}" viewBox="{x} {y} {w} {h}" role="img" aria-labelledby="{id}-t" aria-describedby="{id}-list"><title id="{id}-t">{}</title>"##,
            if self.small { " small" } else { "" },
            esc(&text::title(self, lang))
        );
        let _ = write!(
            s,
            r##"<defs><polygon id="{id}-h" points="{HEX_POINTS}"/><polygon id="{id}-f" points="{INNER_POINTS}"/><marker id="{id}-ar" class="ah red" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z"/></marker><marker id="{id}-ap" class="ah polish" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z"/></marker></defs>"##
        );
        s.push_str(r#"<g class="spaces">"#);
        for hex in e.hexes() {
            self.space(&mut s, hex.id);
        }
        s.push_str("</g>");
        // A small board shows no labels or names (the live page's projector reads the tokens and
        // the attacks): the layer is left out rather than sent hidden, about 40 % of the drawing.
        if !self.small {
            s.push_str(r#"<g class="texts">"#);
            for hex in e.hexes() {
                self.space_text(&mut s, hex.id);
            }
            s.push_str("</g>");
        }
        s.push_str(r#"<g class="attacks">"#);
        for &(a, d) in &self.position.attacks {
            let (Some(ta), Some(td)) = (self.token(a), self.token(d)) else { continue };
            let side = e.unit(a).side;
            let ((x1, y1), (x2, y2)) = shortened(centre(e, ta.hex), centre(e, td.hex), 17.0);
            let _ = write!(
                s,
                r##"<line class="atk {side}" x1="{x1:.0}" y1="{y1:.0}" x2="{x2:.0}" y2="{y2:.0}" marker-end="url(#{id}-a{})"/>"##,
                if side == Side::Red { 'r' } else { 'p' }
            );
        }
        s.push_str(r#"</g><g class="units">"#);
        for t in &self.position.tokens {
            self.token_svg(&mut s, t, lang);
        }
        s.push_str("</g></svg>");
        s
    }

    fn token(&self, u: UnitId) -> Option<&Token> {
        self.position.tokens.iter().find(|t| t.unit == u)
    }

    fn space(&self, s: &mut String, h: HexId) {
        let e = self.edition;
        let spec = e.hex(h);
        let (x, y) = centre(e, h);
        let mut class = String::from("sp");
        if spec.red_shading {
            class.push_str(" shaded");
        }
        if spec.fortified {
            class.push_str(" fort");
        }
        if let Some(l) = spec.landmark {
            class.push_str(match l {
                Landmark::Warsaw => " lm warsaw",
                Landmark::Radzymin => " lm radzymin",
                Landmark::Modlin => " lm modlin",
            });
        }
        if self.marks.path.contains(&h) {
            class.push_str(" path");
        }
        let link = self.marks.hex_links.iter().find(|(x, _)| *x == h).map(|(_, href)| href);
        if link.is_some() {
            class.push_str(" dest");
        }
        if let Some(href) = link {
            let _ = write!(s, r#"<a href="{}" class="to" data-space="{}">"#, esc(href), esc(&spec.label));
        }
        let key = if self.tap { format!(r#" data-k="h:{}""#, esc(&spec.label)) } else { String::new() };
        let _ = write!(
            s,
            r##"<g class="{class}"{key} transform="translate({x} {y})"><use href="#{}-h"/>"##,
            self.id
        );
        if spec.fortified {
            let _ = write!(s, r##"<use class="fw" href="#{}-f"/>"##, self.id);
        }
        s.push_str("</g>");
        if link.is_some() {
            s.push_str("</a>");
        }
    }

    /// A space's label and name, in a layer above every hex (a name wider than its hex is not covered
    /// by the next row's hexes).
    fn space_text(&self, s: &mut String, h: HexId) {
        let e = self.edition;
        let spec = e.hex(h);
        let (x, y) = centre(e, h);
        let class = if spec.landmark.is_some() { "tx lm" } else { "tx" };
        let _ = write!(
            s,
            r#"<g class="{class}" transform="translate({x} {y})"><text class="lb" y="-19">{}</text>"#,
            esc(&spec.label)
        );
        // A name sits in the hex's bottom corner, level with the labels of the next row's two
        // hexes (26 units to each side, about 11 wide): wider than 38 units it would run into them,
        // so a long name is squeezed to 38 rather than cut. Widths are estimated from the average
        // glyph of the stylesheet's sizes (7 px names, 8.5 px bold landmark names).
        let per_char = if spec.landmark.is_some() { 5.2 } else { 3.9 };
        let fit = if spec.name.chars().count() as f32 * per_char > NAME_WIDTH {
            format!(r#" textLength="{NAME_WIDTH}" lengthAdjust="spacingAndGlyphs""#)
        } else {
            String::new()
        };
        let _ = write!(s, r#"<text class="nm" y="26"{fit}>{}</text></g>"#, esc(&spec.name));
    }

    fn token_svg(&self, s: &mut String, t: &Token, lang: Lang) {
        let e = self.edition;
        let u = e.unit(t.unit);
        let (x, y) = centre(e, t.hex);
        let mut class = format!("u {} {}", u.side.as_str(), colour_class(u.colour));
        if t.status == Status::Dispersed {
            class.push_str(" disp");
        }
        if self.marks.selected == Some(t.unit) {
            class.push_str(" sel");
        }
        if self.marks.targets.contains(&t.unit) {
            class.push_str(" tgt");
        }
        let link = self.marks.unit_links.iter().find(|(x, _)| *x == t.unit).map(|(_, href)| href);
        if let Some(href) = link {
            let _ = write!(s, r#"<a href="{}" class="pick" data-unit="{}">"#, esc(href), esc(&u.code));
        }
        // Online, a unit also names the space it stands on (`data-at`): a march back to where it
        // started is chosen by tapping the unit once it is picked.
        let key = if self.tap {
            format!(r#" data-k="u:{}" data-at="h:{}""#, esc(&u.code), esc(&e.hex(t.hex).label))
        } else {
            String::new()
        };
        let _ = write!(
            s,
            r#"<g class="{class}"{key} transform="translate({x} {y})"><title>{}</title>"#,
            esc(&text::unit_title(self, t, lang))
        );
        match u.side {
            Side::Red => s.push_str(r#"<circle r="17"/>"#),
            Side::Polish => s.push_str(r#"<rect x="-16" y="-16" width="32" height="32" rx="4"/>"#),
        }
        if t.status == Status::Dispersed {
            s.push_str(r#"<path class="slash" d="M-12 12L12 -12"/>"#);
        }
        let _ = write!(s, r#"<text class="uc" y="4.5">{}</text>"#, esc(short_code(&u.code, u.side)));
        if t.markers > 0 {
            let _ = write!(
                s,
                r#"<circle class="mk" cx="17" cy="-14" r="8"/><text class="mkn" x="17" y="-10.5">{}</text>"#,
                t.markers
            );
        }
        s.push_str("</g>");
        if link.is_some() {
            s.push_str("</a>");
        }
    }

    /// The position as a list, for screen readers and anyone who prefers reading: each unit with its
    /// space, markers and status, then the attack markers.
    #[must_use]
    pub fn list(&self, lang: Lang) -> Vec<String> {
        text::list(self, lang)
    }

    /// The landmarks with their spaces' coordinates (`Radzymin (c5)`), in the edition's order: a
    /// phone's board draws coordinates large enough to read and leaves the names to this line
    /// (`static/table.css`).
    #[must_use]
    pub fn places(&self) -> Vec<String> {
        self.edition
            .hexes()
            .filter(|h| h.landmark.is_some())
            .map(|h| format!("{} ({})", h.name, h.label))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleOptions;

    #[test]
    fn the_places_line_names_each_landmark_with_its_space() {
        let e = Edition::builtin();
        let state = GameState::new(e, RuleOptions::default());
        let places = Board::of(&state, "b").places();
        // The built-in edition's landmarks, typed in from its board: Warsaw, Radzymin, Modlin.
        assert_eq!(places.len(), e.hexes().filter(|h| h.landmark.is_some()).count());
        for name in ["Warszawa", "Radzymin", "Modlin"] {
            assert!(places.iter().any(|p| p.starts_with(name) && p.ends_with(')')), "{name} in {places:?}");
        }
    }

    #[test]
    fn short_codes_drop_the_side_letter_when_the_rest_still_names_the_unit() {
        assert_eq!(short_code("R16A", Side::Red), "16A");
        assert_eq!(short_code("R3KK", Side::Red), "3KK");
        assert_eq!(short_code("RGM", Side::Red), "GM");
        assert_eq!(short_code("POW", Side::Polish), "OW");
        assert_eq!(short_code("P1A", Side::Polish), "1A");
        assert_eq!(short_code("X", Side::Red), "X");
        assert_eq!(short_code("R1", Side::Red), "R1");
    }

    #[test]
    fn names_from_an_upload_are_escaped() {
        assert_eq!(esc(r#"<b>"Łódź" & 'x'</b>"#), "&lt;b&gt;&quot;Łódź&quot; &amp; &#39;x&#39;&lt;/b&gt;");
    }

    #[test]
    fn the_start_position_draws_every_space_and_unit() {
        let e = Edition::builtin();
        let state = GameState::new(e, RuleOptions::default());
        let svg = Board::of(&state, "b").svg(Lang::Pl);
        assert_eq!(svg.matches(r##"<use href="#b-h"/>"##).count(), e.hex_count());
        assert_eq!(svg.matches(r#"<g class="u "#).count(), 12);
        assert_eq!(svg.matches(r#"<circle r="17"/>"#).count(), 6, "six round Red tokens");
        assert_eq!(svg.matches("<rect ").count(), 6, "six square Polish tokens");
        assert!(!svg.contains("style="), "no inline style (CSP)");
        assert!(!svg.contains("<script"), "no script");
        assert_eq!(svg.matches(r#"<text class="lb""#).count(), e.hex_count(), "every space labelled");
    }

    #[test]
    fn a_small_board_draws_every_space_and_unit_without_the_labels() {
        let e = Edition::builtin();
        let state = GameState::new(e, RuleOptions::default());
        let full = Board::of(&state, "b").svg(Lang::Pl);
        let mut board = Board::of(&state, "b");
        board.small = true;
        let svg = board.svg(Lang::Pl);
        assert!(svg.contains(r#"class="board small""#));
        assert_eq!(svg.matches(r##"<use href="#b-h"/>"##).count(), e.hex_count());
        assert_eq!(svg.matches(r#"<g class="u "#).count(), 12);
        assert!(!svg.contains(r#"class="lb""#) && !svg.contains(r#"class="nm""#), "no labels or names");
        assert!(
            svg.len() * 4 < full.len() * 3,
            "a quarter smaller at least: {} of {}",
            svg.len(),
            full.len()
        );
    }
}
