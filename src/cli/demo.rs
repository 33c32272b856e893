//! `bitwa demo`: fill a database with a demo tournament of any size and exit (the same code as
//! `serve --demo`), to try the service or benchmark it with a big field.

use super::{CliError, DemoArgs};
use crate::app::demo::{self, DemoSpec};
use crate::store;
use std::process::ExitCode;
use std::time::Instant;

pub(super) fn run(args: DemoArgs) -> Result<ExitCode, CliError> {
    if args.season {
        return run_season(&args);
    }
    if args.players < 2 || args.rounds < 1 {
        return Err(CliError::Message("a demo needs at least 2 players and 1 round".into()));
    }
    let spec = DemoSpec {
        players: args.players,
        rounds: args.rounds,
        complete: args.complete,
        logged_matches_per_round: args.logged_tables,
    };
    actix_web::rt::System::new().block_on(async move {
        let started = Instant::now();
        let db = store::connect(&args.database_url).await.map_err(|e| CliError::Message(e.to_string()))?;
        let (id, logins) = demo::create(&db, &spec).await.map_err(|e| CliError::Message(e.to_string()))?;
        db.close().await;
        println!(
            "bitwa: demo tournament {id}: {} players, {} rounds, in {:.1} s (database {})",
            spec.players,
            spec.rounds,
            started.elapsed().as_secs_f64(),
            store::display_url(&args.database_url)
        );
        for login in logins {
            println!("bitwa: {} login: {} / password: {}", login.role, login.username, login.password);
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// `bitwa demo --season`: a whole finished season; prints its id.
fn run_season(args: &DemoArgs) -> Result<ExitCode, CliError> {
    if !(1..=16).contains(&args.regions) || args.players_per_event < 8 {
        return Err(CliError::Message("a demo season needs 1 to 16 regions of at least 8 players".into()));
    }
    let spec = crate::app::demo_season::SeasonSpec {
        regions: args.regions,
        players_per_event: args.players_per_event,
    };
    actix_web::rt::System::new().block_on(async move {
        let started = Instant::now();
        let db = store::connect(&args.database_url).await.map_err(|e| CliError::Message(e.to_string()))?;
        let id =
            crate::app::demo_season::create(&db, spec).await.map_err(|e| CliError::Message(e.to_string()))?;
        db.close().await;
        println!(
            "bitwa: demo season {id}: {} regional qualifiers of {} players, in {:.1} s (database {})",
            spec.regions,
            spec.players_per_event,
            started.elapsed().as_secs_f64(),
            store::display_url(&args.database_url)
        );
        println!("bitwa: season page /season/{id}, ranking /season/{id}/ranking");
        Ok(ExitCode::SUCCESS)
    })
}
