//! A tournament day set up over HTTP as an organiser sets it up, in one sentence per test:
//!
//! ```ignore
//! let day = Day::new(&app).swiss_only("2").players(4).referee().published().open().await;
//! let games = day.games(day.matches[0]).await;
//! day.result(&games[0], "red", "warsaw-entered", "21").await;
//! ```
//!
//! Each step goes through the pages (the tournament form, the player form or the CSV import, the
//! referee form, pairing and publishing), and each asserts that the page accepted it, so a test that
//! builds on a day starts where it says it starts.

use crate::helpers::*;

/// The players of the small days, in registration order (the first seeds first).
pub const PLAYERS: [&str; 8] = [
    "Adam Abacki",
    "Beata Babacka",
    "Cezary Cabacki",
    "Dorota Dadacka",
    "Emil Ebacki",
    "Filip Fabacki",
    "Gosia Gagacka",
    "Henryk Hababacki",
];

/// The first `n` of [`PLAYERS`] as the organiser's CSV import takes them: born 2009, player `i` on
/// the `i`-th of month `i`, at school `LO i`.
pub fn players_csv(n: usize) -> String {
    let mut csv = String::from("name;birth date;club\n");
    for (i, name) in PLAYERS[..n].iter().enumerate() {
        csv.push_str(&format!("{name};2009-{0:02}-{0:02};LO {0}\n", i + 1));
    }
    csv
}

/// The referee every day appoints: (login, password).
pub const REFEREE: (&str, &str) = ("sedzia", "sedzia-haslo");

/// How far round 1 gets before the test takes over.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RoundOne {
    NotPaired,
    Draft,
    Published,
}

/// What the day will hold (nothing is sent until [`Day::open`]).
pub struct Day<'a> {
    app: &'a TestApp,
    config: Vec<(&'a str, &'a str)>,
    players: Vec<&'a str>,
    csv: Option<&'a str>,
    referee: bool,
    round: RoundOne,
}

/// The day as it stands: the tournament, its organiser and (if appointed) its referee, logged in.
pub struct OpenDay {
    pub t: i64,
    pub admin: Browser,
    referee: Option<Browser>,
    /// The registered players' ids, in registration order (empty after a CSV import).
    pub players: Vec<i64>,
    /// Round 1's matches in table order (empty unless it was paired).
    pub matches: Vec<i64>,
}

impl<'a> Day<'a> {
    /// A tournament with the form's defaults and nobody in it yet.
    pub fn new(app: &'a TestApp) -> Day<'a> {
        Day {
            app,
            config: Vec::new(),
            players: Vec::new(),
            csv: None,
            referee: false,
            round: RoundOne::NotPaired,
        }
    }

    /// Fields of the tournament form that differ from its defaults.
    pub fn config(mut self, overrides: &[(&'a str, &'a str)]) -> Day<'a> {
        self.config.extend_from_slice(overrides);
        self
    }

    /// `rounds` Swiss rounds and no knockout.
    pub fn swiss_only(self, rounds: &'a str) -> Day<'a> {
        self.config(&[("swiss_rounds", rounds), ("knockout_size", "0")])
    }

    /// The first `n` of [`PLAYERS`], registered one by one with the player form.
    pub fn players(mut self, n: usize) -> Day<'a> {
        self.players = PLAYERS[..n].to_vec();
        self
    }

    /// These players, registered one by one with the player form.
    pub fn named(mut self, names: &[&'a str]) -> Day<'a> {
        self.players = names.to_vec();
        self
    }

    /// Players imported at once from a CSV text (the organiser's paste box).
    pub fn imported(mut self, csv: &'a str) -> Day<'a> {
        self.csv = Some(csv);
        self
    }

    /// The referee [`REFEREE`] appointed to the tournament and logged in on a browser of their own.
    pub fn referee(mut self) -> Day<'a> {
        self.referee = true;
        self
    }

    /// Round 1 paired as a draft (seen only by the organiser).
    pub fn draft(mut self) -> Day<'a> {
        self.round = RoundOne::Draft;
        self
    }

    /// Round 1 paired and published.
    pub fn published(mut self) -> Day<'a> {
        self.round = RoundOne::Published;
        self
    }

    /// Send it all, each step checked.
    pub async fn open(self) -> OpenDay {
        let admin = self.app.admin().await;
        let t = create_tournament(&admin, &self.config).await;
        let mut players = Vec::new();
        for name in &self.players {
            players.push(register(&admin, t, name).await);
        }
        if let Some(csv) = self.csv {
            let page = admin.post(&format!("/admin/t/{t}/players/import"), &[("csv", csv)]).await;
            assert_eq!(page.status, 303, "{}", page.body);
        }
        let referee = if self.referee {
            let page = appoint(&admin, t, REFEREE.0, REFEREE.1).await;
            assert_eq!(page.status, 303, "{}", page.body);
            let referee = self.app.browser();
            referee.login(REFEREE.0, REFEREE.1).await;
            Some(referee)
        } else {
            None
        };
        let mut matches = Vec::new();
        if self.round != RoundOne::NotPaired {
            let paired = admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
            assert_eq!(paired.status, 303, "{}", paired.body);
            if self.round == RoundOne::Published {
                let published = admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
                assert_eq!(published.status, 303, "{}", published.body);
            }
            let round = crate::pages::Round::read(&admin.get(&format!("/t/{t}/round/1")).await);
            matches = round.matches().iter().map(|l| l.id).collect();
        }
        OpenDay { t, admin, referee, players, matches }
    }
}

impl OpenDay {
    /// The appointed referee's browser.
    pub fn referee(&self) -> &Browser {
        self.referee.as_ref().expect("a day with a referee (Day::referee)")
    }

    /// (tournament, organiser, referee, round 1's matches), for a test that takes them apart.
    pub fn into_parts(self) -> (i64, Browser, Browser, Vec<i64>) {
        let referee = self.referee.expect("a day with a referee (Day::referee)");
        (self.t, self.admin, referee, self.matches)
    }

    /// The result forms of a match as the referee's page shows them: (game id, version).
    pub async fn games(&self, m: i64) -> Vec<(i64, String)> {
        let page = self.referee().get(&format!("/ref/t/{}/match/{m}", self.t)).await;
        game_forms(&page.body, self.t)
    }

    /// A typed result for one game, entered by the referee.
    pub async fn result(
        &self,
        game: &(i64, String),
        winner: &str,
        termination: &str,
        red_points: &str,
    ) -> Page {
        enter(self.referee(), self.t, (game.0, &game.1), winner, termination, red_points).await
    }
}
