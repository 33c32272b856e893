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
    pub region: String,
    pub problems: Problems,
    /// Names already registered (asks for a confirmation before registering again).
    pub duplicates: Vec<String>,
    /// Persons of the registry near the one typed (asks: this person, or somebody else).
    pub near: Vec<NearChoice>,
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
    /// Rows near a person of the registry (asks, row by row: this person, or somebody else).
    pub near: Vec<NearChoice>,
}

/// One registration near persons of the registry (issue 20): the organiser picks the person it is,
/// or keeps it apart (a new person). Sent back as `person_<row>` = a person's id or `new`. No
/// birth date is shown: why each is near says enough.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearChoice {
    /// The row's index in what was typed (0 for the registration form).
    pub row: usize,
    /// The name as typed.
    pub typed: String,
    pub options: Vec<NearOption>,
    /// The organiser answered "someone else" already (kept when another row is still unanswered).
    pub apart: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearOption {
    pub person: i64,
    /// The person's name and school, and why they are near, in the page's language.
    pub label: String,
    /// The organiser answered "this person" already.
    pub chosen: bool,
}
