//! The organiser's questions about persons: the near-match question on the overview (registering
//! or importing someone near a person of the registry), the near pairs and merges of a
//! tournament's persons page and of the season coordinator's page.

use super::html::Element;
use super::{Html, select};

/// One near-match question on the organiser's overview (`fieldset.near-match`).
#[derive(Debug, Clone, PartialEq)]
pub struct NearMatch {
    /// The row asked about (0 on the register form; the import's row).
    pub row: u32,
    /// The question and the name as typed ("W rejestrze jest ktoś podobny; …: Anna Wiśniewsk").
    pub question: String,
    /// The persons offered: (person, the answer's words: name, school and why they are near).
    pub offered: Vec<(i64, String)>,
    /// The answer kept checked: a person's id, or `new` (someone else).
    pub chosen: Option<String>,
}

/// The near-match questions a page asks, in order.
pub fn near_matches(page: &(impl Html + ?Sized)) -> Vec<NearMatch> {
    select(page.html(), "fieldset.near-match")
        .iter()
        .map(|f| NearMatch {
            row: f.num("data-row"),
            question: f.one("legend").text(),
            offered: f
                .select("label")
                .iter()
                .filter_map(|l| Some((l.first("input[data-person]")?.num("data-person"), l.text())))
                .collect(),
            chosen: f.first("input[checked]").map(|i| i.get("value").to_string()),
        })
        .collect()
}

/// A near pair on a persons page (`li[data-pair]`: the tournament's persons page, the season
/// coordinator's possible duplicates).
#[derive(Debug, Clone, PartialEq)]
pub struct NearPair {
    /// The two persons, as the pair's forms name them (kept, merged).
    pub persons: (i64, i64),
    /// Why they are near, as the page says it ("inna data urodzenia").
    pub why: String,
    /// The buttons' words ("To ta sama osoba", "To różne osoby").
    pub buttons: Vec<String>,
    /// The line's text (names, and on the coordinator's page the birth dates).
    pub text: String,
}

fn near_pair(li: &Element) -> NearPair {
    let (a, b) = li.get("data-pair").split_once('-').expect("a pair's two persons");
    NearPair {
        persons: (a.parse().unwrap(), b.parse().unwrap()),
        why: li
            .select("span.muted")
            .last()
            .map(|s| s.text().trim_start_matches('(').trim_end_matches(')').to_string())
            .unwrap_or_default(),
        buttons: li.select("button").iter().map(Element::text).collect(),
        text: li.text(),
    }
}

/// The near pairs a page lists, in order.
pub fn near_pairs(page: &(impl Html + ?Sized)) -> Vec<NearPair> {
    select(page.html(), "li[data-pair]").iter().map(near_pair).collect()
}

/// A merge standing on a persons page: (merge id, who: "kept ← merged").
pub fn merges(page: &(impl Html + ?Sized)) -> Vec<(i64, String)> {
    select(page.html(), "li[data-merge]")
        .iter()
        .map(|li| {
            // The line's own words come before its first element (the time, the undo button).
            let who = super::html::decode(li.inner.split('<').next().unwrap_or_default());
            (li.num("data-merge"), who.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .collect()
}
