//! The places of the next level that nobody fills (issue 34): a closed event whose qualification
//! rule asks Q places while its ranking, with the declined and those who took a place from another
//! event taken out, has fewer eligible players left (`league::season::unfilled`). The coordinator's
//! and the target's organiser's pages show them, with the wildcard as the way to fill one.

use super::super::AppResult;
use super::super::snapshot::lp;
use crate::league::season::{self, Ranked};
use crate::store::seasons::flow::{self, InvitationState};
use crate::store::{self, SeasonId, Store, TournamentId};

/// An event's places left unfilled in the event its qualifiers go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfilled {
    pub source: TournamentId,
    pub target: TournamentId,
    pub places: u32,
}

/// Every closed event of the season with places left unfilled, in the season's event order.
///
/// # Errors
/// The database fails.
pub async fn of_season(db: &Store, id: SeasonId) -> AppResult<Vec<Unfilled>> {
    let s = super::season(db, id).await?;
    let invitations = flow::of_season(db, id).await?;
    let mut out = Vec::new();
    for event in store::seasons::events(db, id).await?.into_iter().filter(|e| e.closed) {
        let from: Vec<_> = invitations.iter().filter(|i| i.source_id == Some(event.tournament_id)).collect();
        let target = match from.first() {
            Some(i) => i.target_id,
            None => match super::next_event(db, &s, &event).await {
                Ok(Some(e)) => e.tournament_id,
                _ => continue,
            },
        };
        let declined: Vec<_> = from
            .iter()
            .filter(|i| matches!(i.state, InvitationState::Declined | InvitationState::Elsewhere))
            .filter_map(|i| i.source_player_id.map(lp))
            .collect();
        let ranked: Vec<Ranked> = flow::ranking(db, event.tournament_id)
            .await?
            .iter()
            .map(|r| Ranked { player: lp(r.player_id), school: r.school.clone(), eligible: r.eligible })
            .collect();
        let places = season::unfilled(event.rule(), &ranked, &declined);
        if places > 0 {
            out.push(Unfilled { source: event.tournament_id, target, places });
        }
    }
    Ok(out)
}
