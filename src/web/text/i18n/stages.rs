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
    ("group", "Grupa", "Group"),
    (
        "refused_format_fixed",
        "Formatu nie można już zmienić: rozlosowano grupy albo skojarzono rundę.",
        "The format can no longer change: the groups are drawn or a round is paired.",
    ),
    ("refused_not_groups", "Ten turniej nie ma fazy grupowej.", "This tournament has no group stage."),
    (
        "refused_not_swiss",
        "Ten turniej zaczyna się fazą grupową, nie rundami szwajcarskimi.",
        "This tournament opens with groups, not Swiss rounds.",
    ),
    ("refused_already_drawn", "Grupy są już rozlosowane.", "The groups are drawn already."),
    ("refused_not_drawn", "Najpierw rozlosuj grupy.", "Draw the groups first."),
    (
        "refused_groups_done",
        "Wszystkie rundy fazy grupowej są już skojarzone.",
        "Every round of the groups is paired.",
    ),
    ("refused_group_unfinished", "nie wszystkie mecze są rozegrane", "not every match is played"),
    (
        "refused_no_tie_to_draw",
        "brak remisu o miejsce premiowane awansem do rozstrzygnięcia losowaniem",
        "no tie at a qualifying place for a lot to decide",
    ),
    (
        "refused_lot_pending",
        "remis o miejsce premiowane awansem czeka na losowanie organizatora",
        "a tie at a qualifying place waits for the organiser's lot",
    ),
    (
        "refused_stage_closed",
        "Etap jest zamknięty (ranking zamrożony); najpierw otwórz go ponownie.",
        "The stage is closed (its ranking frozen); open it again first.",
    ),
    (
        "refused_stage_open",
        "Awans liczy się z zamrożonego rankingu: najpierw zamknij etap.",
        "Qualification takes the frozen ranking: close the stage first.",
    ),
    (
        "refused_knockout_started",
        "Faza pucharowa już się zaczęła: etap przed nią pozostaje zamknięty.",
        "The knockout has started: the stage before it stays closed.",
    ),
    (
        "refused_qualify_first",
        "Fazę pucharową po grupach zaczyna awans z grup (zamknij etap i przeprowadź awans).",
        "After groups the knockout starts by qualification (close the stage, then qualify).",
    ),
];
