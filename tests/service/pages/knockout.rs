//! What the bracket page says before the knockout (issue 38): when it starts and how it pairs, read
//! from the section's `data-` attributes.

use super::{Html, one};

/// The bracket page's "before the knockout" section of a Swiss tournament (`#before-knockout`).
#[derive(Debug, Clone, PartialEq)]
pub struct BeforeKnockout {
    /// The Swiss round after which the knockout starts.
    pub after_round: u32,
    /// How many of the Swiss table go on.
    pub top: u32,
    /// The first round's pairs by Swiss place: `"1-4"`, or `"1-bye"` for a bye.
    pub pairs: Vec<String>,
    /// A third-place match is played.
    pub third_place: bool,
}

impl BeforeKnockout {
    pub fn read(page: &(impl Html + ?Sized)) -> BeforeKnockout {
        let body = page.html();
        let when = one(body, "#before-knockout p[data-after-round]");
        let how = one(body, "#before-knockout p[data-pairs]");
        BeforeKnockout {
            after_round: when.num("data-after-round"),
            top: when.num("data-top"),
            pairs: how.get("data-pairs").split_whitespace().map(str::to_string).collect(),
            third_place: how.get("data-third-place") == "true",
        }
    }
}
