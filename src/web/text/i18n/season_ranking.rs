//! (key, Polish, English) for the season's second part (issue 20): where an event's qualifiers
//! go, the season ranking and its exports, regions on registration and import, the final's seeding.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("sr_next_event", "Dokąd awansują", "Where its qualifiers go"),
    ("sr_next_default", "jedyny otwarty turniej regionu na następnym poziomie", "the region's one open event at the next level"),
    ("sr_choose_next", "Wybierz turniej następnego poziomu", "Choose the next level's event"),
    ("sr_source_event", "Turniej, z którego awansują", "Event they qualify from"),
    ("sr_save_next", "Zapisz wybór", "Save the choice"),
];
