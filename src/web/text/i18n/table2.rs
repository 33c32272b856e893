//! (key, Polish, English) for the digital table's second part (issue 21's taps): keys `tb2_`, in a table
//! of their own so that parallel work does not edit the same lines.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    (
        "tb2_one_tap_hint",
        "Stuknij jednostkę albo od razu podświetlone pole lub cel: dociera tam tylko jedna jednostka.",
        "Tap a unit, or at once a highlighted space or target: only one unit reaches it.",
    ),
    ("tb2_choose", "— wybierz —", "— choose —"),
];
