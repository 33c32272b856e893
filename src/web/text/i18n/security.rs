//! (key, Polish, English) for accounts, sessions, throttling, input checks and refusals.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    (
        "refused_match_forfeited",
        "Ten mecz zapisano jako walkower lub wycofanie. Aby wpisać wyniki partii, najpierw wybierz „mecz rozegrany” w części „Walkower lub wycofanie”.",
        "This match is recorded as a walkover or withdrawal. To enter game results, first choose “match played” under “Walkover or withdrawal”.",
    ),
    (
        "refused_round_not_published",
        "Kontrolę talii zapisuje się tylko w opublikowanej rundzie (nie w szkicu ani w zamkniętej).",
        "Deck checks are recorded only in a published round (not in a draft or a locked round).",
    ),
    (
        "refused_season_not_over",
        "Dane osobowe można usunąć dopiero po ostatnim dniu turnieju.",
        "Personal data can be erased only after the tournament's last day.",
    ),
    ("body_too_large", "Przesłane dane są za duże. Limit to", "The data sent is too large. The limit is"),
    (
        "busy_retry",
        "Serwer sprawdza teraz wiele haseł naraz. Spróbuj ponownie za",
        "The server is checking many passwords right now. Try again in",
    ),
    (
        "body_timeout",
        "Dane formularza nie dotarły na czas. Wyślij formularz ponownie.",
        "The form's data did not arrive in time. Send the form again.",
    ),
    (
        "unavailable_bodies",
        "Serwer odbiera teraz zbyt wiele danych naraz. Spróbuj ponownie za",
        "The server is receiving too much data at once. Try again in",
    ),
    (
        "unavailable_streams",
        "Serwer prowadzi teraz zbyt wiele stron na żywo. Spróbuj ponownie za",
        "The server is keeping too many live pages open. Try again in",
    ),
    (
        "unavailable_database",
        "Baza danych jest chwilowo niedostępna (brak miejsca na dysku lub połączenia). To, co zapisano wcześniej, jest bezpieczne. Spróbuj ponownie za",
        "The database is briefly unavailable (no disk space or no connection). What was saved before is safe. Try again in",
    ),
    (
        "stale_page",
        "Baza danych jest chwilowo niedostępna: ta strona pokazuje stan sprzed awarii i nie zmieni się, dopóki baza nie wróci.",
        "The database is briefly unavailable: this page shows what was saved before the outage and will not change until it is back.",
    ),
    (
        "throttled",
        "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za",
        "Too many failed login attempts. Try again in",
    ),
    ("not_utf8", "plik musi być tekstem w UTF-8", "the file must be UTF-8 text"),
    ("change_password", "Zmień hasło", "Change password"),
    (
        "password_rules",
        "Co najmniej 10 znaków; może to być zdanie. Nie może to być popularne hasło ani login. Po zmianie inne urządzenia zostaną wylogowane.",
        "At least 10 characters; a sentence is fine. Not a common password and not the username. Other devices are logged out after the change.",
    ),
    ("password_current", "Obecne hasło", "Current password"),
    ("password_new", "Nowe hasło", "New password"),
    ("password_repeat", "Powtórz nowe hasło", "Repeat the new password"),
    (
        "password_changed",
        "Hasło zmienione. Inne urządzenia zostały wylogowane.",
        "Password changed. Other devices have been logged out.",
    ),
    ("password_current_wrong", "Obecne hasło jest nieprawidłowe.", "The current password is wrong."),
    (
        "password_repeat_differs",
        "Powtórzone hasło różni się od nowego.",
        "The repeated password differs from the new one.",
    ),
    (
        "password_too_short",
        "hasło jest za krótkie; najmniej znaków:",
        "the password is too short; minimum characters:",
    ),
    (
        "password_too_long",
        "hasło jest za długie; najwięcej znaków:",
        "the password is too long; maximum characters:",
    ),
    (
        "password_only_spaces",
        "hasło nie może składać się z samych spacji.",
        "the password cannot be only spaces.",
    ),
    (
        "password_is_username",
        "hasło nie może być takie samo jak login.",
        "the password cannot be the username.",
    ),
    (
        "password_common",
        "to jedno z najpopularniejszych haseł, łatwe do odgadnięcia; wybierz inne.",
        "this is one of the most common passwords, easy to guess; choose another.",
    ),
    (
        "deck_missing_but_not_short",
        "przy pełnej (lub za dużej) liczbie kart nie zaznacza się brakujących kart",
        "missing cards cannot be ticked for a full (or too large) count",
    ),
    (
        "deck_more_missing_than_short",
        "zaznaczono więcej brakujących kart, niż brakuje według liczby",
        "more cards are ticked as missing than the count lacks",
    ),
    ("too_many_cards", "za dużo kart", "too many cards"),
    ("too_many_rows", "za dużo wierszy; najwięcej", "too many rows; at most"),
    (
        "username_rules",
        "od 1 do 60 liter, cyfr lub znaków . - _ @ (bez spacji)",
        "1 to 60 letters, digits or . - _ @ (no spaces)",
    ),
    ("appointed_created", "Konto utworzone i rola nadana.", "Account created and role granted."),
    ("appointed_existing", "Konto już istniało: rola nadana.", "The account existed already: role granted."),
    (
        "appointed_password_kept",
        "Konto już istniało: rola nadana, ale wpisanego hasła NIE ustawiono. Hasło zmienia tylko właściciel konta („Zmień hasło” na stronie „Moje turnieje”).",
        "The account existed already: role granted, but the password typed was NOT set. Only the account's owner changes its password (“Change password” on “My tournaments”).",
    ),
    ("data_erased", "dane osobowe usunięte", "personal data erased"),
    ("erase_confirm", "rozumiem, że tego nie można cofnąć", "I understand this cannot be undone"),
    ("erase_data", "Usuń dane osobowe", "Erase personal data"),
    (
        "erase_confirm_needed",
        "Zaznacz potwierdzenie, aby usunąć dane osobowe gracza.",
        "Tick the confirmation to erase the player's personal data.",
    ),
];
