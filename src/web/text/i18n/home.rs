//! (key, Polish, English) for the front page of the service (issue 37: the current seasons first,
//! the followed players' next tables) and the organiser's part of a player's page (erasing the
//! player's personal data, behind a confirmation).

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("home_title_seasons", "Sezony i turnieje", "Seasons and tournaments"),
    ("home_seasons_now", "Trwające sezony", "Seasons under way"),
    ("home_all_tournaments", "Wszystkie turnieje", "All tournaments"),
    ("home_seasons_past", "Zakończone sezony", "Past seasons"),
    ("home_season_ranking", "Klasyfikacja", "Ranking"),
    ("home_followed", "Obserwowani gracze", "Players you follow"),
    (
        "home_followed_help",
        "Ta przeglądarka pamięta graczy obserwowanych na stronach turniejów.",
        "This browser remembers the players followed on the tournaments' pages.",
    ),
    (
        "home_followed_gone",
        "Nie ma już takiego gracza ani turnieju.",
        "No such player or tournament any more.",
    ),
    // The link from a followed player's card to the front page's card (a bookmark without the script).
    ("home_show_followed", "Karta na stronie głównej", "Card on the front page"),
    ("home_tournament_page", "Strona turnieju", "Tournament page"),
    ("pd_title", "Dane osobowe gracza", "The player's personal data"),
    (
        "pd_what",
        "Po ostatnim dniu turnieju można usunąć dane osobowe gracza: imię i nazwisko, datę urodzenia i szkołę zastąpi pseudonim na wszystkich stronach, w eksportach i w historii zmian. Wyniki, miejsca i zapisy partii zostają pod pseudonimem, bo od nich zależą wyniki pozostałych graczy.",
        "After the tournament's last day the player's personal data can be erased: a pseudonym replaces the name, birth date and school on every page, in the exports and in the change history. Results, places and game logs stay under the pseudonym, because the other players' results depend on them.",
    ),
    (
        "pd_where",
        "Dane osobowe gracza usuwa się na stronie gracza (link w nazwisku).",
        "A player's personal data is erased on the player's page (the link on the name).",
    ),
];
