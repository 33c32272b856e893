//! Round-robin groups (issue 19): the Berger schedules, the draw of players into groups and the
//! group standings.

pub mod berger;
pub mod seeding;
pub mod standings;
