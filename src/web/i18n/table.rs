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
];
