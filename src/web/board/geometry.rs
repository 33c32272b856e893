//! Where a space is drawn: pointy-top hexes from the edition's axial coordinates (`HexSpec::q`, `r`),
//! so any valid edition (an organiser's upload too) lays out without a drawing of its own. Whole numbers
//! only: a hex is 52 units wide and rows are 45 apart, so every centre falls on an integer.

use crate::engine::Edition;
use crate::engine::ids::HexId;

/// Half a hex's width (the full width, √3·30 ≈ 51.96, rounded to 52).
pub const HALF_W: i32 = 26;
/// The hex's circumradius: a pointy-top hex is 60 units tall.
pub const R: i32 = 30;
/// Distance between rows (1.5 · R).
pub const ROW: i32 = 45;
const MARGIN: i32 = 3;

/// The hex outline around (0, 0), and the inner outline of a fortified space (82 %).
pub const HEX_POINTS: &str = "0,-30 26,-15 26,15 0,30 -26,15 -26,-15";
pub const INNER_POINTS: &str = "0,-25 21,-12 21,12 0,25 -21,12 -21,-12";

/// The centre of a space.
#[must_use]
pub fn centre(edition: &Edition, h: HexId) -> (i32, i32) {
    let spec = edition.hex(h);
    let (q, r) = (i32::from(spec.q), i32::from(spec.r));
    (2 * HALF_W * q + HALF_W * r, ROW * r)
}

/// The `viewBox` that holds every space: `x y width height`.
#[must_use]
pub fn view_box(edition: &Edition) -> (i32, i32, i32, i32) {
    let centres: Vec<(i32, i32)> = edition.hexes().map(|h| centre(edition, h.id)).collect();
    let min_x = centres.iter().map(|c| c.0).min().unwrap_or(0) - HALF_W - MARGIN;
    let max_x = centres.iter().map(|c| c.0).max().unwrap_or(0) + HALF_W + MARGIN;
    let min_y = centres.iter().map(|c| c.1).min().unwrap_or(0) - R - MARGIN;
    let max_y = centres.iter().map(|c| c.1).max().unwrap_or(0) + R + MARGIN;
    (min_x, min_y, max_x - min_x, max_y - min_y)
}

/// The segment from `a` towards `b`, cut by `cut` units at both ends (an attack arrow between tokens).
#[must_use]
pub fn shortened(a: (i32, i32), b: (i32, i32), cut: f64) -> ((f64, f64), (f64, f64)) {
    let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let cut = cut.min(len / 2.0 - 1.0).max(0.0);
    (
        (f64::from(a.0) + ux * cut, f64::from(a.1) + uy * cut),
        (f64::from(b.0) - ux * cut, f64::from(b.1) - uy * cut),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::Direction;

    #[test]
    fn neighbours_are_one_hex_apart_in_their_direction() {
        let e = Edition::builtin();
        for h in e.hexes() {
            let a = centre(e, h.id);
            for n in e.neighbours(h.id) {
                let b = centre(e, n);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                // Six neighbours at 52 units (E/W) or (±26, ±45) (the diagonals): one hex width apart.
                assert!(
                    (dx.abs() == 2 * HALF_W && dy == 0) || (dx.abs() == HALF_W && dy.abs() == ROW),
                    "{} -> {}: ({dx}, {dy})",
                    h.label,
                    e.hex(n).label
                );
                let dir = e.direction(h.id, n).expect("adjacent");
                let east = matches!(dir, Direction::East | Direction::NorthEast | Direction::SouthEast);
                assert_eq!(dx > 0, east, "{} -> {} is {dir:?}", h.label, e.hex(n).label);
            }
        }
    }

    #[test]
    fn the_view_box_holds_the_board() {
        let e = Edition::builtin();
        let (x, y, w, h) = view_box(e);
        for s in e.hexes() {
            let (cx, cy) = centre(e, s.id);
            assert!(
                cx - HALF_W >= x && cx + HALF_W <= x + w && cy - R >= y && cy + R <= y + h,
                "{}",
                s.label
            );
        }
        // Nine columns, half a hex of stagger, seven rows.
        assert_eq!((w, h), (9 * 52 + 26 + 6, 6 * 45 + 60 + 6));
    }
}
