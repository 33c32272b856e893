//! A whole finished demo season (issue 20): `bitwa demo --season [--regions R]
//! [--players-per-event N]` and, small, `bitwa serve --demo`. The season has the default levels
//! and the 16 voivodeships; R regional qualifiers (the first R voivodeships) of N players each,
//! Swiss then a knockout of 4, all played; in the first two regions a local elimination of 8
//! (Swiss) first, whose top 4 are invited into the region's qualifier and accepted (so some
//! persons play all three levels); the first region's qualifier has a withdrawal after its first
//! round. Each qualifier qualifies its top ⌈8 / R⌉ (the top 1 from 8 regions up) into the
//! national final; the final's organiser declines one invitation (the next reserve is invited
//! and accepted), the coordinator adds one wildcard, and the final is played in groups (regions
//! kept apart, seeded by the qualifying placings) then a knockout with a third-place match.
//! Every event is closed, so the season ranking is complete.
//!
//! Every step goes through the use cases the pages call. Results are typed (no move logs): in
//! each match the stronger player (a fixed strength per person, from the name; the local
//! eliminations' players stronger) wins 2:0, so no group or Swiss tie needs a lot.

use super::accounts;
use super::results::{self, Submission, Typed};
use super::season::{self, close, invitations, seeding};
use super::snapshot::Loaded;
use super::stages::{self, draw, format, group_round, qualify};
use super::{AppError, AppResult, Refusal, StageRefusal, knockout, registration, rounds, tournament};
use crate::engine::Edition;
use crate::league::season::{Eligibility, QualificationRule, SeasonDraft};
use crate::league::stages::{
    GroupQualify, GroupStage, KnockoutEntry, KnockoutStage, Seeding, Separation, Stage,
};
use crate::outcome::{Side, Termination};
use crate::store::players::{NewPlayer, PersonLink, PlayerChange};
use crate::store::seasons::flow::InvitationState;
use crate::store::tournaments::{Role, TournamentConfig};
use crate::store::{PlayerId, SeasonId, Store, TournamentId, UserId};
use chrono::{Datelike, Days, NaiveDate};
use std::collections::HashMap;

/// The shape of a demo season.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeasonSpec {
    /// Regional qualifiers, 1 to 16.
    pub regions: usize,
    /// Players of each regional qualifier, 8 or more.
    pub players_per_event: usize,
}

impl Default for SeasonSpec {
    /// What `bitwa demo --season` builds.
    fn default() -> Self {
        SeasonSpec { regions: 16, players_per_event: 24 }
    }
}

impl SeasonSpec {
    /// What `bitwa serve --demo` adds: two regions of 8.
    #[must_use]
    pub fn small() -> Self {
        SeasonSpec { regions: 2, players_per_event: 8 }
    }

    /// Each qualifier's places in the final: enough for a final of at least 8.
    fn places(self) -> u32 {
        u32::try_from(8usize.div_ceil(self.regions.max(1))).unwrap_or(1)
    }
}

/// The players of the local eliminations.
const LOCAL_PLAYERS: usize = 8;
/// The local eliminations' top so many go on to the region's qualifier.
const LOCAL_PLACES: u32 = 4;

/// Who wins a match: the stronger person (local players are stronger: they go on and play all
/// three levels).
fn strength(name: &str, local: bool) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h >> 2) | if local { 1 << 62 } else { 0 }
}

struct Builder<'a> {
    db: &'a Store,
    organiser: UserId,
    referee: UserId,
    today: NaiveDate,
    /// Strength by name.
    strength: HashMap<String, u64>,
    /// The next demo person's number (names stay distinct across the season).
    next: usize,
    edition: &'static Edition,
}

/// A typed game result: Red wins (Warsaw entered) or the Polish Army does (three Red units out).
fn game(red_wins: bool, n: u32) -> Submission {
    let (winner, termination, red_points) = if red_wins {
        (Side::Red, Termination::WarsawEntered, 21 + 4 * (n % 3))
    } else {
        (Side::Polish, Termination::ThreeRedEliminated, 2 * (n % 4))
    };
    let typed = Typed {
        winner: Some(winner),
        termination: Some(termination),
        red_points: Some(i64::from(red_points)),
        red_clock: Some(i64::from(60 + n % 500)),
        polish_clock: Some(i64::from(90 + n % 400)),
    };
    Submission { typed, ..Submission::default() }
}

impl Builder<'_> {
    async fn tournament(
        &self,
        name: String,
        venue: &str,
        day: NaiveDate,
        swiss: i64,
        knockout: i64,
    ) -> AppResult<TournamentId> {
        let cfg = TournamentConfig {
            name,
            venue: venue.into(),
            swiss_rounds: swiss,
            knockout_size: knockout,
            third_place: knockout > 1,
            ..tournament::default_config(day)
        };
        let t = tournament::create(self.db, &cfg, self.organiser).await?;
        tournament::grant(self.db, t, self.referee, Role::Referee).await?;
        Ok(t)
    }

    /// `n` new persons of `region`, registered in `t`.
    async fn register_new(&mut self, t: TournamentId, n: usize, region: &str, local: bool) -> AppResult<()> {
        let year = self.today.year();
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            let i = self.next;
            self.next += 1;
            // Past the 24 fixed names of the Swiss demo: the generated ones (a person per name).
            let name = super::demo_names::player_name(24 + i);
            self.strength.insert(name.clone(), strength(&name, local));
            let age = 14 + i32::try_from(i % 6).unwrap_or(0);
            entries.push(NewPlayer {
                name,
                birth_date: NaiveDate::from_ymd_opt(
                    year - age,
                    1 + u32::try_from(i % 12).unwrap_or(0),
                    1 + u32::try_from(i % 28).unwrap_or(0),
                )
                .unwrap_or(self.today),
                club: super::demo_names::school(i, region),
                region: region.to_string(),
                knowledge_score: Some(i64::try_from(10 + i % 11).unwrap_or(10)),
                age_override: false,
                person: PersonLink::Match,
            });
        }
        registration::register(self.db, t, &entries, self.organiser).await?;
        Ok(())
    }

    /// Publish round `number` if it is a draft, play every match (the stronger wins 2:0) and lock it.
    async fn play(&self, t: TournamentId, number: i64) -> AppResult<()> {
        let r = rounds::by_number(self.db, t, number).await?;
        if r.status() == crate::store::rounds::Status::Draft {
            rounds::publish(self.db, t, &r, self.organiser).await?;
        }
        let r = rounds::by_number(self.db, t, number).await?;
        let data = Loaded::load_id(self.db, t).await?;
        let strength_of =
            |p: PlayerId| data.player(p).and_then(|p| self.strength.get(&p.name)).copied().unwrap_or(0);
        let mut entered = Vec::new();
        for m in data.matches_of_round(&r) {
            let Some(b) = m.player_b else { continue };
            let a_wins = strength_of(m.player_a) > strength_of(b);
            for g in data.games_of(m.id).iter().filter(|g| g.game_no <= 2) {
                let red_is_a = g.red_player == m.player_a;
                let n = u32::try_from(m.table_no * 7 + g.game_no).unwrap_or(0);
                let decided = results::decide_entry(&data.t, self.edition, &game(red_is_a == a_wins, n))?;
                entered.push((g.id, g.version, decided));
            }
        }
        results::enter_all(self.db, t, entered, Role::Referee, self.referee).await?;
        rounds::lock(self.db, t, number, self.organiser).await?;
        Ok(())
    }

    /// Every Swiss round, then the knockout if the tournament has one, played.
    async fn play_swiss_and_knockout(&self, t: TournamentId, withdraw_after_first: bool) -> AppResult<()> {
        loop {
            match rounds::pair_next_swiss_round(self.db, t, self.organiser).await {
                Ok(n) => {
                    self.play(t, n).await?;
                    if withdraw_after_first && n == 1 {
                        self.withdraw_weakest(t).await?;
                    }
                }
                Err(super::AppError::Refused(Refusal::SwissDone)) => break,
                Err(e) => return Err(e),
            }
        }
        self.play_knockout(t).await
    }

    async fn play_knockout(&self, t: TournamentId) -> AppResult<()> {
        for _ in 0..16 {
            match knockout::pair_next_round(self.db, t, 1920, self.organiser).await {
                Ok(n) => self.play(t, n).await?,
                Err(super::AppError::Refused(Refusal::KnockoutOver | Refusal::NoKnockout)) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// The weakest player of `t` withdraws (a withdrawal the qualification skips).
    async fn withdraw_weakest(&self, t: TournamentId) -> AppResult<()> {
        let players = registration::players(self.db, t).await?;
        let weakest = players.iter().min_by_key(|p| self.strength.get(&p.name).copied().unwrap_or(0));
        if let Some(p) = weakest {
            let change = PlayerChange { withdrawn: true, knowledge_score: p.knowledge_score };
            registration::change(self.db, t, p, p.version, &change, self.organiser).await?;
        }
        Ok(())
    }

    /// Accept every open invitation into `t`.
    async fn accept_all(&self, t: TournamentId) -> AppResult<()> {
        for i in invitations::to_event(self.db, t).await? {
            if i.state == InvitationState::Invited {
                invitations::accept(self.db, t, i.id, self.organiser).await?;
            }
        }
        Ok(())
    }
}

/// Build the demo season as if today were `today`; its id.
///
/// # Errors
/// The database fails, or a use case refuses (it does not for these shapes: 1 to 16 regions, 8
/// or more players each).
/// Close the event, the organiser's lot drawn first where a tie decides a qualifying place
/// (issue 34; a fixed seed: the demo is repeatable).
async fn close_with_lot(db: &Store, t: TournamentId, organiser: UserId) -> AppResult<()> {
    match close::close_event(db, t, organiser).await {
        Err(AppError::Refused(Refusal::QualifyingTieLot { .. })) => {
            close::draw_lot(db, t, 1920, organiser).await?;
            close::close_event(db, t, organiser).await
        }
        other => other,
    }
}

pub async fn create_on(db: &Store, spec: SeasonSpec, today: NaiveDate) -> AppResult<SeasonId> {
    let spec =
        SeasonSpec { regions: spec.regions.clamp(1, 16), players_per_event: spec.players_per_event.max(8) };
    let organiser =
        accounts::ensure(db, super::demo_names::ORGANISER.0, super::demo_names::ORGANISER.1, true).await?;
    let referee =
        accounts::ensure(db, super::demo_names::REFEREE.0, super::demo_names::REFEREE.1, false).await?;
    let year = today.year();
    let draft = SeasonDraft::with_defaults(
        &format!("Liga Bitwy Warszawskiej {}/{}: sezon pokazowy", year - 1, year),
        today - Days::new(90),
        today,
        tournament::default_edition(),
        Eligibility::BirthYears { from: year - 20, to: year - 14 },
    );
    let id = season::create(db, draft, organiser).await?;
    let s = season::season(db, id).await?;
    let mut b = Builder {
        db,
        organiser,
        referee,
        today,
        strength: HashMap::new(),
        next: 0,
        edition: Edition::builtin(),
    };
    let (local_day, regional_day, final_day) =
        (today - Days::new(60), today - Days::new(30), today - Days::new(2));
    let places = spec.places();

    // The events: a local elimination in the first two regions, a qualifier in each, the final.
    let mut regionals = Vec::new();
    let mut locals = Vec::new();
    for r in 0..spec.regions {
        let region = s.season.regions()[r].clone();
        let t = b
            .tournament(
                format!("Kwalifikacje regionalne: {region}"),
                &format!("Oddział IPN {}", super::demo_names::ipn_branch(&region)),
                regional_day,
                3,
                4,
            )
            .await?;
        let rule = QualificationRule { places, per_school: None };
        season::add_event(db, id, t, s.levels[1], Some(s.regions[r]), rule).await?;
        regionals.push((t, region.clone()));
        if r < 2 {
            let local = b
                .tournament(
                    format!("Eliminacje szkolne: {region}"),
                    &format!("I Liceum Ogólnokształcące {}", super::demo_names::capital(&region)),
                    local_day,
                    3,
                    0,
                )
                .await?;
            let rule = QualificationRule { places: LOCAL_PLACES, per_school: None };
            season::add_event(db, id, local, s.levels[0], Some(s.regions[r]), rule).await?;
            locals.push((local, region));
        }
    }
    let final_t = b
        .tournament("Finał ogólnopolski".into(), "Warszawa, Muzeum Wojska Polskiego", final_day, 1, 0)
        .await?;
    season::add_event(db, id, final_t, s.levels[2], None, QualificationRule { places: 0, per_school: None })
        .await?;

    // Local eliminations: played and closed (their top 4 invited into the region's qualifier).
    for (t, region) in &locals {
        b.register_new(*t, LOCAL_PLAYERS, region, true).await?;
        b.play_swiss_and_knockout(*t, false).await?;
        close_with_lot(db, *t, organiser).await?;
    }
    // Regional qualifiers: the local qualifiers accepted, new players up to N, played, closed.
    for (i, (t, region)) in regionals.iter().enumerate() {
        b.accept_all(*t).await?;
        let have = registration::players(db, *t).await?.len();
        b.register_new(*t, spec.players_per_event.saturating_sub(have), region, false).await?;
        b.play_swiss_and_knockout(*t, i == 0).await?;
        close_with_lot(db, *t, organiser).await?;
    }

    // The final: one invitation declined (the last region's best: the reserve moves up), a
    // wildcard (the first region's best not invited), every invitation accepted.
    let open: Vec<_> = invitations::to_event(db, final_t).await?;
    if let Some(last) = open.iter().rev().find(|i| i.state == InvitationState::Invited) {
        invitations::decline(db, final_t, last.id, organiser).await?;
    }
    let invited: Vec<_> =
        invitations::to_event(db, final_t).await?.into_iter().map(|i| i.person_id).collect();
    let first = close::ranking(db, regionals[0].0).await?;
    let withdrawn: Vec<PlayerId> = registration::players(db, regionals[0].0)
        .await?
        .into_iter()
        .filter(|p| p.withdrawn)
        .map(|p| p.id)
        .collect();
    if let Some(row) =
        first.iter().find(|r| !invited.contains(&r.person_id) && !withdrawn.contains(&r.player_id))
    {
        invitations::wildcard(
            db,
            id,
            final_t,
            row.person_id,
            "gospodarz finału: najlepsza osoba bez awansu",
            organiser,
        )
        .await?;
    }
    b.accept_all(final_t).await?;
    let entrants = registration::players(db, final_t).await?.len();
    let mut groups = 2;
    while groups * 2 * 4 <= entrants && groups < 8 {
        groups *= 2;
    }
    let stages_chosen = vec![
        Stage::Groups(GroupStage {
            count: u32::try_from(groups).unwrap_or(2),
            double: false,
            seeding: Seeding::Snake,
            separation: Separation::Region,
            qualify: GroupQualify { per_group: 2, best_next: 0 },
        }),
        Stage::Knockout(KnockoutStage {
            size: u32::try_from(groups * 2).unwrap_or(4),
            third_place: true,
            from: KnockoutEntry::Crossover,
        }),
    ];
    format::choose(db, final_t, stages_chosen, organiser).await?;
    seeding::seed_from_placings(db, final_t, organiser).await?;
    draw::fix(db, final_t, 1920, organiser).await?;
    loop {
        match group_round::pair_next(db, final_t, organiser).await {
            Ok(n) => b.play(final_t, n).await?,
            Err(super::AppError::Refused(Refusal::Stage(StageRefusal::GroupsDone))) => break,
            Err(e) => return Err(e),
        }
    }
    stages::close::close(db, final_t, organiser).await?;
    let first_knockout = qualify::start_knockout(db, final_t, 1920, organiser).await?;
    b.play(final_t, first_knockout).await?;
    b.play_knockout(final_t).await?;
    close::close_event(db, final_t, organiser).await?;
    Ok(id)
}

/// [`create_on`] as of today.
///
/// # Errors
/// As [`create_on`].
pub async fn create(db: &Store, spec: SeasonSpec) -> AppResult<SeasonId> {
    create_on(db, spec, chrono::Utc::now().date_naive()).await
}
