//! Persons: the values this aggregate's writes take. A leaf (see `store::values`).

use crate::store::ids::PersonId;
use serde::{Deserialize, Serialize};

/// Which person a new entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PersonLink {
    /// The one person with the entry's name (folded: case and diacritics aside) and birth date,
    /// or a new person when there is none or several (`league::persons`): never a near one.
    #[default]
    Match,
    /// This person, as the organiser confirmed a near match (a person merged since: the one
    /// they went into).
    Existing(PersonId),
    /// A new person, kept apart from everyone (the organiser said the near match is somebody else).
    New,
}
