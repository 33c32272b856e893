//! (key, Polish, English) for erasing a person's personal data (issue 41): the coordinator's
//! privacy page of a season (the retention, the search, the erasures' log) and person view.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("er_privacy", "Dane osobowe", "Personal data"),
    ("er_retention", "Usuwanie danych po sezonie", "Erasing the data after the season"),
    (
        "er_retention_help",
        "Liczba dni po ostatnim dniu sezonu, po których serwis sam usunie dane osobowe graczy sezonu (puste pole: nie usuwa sam).",
        "Days after the season's last day after which the service erases its players' personal data by itself (empty: never by itself).",
    ),
    ("er_days", "Liczba dni", "Days"),
    ("er_save", "Zapisz", "Save"),
    (
        "er_days_invalid",
        "Podaj liczbę dni od 0 do 3650 albo zostaw pole puste.",
        "Type a number of days from 0 to 3650, or leave the field empty.",
    ),
    (
        "er_warning",
        "Dane osobowe graczy tego sezonu zostaną usunięte",
        "This season's players' personal data will be erased on",
    ),
    (
        "er_warning_done",
        "Dane osobowe graczy tego sezonu są usuwane od",
        "This season's players' personal data is erased since",
    ),
    (
        "er_no_retention",
        "Serwis nie usuwa danych tego sezonu sam.",
        "The service does not erase this season's data by itself.",
    ),
    ("er_find", "Znajdź osobę", "Find a person"),
    ("er_find_label", "Imię lub nazwisko", "Name or surname"),
    (
        "er_found_none",
        "Nikogo o takim imieniu lub nazwisku nie ma w tym sezonie.",
        "Nobody of that name plays in this season.",
    ),
    ("er_log", "Dziennik usunięć", "Erasures"),
    ("er_log_none", "Nikogo jeszcze nie usunięto.", "Nobody erased yet."),
    ("er_person", "Osoba w sezonie", "A person in the season"),
    ("er_born", "data urodzenia", "born"),
    ("er_entries", "Zgłoszenia w sezonie", "Entries in the season"),
    ("er_withdrawn", "wycofana", "withdrawn"),
    ("er_closed", "turniej zamknięty", "event closed"),
    ("er_erased", "Dane osobowe tej osoby usunięto.", "This person's personal data is erased."),
    ("er_reason", "Powód", "Reason"),
    ("er_reason_season-over", "sezon się zakończył", "the season is over"),
    (
        "er_reason_guardian-request",
        "prośba rodzica lub opiekuna (RODO, art. 17)",
        "a parent's or guardian's request (GDPR art. 17)",
    ),
    (
        "er_reason_consent-withdrawn",
        "rodzic lub opiekun wycofał zgodę",
        "the parent or guardian withdrew their consent",
    ),
    (
        "er_reason_retention",
        "upłynął czas przechowywania danych po sezonie",
        "the season's retention period passed",
    ),
    (
        "er_erased_what",
        "Co zostanie usunięte: imię i nazwisko, data urodzenia, szkoła i region tej osoby we wszystkich turniejach (także zamkniętych), w historii zmian, w nagłówkach i komentarzach zapisów partii, w powodach zaproszeń i w dzienniku sezonu. Jej linki do gier online przestaną działać.",
        "Erased: this person's name, birth date, school and region in every event (closed ones too), in the change history, in the headers and comments of game logs, in invitations' reasons and in the season's log. Their online game links stop working.",
    ),
    (
        "er_kept_what",
        "Co zostanie i dlaczego: wyniki, miejsca, punkty pomocnicze i zapisy partii, pod pseudonimem (na przykład „Anonim P12”). Od nich zależą wyniki, miejsca i awanse pozostałych graczy, więc nie mogą zniknąć. W dzienniku usunięć zostaje tylko pseudonim, powód, kto i kiedy: dowód, że prośbę lub wycofanie zgody wykonano.",
        "Kept, and why: results, places, tiebreaks and game logs, under a pseudonym (for instance \"Anonim P12\"). The other players' results, places and qualifications depend on them, so they cannot vanish. The erasures' log keeps only the pseudonym, the reason, who and when: the proof that the request or the withdrawn consent was carried out.",
    ),
    (
        "er_when",
        "Po sezonie dane usuwa się, gdy minie ostatni dzień sezonu. Na prośbę rodzica lub opiekuna albo po wycofaniu zgody: od razu, także w trakcie sezonu; zgłoszenia w trwających turniejach zostaną najpierw wycofane (pozostałe mecze w grupie kończą się walkowerem).",
        "After the season: once its last day has passed. On a parent's or guardian's request, or when the consent is withdrawn: at once, during the season too; entries in events under way are withdrawn first (remaining group matches become forfeits).",
    ),
    ("er_confirm", "rozumiem, że tego nie można cofnąć", "I understand this cannot be undone"),
    ("er_button", "Usuń dane osobowe", "Erase personal data"),
    (
        "er_confirm_needed",
        "Zaznacz potwierdzenie, aby usunąć dane osobowe tej osoby.",
        "Tick the confirmation to erase this person's personal data.",
    ),
    ("er_reason_needed", "Wybierz powód usunięcia.", "Choose the reason for the erasure."),
    ("er_back", "Wróć do danych osobowych sezonu", "Back to the season's personal data"),
];
