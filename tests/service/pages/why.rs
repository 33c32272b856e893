//! The "why these pairings" page of a round (`/t/{t}/round/{n}/why`), read by its parts (issue 38).

use super::{Html, first, select};

/// The explanation of a round's pairings.
#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    /// The score groups: (score as shown, names).
    pub groups: Vec<(String, Vec<String>)>,
    /// Who got the bye and why, as the page says it ("wolny los: Gosia Gagacka (0 pkt) – ...").
    pub bye: Option<String>,
    /// The players not paired and why ("Gosia Gagacka: wycofanie z turnieju").
    pub not_paired: Vec<String>,
    /// The parts' headings, in order.
    pub headings: Vec<String>,
    /// The pairing criteria, most important first.
    pub criteria: Vec<String>,
    /// Each player paired across score groups: the line as the page says it.
    pub floaters: Vec<String>,
}

impl Why {
    pub fn read(page: &(impl Html + ?Sized)) -> Why {
        let body = page.html();
        Why {
            groups: select(body, "li[data-score-group]")
                .iter()
                .map(|li| {
                    let score = li.one("strong").text();
                    let text = li.text();
                    let names = text.split_once(": ").map_or("", |(_, n)| n);
                    (score, names.split(", ").map(str::to_string).collect())
                })
                .collect(),
            bye: first(body, "p[data-bye]").map(|p| p.text()),
            not_paired: select(body, "li[data-not-paired]").iter().map(|li| li.text()).collect(),
            headings: select(body, "main h2").iter().map(|h| h.text()).collect(),
            criteria: select(body, "main ol li").iter().map(|li| li.text()).collect(),
            floaters: select(body, "main ul.cards li").iter().map(|li| li.text()).collect(),
        }
    }

    /// Who got the bye: the name in the bye's sentence.
    pub fn bye_name(&self) -> Option<&str> {
        let b = self.bye.as_deref()?;
        b.split_once(": ")?.1.split(" (").next()
    }

    /// Every name in the score groups.
    pub fn grouped(&self) -> Vec<&str> {
        self.groups.iter().flat_map(|g| g.1.iter().map(String::as_str)).collect()
    }
}
