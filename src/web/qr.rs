//! QR codes for paper: a table card carries its match page's address as a QR code, so a player or
//! a parent at the table opens the match on a phone without typing (the `qrcode` crate, SVG only).

use qrcode::{Color, EcLevel, QrCode};
use std::fmt::Write as _;

/// The quiet zone around the code, in modules (ISO/IEC 18004: "4X wide").
const QUIET: usize = 4;

/// `text` as an inline SVG QR code (medium error correction: a card survives a crease or a
/// smudge), its size in modules with the quiet zone, scaled by the page's CSS; each row's runs of
/// dark modules are one rectangle (a third of the crate's own SVG, which draws every module).
/// `None` when the text is too long for any QR version (an address never is).
#[must_use]
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let size = width + 2 * QUIET;
    // Hidden from screen readers: the address is printed beside it in words.
    let mut out = format!(
        "<svg class=\"qr\" aria-hidden=\"true\" focusable=\"false\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\"><rect width=\"{size}\" height=\"{size}\" \
         fill=\"#fff\"/><path fill=\"#000\" d=\""
    );
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let run = row[x..].iter().take_while(|&&c| c == Color::Dark).count();
                let (left, top) = (x + QUIET, y + QUIET);
                let _ = write!(out, "M{left} {top}h{run}v1H{left}V{top}");
                x += run;
            } else {
                x += 1;
            }
        }
    }
    out.push_str("\"/></svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_becomes_one_inline_svg_of_the_code_for_it() {
        let url = "http://127.0.0.1:8080/t/1/match/7";
        let out = svg(url).expect("an address fits");
        assert!(out.starts_with("<svg class=\"qr\""), "{out}");
        assert!(!out.contains("<?xml"), "inline: no XML declaration");
        let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M).expect("fits");
        // The quiet zone of 4 modules on each side (ISO/IEC 18004: 4X).
        assert!(out.contains(&format!("viewBox=\"0 0 {0} {0}\"", code.width() + 8)), "{out}");
        // The top-left finder pattern's first row: 7 dark modules in one run, from the quiet zone.
        assert!(out.contains("d=\"M4 4h7v1H4V4"), "{out}");
        let dark = code.to_colors().iter().filter(|&&c| c == Color::Dark).count();
        let covered: usize = out
            .split('M')
            .skip(1)
            .map(|rect| {
                rect.split('h').nth(1).and_then(|w| w.split('v').next()?.parse::<usize>().ok()).unwrap_or(0)
            })
            .sum();
        assert_eq!(covered, dark, "every dark module drawn once");
    }
}
