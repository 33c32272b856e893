//! The no-show of an online match (issue 25). The league rules know the no-show at the table: a
//! player who does not come loses the match, as the referee types it. Online, "coming" is opening
//! one's personal link: a player who has not opened it within the organiser's waiting time (counted
//! from the round's publication, or from the match going online if that was later) loses the match
//! by no-show, claimed by the player present or by the referee. When neither is present the referee
//! decides, as at the table; when both are, the games are played.

/// One of a match's two players: `A` (the pairing's first), `B`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    #[must_use]
    pub fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }
}

/// Where the waiting stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// Both opened their links: the games are played.
    BothPresent,
    /// Neither did: the referee decides, as at the table.
    NeitherPresent,
    /// `absent` has not come; the one present may claim the match in `secs_left` seconds (0: now).
    OneAbsent { absent: Seat, secs_left: i64 },
}

/// Why a no-show claim is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimRefusal {
    /// Both players are present.
    BothPresent,
    /// The claimant has not opened their link (nobody claims for an absent player).
    ClaimantAbsent,
    /// The waiting time has not passed: `secs_left` seconds to go.
    TooEarly { secs_left: i64 },
}

/// Where the waiting stands, `waited_secs` after it began, with the organiser's `wait_mins`.
#[must_use]
pub fn waiting(present: [bool; 2], waited_secs: i64, wait_mins: i64) -> Waiting {
    match present {
        [true, true] => Waiting::BothPresent,
        [false, false] => Waiting::NeitherPresent,
        [a, _] => Waiting::OneAbsent {
            absent: if a { Seat::B } else { Seat::A },
            secs_left: (wait_mins.saturating_mul(60) - waited_secs).max(0),
        },
    }
}

/// `claimant`'s claim of the match by no-show: the absent player, who loses the match.
///
/// # Errors
/// [`ClaimRefusal`]: both present, the claimant absent, or the waiting time not over.
pub fn claim(w: Waiting, claimant: Seat) -> Result<Seat, ClaimRefusal> {
    match w {
        Waiting::BothPresent => Err(ClaimRefusal::BothPresent),
        Waiting::NeitherPresent => Err(ClaimRefusal::ClaimantAbsent),
        Waiting::OneAbsent { absent, .. } if absent == claimant => Err(ClaimRefusal::ClaimantAbsent),
        Waiting::OneAbsent { secs_left, .. } if secs_left > 0 => Err(ClaimRefusal::TooEarly { secs_left }),
        Waiting::OneAbsent { absent, .. } => Ok(absent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_present_player_claims_once_the_waiting_time_is_over() {
        let w = waiting([true, false], 14 * 60 + 30, 15);
        assert_eq!(w, Waiting::OneAbsent { absent: Seat::B, secs_left: 30 });
        assert_eq!(claim(w, Seat::A), Err(ClaimRefusal::TooEarly { secs_left: 30 }));
        let w = waiting([true, false], 15 * 60, 15);
        assert_eq!(claim(w, Seat::A), Ok(Seat::B));
        assert_eq!(claim(w, Seat::B), Err(ClaimRefusal::ClaimantAbsent), "the absent claims nothing");
        let w = waiting([false, true], 3600, 15);
        assert_eq!(w, Waiting::OneAbsent { absent: Seat::A, secs_left: 0 });
        assert_eq!(claim(w, Seat::B), Ok(Seat::A));
    }

    #[test]
    fn both_or_neither_present_is_no_claim() {
        assert_eq!(claim(waiting([true, true], 9999, 15), Seat::A), Err(ClaimRefusal::BothPresent));
        assert_eq!(claim(waiting([false, false], 9999, 15), Seat::A), Err(ClaimRefusal::ClaimantAbsent));
        assert_eq!(waiting([false, false], 0, 15), Waiting::NeitherPresent);
    }
}
