//! (key, Polish, English) for the board's legend (issue 22, item 9): a unit's side is its token's
//! shape and outline; its fill is the colour of its card.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    (
        "legend_red",
        "koło z ciemnoczerwonym obrysem: Armia Czerwona",
        "circle, dark red outline: the Red Army",
    ),
    ("legend_polish", "kwadrat z czarnym obrysem: Wojsko Polskie", "square, black outline: the Polish Army"),
    (
        "legend_fill",
        "Wypełnienie to kolor karty jednostki (niebieski, zielony, czerwony, żółty, biały), nie jej strona.",
        "The fill is the colour of the unit's card (blue, green, red, yellow, white), not its side.",
    ),
];
