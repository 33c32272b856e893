//! The registration and import forms of the organiser's overview as typed, with their problems
//! beside the fields and what they ask about (names twice, a first row that looks like a player).

use crate::web::forms::problems::Problems;

/// The registration form as typed, its problems, and a name already on the list.
#[derive(Debug, Clone, Default)]
pub struct RegisterState {
    pub name: String,
    pub birth_date: String,
    pub club: String,
    pub knowledge: String,
    pub age_override: bool,
    pub problems: Problems,
    /// Names already registered (asks for a confirmation before registering again).
    pub duplicates: Vec<String>,
}

/// The import form as pasted, its problem, and what it asks about.
#[derive(Debug, Clone, Default)]
pub struct ImportState {
    pub csv: String,
    pub problems: Problems,
    /// The first row, when it looks like a player (no header).
    pub first_row: Option<String>,
    pub first_row_is_player: bool,
    /// Names registered twice (within the import or already on the list).
    pub duplicates: Vec<String>,
}
