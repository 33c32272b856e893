//! (key, Polish, English) for the summary at the top of a refused form (issue 22, item 4).

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("refused_summary", "Nie zapisano. Do poprawienia:", "Not saved. To correct:"),
    ("refused_log_line", "wiersz", "line"),
];
