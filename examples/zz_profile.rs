use bitwa::engine::*;
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let masked = std::env::args().any(|a| a == "masked");
    let e = Edition::builtin();
    let o = RuleOptions::default();
    let texts: Vec<String> = (0..n)
        .map(|s| {
            let style = if s % 4 == 3 { PlayStyle::Aggressive } else { PlayStyle::Uniform };
            let l = random_game_with(s, e, &o, style);
            if masked { mask_unseen(&l).to_string() } else { l.to_string() }
        })
        .collect();
    let mut ok = 0;
    for t in &texts {
        ok += usize::from(validate_log(std::hint::black_box(t), e, &o).is_ok());
    }
    println!("{ok}");
}
