//! Where a recording is in its life, as stored. A leaf (see `store::values`): the result form checks
//! it without naming the recordings' writes.

use crate::store::StoredText;
use serde::Serialize;

/// Where a recording is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Lines are being recorded.
    Recording,
    /// The game ended and its log and result were saved to the game.
    Finished,
    /// The organiser ended the recording before the game ended (so that a result can be typed); its
    /// lines are kept.
    Ended,
    /// The game ended on the recorder where a result already stood: which one stands is asked.
    Awaiting,
    /// The game ended on the recorder, and the result that stood was kept (the recorded one is in
    /// history).
    SetAside,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Recording => "recording",
            Status::Finished => "finished",
            Status::Ended => "ended",
            Status::Awaiting => "awaiting",
            Status::SetAside => "set-aside",
        }
    }
}

impl StoredText for Status {
    const ALL: &'static [Status] =
        &[Status::Recording, Status::Finished, Status::Ended, Status::Awaiting, Status::SetAside];
    fn as_str(self) -> &'static str {
        Status::as_str(self)
    }
}

stored_as_text!(Status);
