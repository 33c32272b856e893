//! Finds, for each property the fixture set must show (each ending, each card effect, the Warsaw
//! Defenders falling), the first random game that shows it, and writes it to `fixtures/logs/` as
//! `generated-<style>-seed<N>.bwlog`; then writes two of them as a table would record them, every unseen
//! card `?`, as `unseen-<style>-seed<N>.bwlog`. Run after a deliberate change to the random player or the
//! rules: `cargo run --release --example generate_fixture_games`, then `UPDATE_EXPECTED=1 cargo test --test
//! engine_fixtures`, and review the diff. `-- --unseen-only` writes only the unseen ones.

#[path = "../tests/support/fixture_coverage.rs"]
mod fixture_coverage;

use bitwa::engine::{Edition, PlayStyle, RuleOptions, mask_unseen, random_game_with};
use std::path::Path;

/// The generated games also kept with their unseen cards written `?`: between them they play every
/// action card and reach a Broken Cipher look, Pillage draws and combats with fortifications and flanks.
const UNSEEN: [(PlayStyle, u64); 2] = [(PlayStyle::Aggressive, 0), (PlayStyle::Uniform, 0)];

fn style_name(style: PlayStyle) -> &'static str {
    if style == PlayStyle::Uniform { "uniform" } else { "aggressive" }
}

fn main() {
    // The existing generated fixtures are games on the pinned first reconstruction (see
    // `fixtures/editions/bw-2021-reconstructed-v2/README.md`); searching on it finds them again.
    let e = Edition::builtin_by_id(bitwa::engine::edition::PINNED_EDITION).expect("pinned edition");
    let o = RuleOptions::default();
    let logs = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/logs");
    if !std::env::args().any(|a| a == "--unseen-only") {
        generated(e, o, &logs);
    }
    for (style, seed) in UNSEEN {
        let text = mask_unseen(&random_game_with(seed, e, &o, style)).to_string();
        let style = style_name(style);
        let file = logs.join(format!("unseen-{style}-seed{seed}.bwlog"));
        let body = format!(
            "# generated-{style}-seed{seed}.bwlog as a table records it: every card nobody saw written `?`\n{text}"
        );
        std::fs::write(&file, body).expect("fixtures/logs is writable");
        println!("wrote {}", file.display());
    }
}

fn generated(e: &Edition, o: RuleOptions, logs: &Path) {
    let mut found: Vec<((u64, PlayStyle), Vec<String>, String)> = Vec::new();
    for (name, shows) in &fixture_coverage::wanted(e) {
        let hit = (0..20_000u64).find_map(|seed| {
            [PlayStyle::Uniform, PlayStyle::Aggressive].into_iter().find_map(|style| {
                let text = random_game_with(seed, e, &o, style).to_string();
                shows(&text).then_some(((seed, style), text))
            })
        });
        match hit {
            Some((key, text)) => match found.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, names, _)) => names.push(name.clone()),
                None => found.push((key, vec![name.clone()], text)),
            },
            None => eprintln!("no seed found for {name}"),
        }
    }
    for ((seed, style), names, text) in found {
        let style = style_name(style);
        let file = logs.join(format!("generated-{style}-seed{seed}.bwlog"));
        let body =
            format!("# A random game ({style} player, seed {seed}) showing: {}\n{text}", names.join(", "));
        std::fs::write(&file, body).expect("fixtures/logs is writable");
        println!("wrote {}", file.display());
    }
}
