//! Authority over persons (issue 36), one test per row of the table in `app::authority` and
//! docs/service.md: a league of two seasons and a tournament outside them, run by two organisers,
//! two coordinators and the administrator. Each refused request is checked to change nothing.

use super::{born, entries, entry, person_of, register};
use bitwa::app::authority;
use bitwa::app::persons::{self, Asked};
use bitwa::app::proposals::{self, Decided};
use bitwa::app::season::{self, invitations};
use bitwa::app::{Refusal, tournament};
use bitwa::league::season::{Eligibility, QualificationRule, SeasonDraft};
use bitwa::store::persons::PersonLink;
use bitwa::store::tournaments::TournamentConfig;
use bitwa::store::{self, PersonId, ProposalId, SeasonId, Store, TournamentId, UserId};
use chrono::NaiveDate;

/// Two seasons and a school tournament: `t1` (S1, run by `org1`), `t2` (S1) and `t3` (S2) run by
/// `org2`, `t4` outside every season run by `org1`; `coord1` coordinates S1, `coord2` S2.
struct League {
    db: Store,
    admin: UserId,
    org1: UserId,
    org2: UserId,
    coord1: UserId,
    coord2: UserId,
    s1: SeasonId,
    s2: SeasonId,
    t1: TournamentId,
    t2: TournamentId,
    t3: TournamentId,
    t4: TournamentId,
}

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

async fn user(db: &Store, name: &str, admin: bool) -> UserId {
    store::users::create(db, name, "not-a-hash", admin).await.unwrap().unwrap()
}

async fn tournament_of(db: &Store, name: &str, organiser: UserId) -> TournamentId {
    let cfg = TournamentConfig { name: name.into(), ..tournament::default_config(d("2026-05-09")) };
    tournament::create(db, &cfg, organiser).await.unwrap()
}

impl League {
    async fn new() -> League {
        let db = super::day::fresh_store().await;
        let admin = user(&db, "admin", true).await;
        let (org1, org2) = (user(&db, "org1", false).await, user(&db, "org2", false).await);
        let (coord1, coord2) = (user(&db, "coord1", false).await, user(&db, "coord2", false).await);
        let draft = |name: &str| {
            SeasonDraft::with_defaults(
                name,
                d("2026-04-01"),
                d("2026-06-30"),
                "builtin",
                Eligibility::BirthYears { from: 2006, to: 2012 },
            )
        };
        let s1 = season::create(&db, draft("Liga 2026"), coord1).await.unwrap();
        let s2 = season::create(&db, draft("Liga szkolna 2026"), coord2).await.unwrap();
        let t1 = tournament_of(&db, "Eliminacje Radom", org1).await;
        let t2 = tournament_of(&db, "Eliminacje Płock", org2).await;
        let t3 = tournament_of(&db, "Puchar szkół", org2).await;
        let t4 = tournament_of(&db, "Turniej klubowy", org1).await;
        let one = QualificationRule { places: 1, per_school: None };
        let (a, b) = (season::season(&db, s1).await.unwrap(), season::season(&db, s2).await.unwrap());
        season::add_event(&db, s1, t1, a.levels[0], Some(a.regions[0]), one).await.unwrap();
        season::add_event(&db, s1, t2, a.levels[0], Some(a.regions[1]), one).await.unwrap();
        season::add_event(&db, s2, t3, b.levels[0], Some(b.regions[0]), one).await.unwrap();
        League { db, admin, org1, org2, coord1, coord2, s1, s2, t1, t2, t3, t4 }
    }

    /// A new person with one entry in `t` (registered by whoever runs it), and further entries
    /// in `more`; its person id.
    async fn person(&self, name: &str, born_on: u32, t: TournamentId, more: &[TournamentId]) -> PersonId {
        let e = |link| entry(name, born(2010, 1, born_on), "LO 1", link);
        let p = person_of(&self.db, register(&self.db, t, e(PersonLink::New), self.admin).await).await;
        for m in more {
            register(&self.db, *m, e(PersonLink::Existing(p)), self.admin).await;
        }
        p
    }

    /// Every entry of both persons, to compare before and after a refused request.
    async fn entries_of(
        &self,
        a: PersonId,
        b: PersonId,
    ) -> (Vec<store::persons::Entry>, Vec<store::persons::Entry>) {
        (entries(&self.db, a).await, entries(&self.db, b).await)
    }
}

fn refused<T: std::fmt::Debug>(r: bitwa::app::AppResult<T>) -> Refusal {
    super::refusal(r)
}

fn proposed<T: std::fmt::Debug>(asked: Asked<T>) -> ProposalId {
    match asked {
        Asked::Proposed(p) => p,
        other => panic!("expected a proposal, got {other:?}"),
    }
}

/// Row "person: merge" for an organiser who runs every tournament of both persons.
#[tokio::test]
async fn an_organiser_merges_persons_whose_entries_are_all_in_their_own_events() {
    let l = League::new().await;
    let a = l.person("Anna Nowak", 1, l.t1, &[]).await;
    let b = l.person("Anna Nowakk", 1, l.t4, &[]).await;
    let m = persons::merge(&l.db, a, b, l.org1).await.unwrap();
    assert_eq!(entries(&l.db, a).await.len(), 2);
    // And undoes it: the kept person is theirs too.
    persons::unmerge(&l.db, m, l.org1).await.unwrap();
    assert_eq!(entries(&l.db, b).await.len(), 1);
}

/// Row "person: merge" for an organiser whose merge reaches another organiser's entrant: refused
/// as a direct merge, a proposal from their persons page; nothing moves until an owner confirms
/// (not the proposer, not the other event's organiser: the season's coordinator).
#[tokio::test]
async fn an_organisers_cross_event_merge_is_refused_or_proposed_and_changes_nothing() {
    let l = League::new().await;
    let here = l.person("Jan Kowal", 2, l.t1, &[]).await;
    let theirs = l.person("Jan Kowall", 2, l.t2, &[]).await;
    let before = l.entries_of(here, theirs).await;
    assert_eq!(refused(persons::merge(&l.db, here, theirs, l.org1).await), Refusal::NotYours);
    let p = proposed(persons::merge_from(&l.db, l.t1, here, theirs, l.org1).await.unwrap());
    // Asking again finds the same proposal.
    assert_eq!(proposed(persons::merge_from(&l.db, l.t1, here, theirs, l.org1).await.unwrap()), p);
    assert_eq!(l.entries_of(here, theirs).await, before, "nothing moved");
    for who in [l.org1, l.org2, l.coord2] {
        assert_eq!(refused(proposals::confirm(&l.db, p, who).await), Refusal::NotYours, "{who}");
        assert_eq!(refused(proposals::refuse(&l.db, p, who).await), Refusal::NotYours, "{who}");
    }
    assert_eq!(l.entries_of(here, theirs).await, before, "nothing moved");
    assert!(proposals::open_for(&l.db, l.org1).await.unwrap().is_empty(), "not the proposer's to decide");
    assert_eq!(proposals::open_for(&l.db, l.coord1).await.unwrap().len(), 1);
    // A tournament neither plays in: refused before anything is proposed.
    assert_eq!(refused(persons::merge_from(&l.db, l.t4, here, theirs, l.org1).await), Refusal::PersonNotHere);

    assert_eq!(proposals::confirm(&l.db, p, l.coord1).await.unwrap(), Decided::Done);
    assert_eq!(entries(&l.db, here).await.len(), 2);
    assert!(entries(&l.db, theirs).await.is_empty());
    assert_eq!(refused(proposals::confirm(&l.db, p, l.admin).await), Refusal::ProposalDecided);
}

/// Row "person: merge" for a coordinator: within their season done at once; across seasons a
/// proposal their own asking confirms for their season, carried out when the other season's
/// coordinator confirms too.
#[tokio::test]
async fn a_coordinators_cross_season_merge_waits_for_the_other_seasons_coordinator() {
    let l = League::new().await;
    let a = l.person("Ewa Lis", 3, l.t1, &[]).await;
    let b = l.person("Ewa Liss", 3, l.t2, &[]).await;
    let done = persons::merge_from_season(&l.db, l.s1, l.t1, a, b, l.coord1).await.unwrap();
    assert!(matches!(done, Asked::Done(_)), "{done:?}");
    assert_eq!(entries(&l.db, a).await.len(), 2);

    let c = l.person("Ola Zięba", 4, l.t1, &[]).await;
    let d = l.person("Ola Zieba", 4, l.t3, &[]).await;
    let before = l.entries_of(c, d).await;
    assert_eq!(refused(persons::merge(&l.db, c, d, l.coord1).await), Refusal::NotYours);
    let p = proposed(persons::merge_from_season(&l.db, l.s1, l.t1, c, d, l.coord1).await.unwrap());
    assert_eq!(proposals::confirm(&l.db, p, l.coord1).await.unwrap(), Decided::Waiting(vec![l.s2]));
    assert_eq!(l.entries_of(c, d).await, before, "nothing moved while S2 has not confirmed");
    assert_eq!(proposals::open_for(&l.db, l.coord2).await.unwrap()[0].waiting_for, [l.s2]);
    assert_eq!(proposals::confirm(&l.db, p, l.coord2).await.unwrap(), Decided::Done);
    assert_eq!(entries(&l.db, c).await.len(), 2);
}

/// Row "proposal": a place outside every season makes the administrator the only owner.
#[tokio::test]
async fn a_merge_reaching_a_tournament_outside_every_season_waits_for_the_administrator() {
    let l = League::new().await;
    let a = l.person("Igor Mak", 5, l.t1, &[]).await;
    let b = l.person("Igor Mac", 5, l.t4, &[]).await;
    let before = l.entries_of(a, b).await;
    let p = proposed(persons::merge_from_season(&l.db, l.s1, l.t1, a, b, l.coord1).await.unwrap());
    assert_eq!(refused(proposals::confirm(&l.db, p, l.coord1).await), Refusal::NotYours);
    assert_eq!(l.entries_of(a, b).await, before);
    assert_eq!(proposals::confirm(&l.db, p, l.admin).await.unwrap(), Decided::Done);
    assert_eq!(entries(&l.db, a).await.len(), 2);
}

/// Row "person: undo a merge": only an owner of the kept person (every tournament of theirs,
/// the moved entries' included) undoes it.
#[tokio::test]
async fn a_merge_is_undone_only_by_an_owner_of_the_kept_person() {
    let l = League::new().await;
    let a = l.person("Adam Bąk", 6, l.t1, &[]).await;
    let b = l.person("Adam Bak", 6, l.t2, &[]).await;
    let Asked::Done(m) = persons::merge_from_season(&l.db, l.s1, l.t1, a, b, l.coord1).await.unwrap() else {
        panic!("the coordinator owns both")
    };
    for who in [l.org1, l.org2, l.coord2] {
        assert_eq!(refused(persons::unmerge(&l.db, m, who).await), Refusal::NotYours, "{who}");
        assert_eq!(refused(persons::unmerge_from(&l.db, l.t1, m, who).await), Refusal::NotYours, "{who}");
    }
    assert_eq!(entries(&l.db, a).await.len(), 2, "nothing undone");
    assert_eq!(
        refused(persons::unmerge(&l.db, bitwa::store::MergeId(-1), l.admin).await),
        Refusal::NoSuchMerge
    );
    persons::unmerge(&l.db, m, l.coord1).await.unwrap();
    assert_eq!(entries(&l.db, b).await.len(), 1);
}

/// Row "person: keep apart": done by an owner of both, a proposal otherwise; a refused proposal
/// changes nothing and cannot be decided again.
#[tokio::test]
async fn keeping_persons_apart_is_an_owners_decision_and_a_refused_proposal_changes_nothing() {
    let l = League::new().await;
    let a = l.person("Zofia Ryś", 7, l.t1, &[]).await;
    let b = l.person("Zofia Rys", 8, l.t4, &[]).await;
    let c = l.person("Zofia Ryss", 7, l.t2, &[]).await;
    assert_eq!(persons::keep_apart(&l.db, l.t1, a, b, l.org1).await.unwrap(), Asked::Done(()));
    let apart = store::persons::apart(&l.db).await.unwrap();
    assert_eq!(apart.len(), 1);
    let p = proposed(persons::keep_apart(&l.db, l.t1, a, c, l.org1).await.unwrap());
    assert_eq!(store::persons::apart(&l.db).await.unwrap(), apart, "not kept apart yet");
    proposals::refuse(&l.db, p, l.coord1).await.unwrap();
    assert_eq!(store::persons::apart(&l.db).await.unwrap(), apart);
    assert_eq!(refused(proposals::confirm(&l.db, p, l.coord1).await), Refusal::ProposalDecided);
    assert_eq!(refused(persons::keep_apart(&l.db, l.t3, a, c, l.org2).await), Refusal::PersonNotHere);
}

/// Row "person: wildcard": a coordinator invites a person who plays in an event they run, not one
/// of another season's; the administrator anyone.
#[tokio::test]
async fn a_wildcard_goes_only_to_a_person_the_coordinator_runs_an_event_of() {
    let l = League::new().await;
    let ours = l.person("Kacper Wrona", 9, l.t1, &[]).await;
    let other_season = l.person("Kuba Sowa", 10, l.t3, &[]).await;
    assert_eq!(
        refused(invitations::wildcard(&l.db, l.s1, l.t2, other_season, "mistrz szkoły", l.coord1).await),
        Refusal::NotYours
    );
    assert!(invitations::to_event(&l.db, l.t2).await.unwrap().is_empty(), "nobody invited");
    invitations::wildcard(&l.db, l.s1, l.t2, ours, "mistrz szkoły", l.coord1).await.unwrap();
    invitations::wildcard(&l.db, l.s1, l.t2, other_season, "gospodarz", l.admin).await.unwrap();
    assert_eq!(invitations::to_event(&l.db, l.t2).await.unwrap().len(), 2);
}

/// Row "season": its coordinators and the administrator act for it, nobody else (another
/// season's coordinator, an event's organiser); row "event of a season": a season's form names
/// only its own events.
#[tokio::test]
async fn a_season_is_its_coordinators_and_the_administrators_and_names_only_its_events() {
    let l = League::new().await;
    for (who, may) in [(l.coord1, true), (l.admin, true), (l.coord2, false), (l.org1, false)] {
        assert_eq!(season::is_coordinator(&l.db, l.s1, who).await.unwrap(), may, "{who}");
    }
    assert_eq!(refused(season::check_coordinator(&l.db, l.s1, l.org1).await), Refusal::NotACoordinator);
    assert_eq!(refused(authority::event_of_season(&l.db, l.s1, l.t3).await), Refusal::NotThisSeason);
    assert_eq!(refused(authority::event_of_season(&l.db, l.s1, l.t4).await), Refusal::NotThisSeason);
    authority::event_of_season(&l.db, l.s1, l.t2).await.unwrap();
    assert_eq!(
        refused(season::organisers::appoint(&l.db, l.s1, l.t3, l.org1, l.coord1).await),
        Refusal::NotThisSeason
    );
}
