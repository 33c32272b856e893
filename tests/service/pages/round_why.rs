//! The page that explains a round's pairing (`/t/{t}/round/{n}/why`): its parts' headings, the
//! pairing criteria in order, the floaters and the bye's line.

use super::html::Element;
use super::{Html, select};

#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    /// The parts' headings, in order.
    pub headings: Vec<String>,
    /// The pairing criteria, most important first.
    pub criteria: Vec<String>,
    /// Each floater's line.
    pub floaters: Vec<String>,
    /// The paragraphs of the page (the bye's line among them).
    pub notes: Vec<String>,
}

impl Why {
    pub fn read(page: &(impl Html + ?Sized)) -> Why {
        let body = page.html();
        Why {
            headings: select(body, "main h2").iter().map(Element::text).collect(),
            criteria: select(body, "main ol li").iter().map(Element::text).collect(),
            floaters: select(body, "main ul.cards li").iter().map(Element::text).collect(),
            notes: select(body, "main p").iter().map(Element::text).collect(),
        }
    }
}
