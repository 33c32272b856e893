//! An event's invitations page (`/admin/t/{t}/invitations`): each invitation with its state and
//! origin as keys (`data-state`, `data-origin`) and as the page says them.

use super::{Html, select};

/// One invitation on an event's invitations page.
#[derive(Debug, Clone, PartialEq)]
pub struct InvitationRow {
    pub id: i64,
    pub person: i64,
    pub name: String,
    /// `invited`, `accepted`, `declined`, `withdrawn`, `elsewhere`, `revoked`.
    pub state: String,
    /// `qualifier` or `wildcard`.
    pub origin: String,
    /// Where it comes from, as the page says it ("z turnieju …", "dzika karta: reason").
    pub origin_words: String,
}

/// The invitations a page lists, in its order.
pub fn invitation_rows(page: &(impl Html + ?Sized)) -> Vec<InvitationRow> {
    select(page.html(), "li[data-invitation][data-state]")
        .iter()
        .map(|li| {
            let said = li.one("span.muted").text();
            let said = said.trim_start_matches('(').trim_end_matches(')');
            InvitationRow {
                id: li.num("data-invitation"),
                person: li.num("data-person"),
                name: li.one("a").text(),
                state: li.get("data-state").to_string(),
                origin: li.get("data-origin").to_string(),
                origin_words: said.rsplit_once("; ").map_or(said, |(o, _)| o).to_string(),
            }
        })
        .collect()
}

/// The names of the invitations in `state` (`invited`, `accepted`...), in the page's order.
pub fn names_in(page: &(impl Html + ?Sized), state: &str) -> Vec<String> {
    invitation_rows(page).into_iter().filter(|i| i.state == state).map(|i| i.name).collect()
}
