//! (key, Polish, English) for a tournament's stages (issue 19): the format, the groups' draw,
//! group rounds, closing a stage, qualification, and their refusals and history rows.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("stage_position", "etap", "stage"),
    ("groups", "grupowa", "groups"),
    ("lot_seed", "ziarno losowania", "lot seed"),
    ("h_stages_chosen", "Wybrano format turnieju", "Tournament format chosen"),
    ("h_groups_drawn", "Rozlosowano grupy", "Groups drawn"),
    ("h_group_lot", "Losowanie przy remisie w grupie", "Lot for a tie in a group"),
    ("h_stage_withdrawal", "Zasada wycofań w etapie", "Withdrawal rule of the stage"),
    ("h_stage_closed", "Zamknięto etap (ranking zamrożony)", "Stage closed (ranking frozen)"),
    ("h_stage_reopened", "Ponownie otwarto etap", "Stage reopened"),
];
