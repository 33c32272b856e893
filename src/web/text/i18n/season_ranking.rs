//! (key, Polish, English) for the season's second part (issue 20): where an event's qualifiers
//! go, the season ranking and its exports, regions on registration and import, the final's seeding.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("sr_next_event", "Dokąd awansują", "Where its qualifiers go"),
    (
        "sr_next_default",
        "jedyny otwarty turniej regionu na następnym poziomie",
        "the region's one open event at the next level",
    ),
    ("sr_choose_next", "Wybierz turniej następnego poziomu", "Choose the next level's event"),
    ("sr_source_event", "Turniej, z którego awansują", "Event they qualify from"),
    ("sr_save_next", "Zapisz wybór", "Save the choice"),
    (
        "sr_not_a_region",
        "to nie jest region tego sezonu: wpisz jeden z podpowiadanych (wielkość liter i polskie znaki nie mają znaczenia)",
        "not a region of this season: type one of those suggested (case and Polish letters do not matter)",
    ),
    (
        "sr_import_region",
        "Region (województwo) w kolumnie nazwanej w nagłówku „region” albo „województwo”, jeśli chcesz go podać.",
        "The region (voivodeship) goes in a column the header names “region” or “województwo”, if you give it.",
    ),
    ("sr_seed", "Rozstaw grupy według miejsc w kwalifikacjach", "Seed the groups by the qualifying placings"),
    (
        "sr_seed_help",
        "Lista rozstawienia: najpierw osoby z wyższego poziomu, potem z lepszym miejscem, przy równym miejscu z liczniejszego turnieju; osoby z dziką kartą na końcu. Listę i podgląd losowania zobaczysz na stronie etapów.",
        "The seed list: players from a higher level first, then the better place, for an equal place the larger event first; wildcards last. The stages page shows the list and the draw's preview.",
    ),
    ("sr_ranking", "Klasyfikacja sezonu", "Season ranking"),
    (
        "sr_ranking_help",
        "Każda osoba raz: najwyższy osiągnięty poziom i miejsce na nim. Najpierw miejsca w finale, potem w kwalifikacjach regionalnych, potem w eliminacjach lokalnych.",
        "Every person once: the highest level reached and the place there. The final's places first, then the regional qualifiers', then the local eliminations'.",
    ),
    ("sr_ranking_csv", "Klasyfikacja sezonu (CSV)", "Season ranking (CSV)"),
    ("sr_qualifiers_csv", "Awanse i zaproszenia (CSV)", "Qualifiers and invitations (CSV)"),
    ("sr_rank", "Lp.", "Rank"),
    ("sr_best_level", "Najwyższy poziom", "Highest level"),
    ("sr_place", "Miejsce", "Place"),
    ("sr_events", "Turnieje w sezonie", "Events this season"),
    ("sr_from_event", "Z turnieju", "From the event"),
    ("sr_into_event", "Do turnieju", "Into the event"),
    ("sr_how", "Awans", "How"),
    ("sr_qualifier", "miejsce premiowane awansem", "qualifying place"),
    ("sr_regions", "Regiony", "Regions"),
    ("sr_region_events", "Turnieje", "Events"),
    ("sr_region_qualifiers", "Awanse", "Qualifiers"),
    ("sr_region", "Region (województwo)", "Region (voivodeship)"),
];
