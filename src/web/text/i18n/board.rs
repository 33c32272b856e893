//! (key, Polish, English) for the board's legend (issue 22, item 9): a unit's side is its token's
//! shape and outline; its fill is the colour of its card. And the pinned built-in edition's name.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    // The pinned built-in edition's name (its files, kept byte for byte, give only the English one).
    (
        "edition_pinned_name",
        "Bitwa Warszawska 2021 (rekonstrukcja na podstawie instrukcji i frontu z sierpnia 1920)",
        "Bitwa Warszawska 2021 (reconstructed from the rulebook and the front of August 1920)",
    ),
    (
        "legend_red",
        "koło z ciemnoczerwonym obrysem: Armia Czerwona",
        "circle, dark red outline: the Red Army",
    ),
    ("legend_polish", "kwadrat z czarnym obrysem: Wojsko Polskie", "square, black outline: the Polish Army"),
    ("board_places", "Miejsca na planszy", "Places on the board"),
    (
        "legend_fill",
        "Wypełnienie to kolor karty jednostki (niebieski, zielony, czerwony, żółty, biały), nie jej strona.",
        "The fill is the colour of the unit's card (blue, green, red, yellow, white), not its side.",
    ),
];
