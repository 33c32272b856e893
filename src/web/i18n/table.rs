//! (key, Polish, English) for the digital table: the board, the replay, the recorder, the clocks and the
//! live page (a table of its own, so that parallel work on other pages does not edit the same lines).

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    // The board and its text alternative.
    ("board_side_red", "strona czerwona", "Red side"),
    ("board_side_polish", "strona polska", "Polish side"),
    ("board_dispersed", "jednostka rozproszona", "dispersed"),
    ("board_eliminated", "jednostka wyeliminowana", "eliminated"),
    ("board_attack_marker", "Znacznik ataku", "Attack marker"),
    ("board_attack_markers", "znaczniki ataku:", "attack markers:"),
    ("board_units_on_map", "jednostki na mapie:", "units on the map:"),
    ("markers_one", "znacznik rozkazów", "command marker"),
    ("markers_few", "znaczniki rozkazów", "command markers"),
    ("markers_many", "znaczników rozkazów", "command markers"),
    ("position_as_list", "Pozycja jako lista", "The position as a list"),
    // Sides, phases, decisions.
    ("side_red_plural", "Czerwoni", "Red"),
    ("side_polish_plural", "Polacy", "Poles"),
    ("phase_setup", "przygotowanie gry", "game preparation"),
    ("phase_operational", "faza operacyjna", "operational phase"),
    ("phase_combat", "faza walki", "combat phase"),
    ("phase_cleanup", "faza porządkowa", "clean-up phase"),
    ("phase_over", "koniec gry", "game over"),
    ("game_round", "Runda gry", "Game round"),
    ("decides", "Decyzja", "Decision"),
    // The recorder's choices.
    ("pick_extra_markers", "Dwa dodatkowe znaczniki rozkazów czerwonych", "Red's two extra command markers"),
    (
        "pick_select",
        "Karty do walki (odkryte po dobraniu; jedna może zostać niewidoczna: ?)",
        "Cards for the combat (revealed after the draw-back; one may stay unseen: ?)",
    ),
    ("pick_named_draw", "Dobrane karty, jeśli są widoczne", "The cards drawn, if they are seen"),
    (
        "draft_unreadable",
        "Tego ruchu nie da się dokończyć; wybierz od nowa.",
        "This move cannot be completed; choose again.",
    ),
];
