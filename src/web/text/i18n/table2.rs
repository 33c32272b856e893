//! (key, Polish, English) for the digital table's second part (issue 21's taps): keys `tb2_`, in a table
//! of their own so that parallel work does not edit the same lines.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    (
        "tb2_one_tap_hint",
        "Stuknij jednostkę albo od razu podświetlone pole lub cel: dociera tam tylko jedna jednostka.",
        "Tap a unit, or at once a highlighted space or target: only one unit reaches it.",
    ),
    ("tb2_choose", "— wybierz —", "— choose —"),
    (
        "tb2_tap_help",
        "Stuknij jednostkę, potem pole lub cel; ruch, który może iść dalej, zatwierdź przyciskiem „Potwierdź”. Każdy ruch jest też na tej liście.",
        "Tap a unit, then a space or a target; confirm a move that could go on with “Confirm”. Every move is also on this list.",
    ),
];
