//! Page language: Polish by default, English through a switch (a `lang` cookie). A small table,
//! not a translation framework: every key has both texts, and a test checks none is missing.

use std::collections::HashMap;
use std::sync::LazyLock;

/// Texts of the tournament-day pages: result sentences, standings scope, final ranking, history,
/// table cards, confirmations, field-level refusals.
mod day;
/// Texts of accounts, sessions, throttling and input checks (a table of its own, so that parallel
/// work on pages and on security does not edit the same lines).
mod security;
/// Texts of the digital table: board, replay, recorder, clocks, live page.
mod table;

pub use crate::lang::Lang;

/// The pages' lookup, on the crate's language type: `lang.t("key")` in handlers and templates alike (an
/// inherent method, so a template needs no import for it; the type itself knows nothing of the web).
impl Lang {
    /// The translation of `key`; the key itself if the table lacks it (visible, never a crash).
    #[must_use]
    pub fn t(self, key: &str) -> &'static str {
        match INDEX.get(key) {
            Some(&(pl, en)) => self.pick(pl, en),
            None => {
                tracing::warn!(key, "missing translation");
                ""
            }
        }
    }
}

static INDEX: LazyLock<HashMap<&'static str, (&'static str, &'static str)>> = LazyLock::new(|| {
    TABLE
        .iter()
        .chain(security::TABLE)
        .chain(table::TABLE)
        .chain(day::TABLE)
        .map(|&(k, pl, en)| (k, (pl, en)))
        .collect()
});

/// (key, Polish, English).
const TABLE: &[(&str, &str, &str)] = &[
    ("app", "Liga Bitwy Warszawskiej", "Bitwa Warszawska league"),
    ("tournaments", "Turnieje", "Tournaments"),
    ("no_tournaments", "Nie ma jeszcze turniejów.", "No tournaments yet."),
    ("login", "Zaloguj", "Log in"),
    ("logout", "Wyloguj", "Log out"),
    ("username", "Login", "Username"),
    ("password", "Hasło", "Password"),
    ("bad_login", "Zły login lub hasło.", "Wrong username or password."),
    ("my_tournaments", "Moje turnieje", "My tournaments"),
    ("new_tournament", "Nowy turniej", "New tournament"),
    ("name", "Nazwa", "Name"),
    ("venue", "Miejsce", "Venue"),
    ("first_day", "Pierwszy dzień", "First day"),
    ("last_day", "Ostatni dzień", "Last day"),
    ("swiss_rounds", "Rundy systemu szwajcarskiego", "Swiss rounds"),
    ("knockout_size", "Liczba graczy w fazie pucharowej (0: bez)", "Knockout size (0: none)"),
    ("third_place", "Mecz o 3. miejsce", "Third-place match"),
    ("scoring", "Punktacja (w połówkach punktu)", "Scoring (in half-points)"),
    ("score_win", "Wygrana", "Win"),
    ("score_draw", "Remis", "Draw"),
    ("score_loss", "Przegrana", "Loss"),
    ("score_bye", "Wolny los", "Bye"),
    ("tiebreak_order", "Kolejność kryteriów pomocniczych", "Tiebreak order"),
    ("fortifications", "Fortyfikacje (zasada dodatkowa)", "Fortifications (additional rule)"),
    ("flank_attacks", "Ataki z flanki (zasada dodatkowa)", "Flank attacks (additional rule)"),
    ("time_control", "Czas na gracza (sekundy)", "Time per player (seconds)"),
    ("edition", "Edycja", "Edition"),
    // Editions (admin pages `/admin/editions`).
    ("editions", "Edycje", "Editions"),
    ("edition_builtin", "wbudowana", "built in"),
    (
        "edition_help",
        "Plansza, jednostki i karty, którymi gra turniej; z tą edycją są sprawdzane zapisy partii i talie.",
        "The board, units and cards the tournament plays with; move logs and decks are checked against it.",
    ),
    (
        "editions_help",
        "Edycja to plansza, jednostki i obie talie. Edycja wbudowana to rekonstrukcja z instrukcji; kto ma drukowaną grę, może wgrać jej dane. Zapisana edycja już się nie zmienia; usunąć można tylko taką, z której nie korzysta żaden turniej ani zapis partii.",
        "An edition is the board, the units and both decks. The built-in edition is a reconstruction from the rulebook; with the printed game at hand you can upload its data. A stored edition never changes; only one that no tournament and no stored log uses can be deleted.",
    ),
    (
        "edition_refused",
        "Edycja odrzucona, nic nie zapisano. Do poprawienia",
        "Edition refused, nothing was stored. To fix",
    ),
    ("rulebook_says", "Co mówi instrukcja", "What the rulebook says"),
    ("uploaded_by", "Kto wgrał", "Uploaded by"),
    ("upload_edition", "Wgraj edycję", "Upload an edition"),
    (
        "edition_files_help",
        "Pięć plików CSV w UTF-8 (edition.csv, units.csv, board.csv, cards.csv i, jeśli są zablokowane boki pól, blocked.csv) albo jeden plik zip z nimi. Najprościej pobrać pliki edycji wbudowanej z jej strony, poprawić je według drukowanej gry i wgrać z nowym id w edition.csv.",
        "The five CSV files in UTF-8 (edition.csv, units.csv, board.csv, cards.csv and, if any hex sides are blocked, blocked.csv) or one zip of them. Easiest: download the built-in edition's files from its page, correct them from the printed game and upload them with a new id in edition.csv.",
    ),
    ("edition_files", "Pliki edycji", "Edition files"),
    (
        "edition_exists",
        "taka edycja już istnieje; zapisana edycja się nie zmienia, więc nadaj nowej inne id w edition.csv",
        "an edition with this id exists already; a stored edition never changes, so give the new one another id in edition.csv",
    ),
    ("edition_code", "Identyfikator (tag Edition w zapisach partii)", "Id (the Edition tag of move logs)"),
    ("provenance", "Pochodzenie", "Provenance"),
    ("edition_source", "Wgrane pliki", "Files sent"),
    ("stored_logs", "zapisane partie", "stored logs"),
    ("board", "Plansza", "Board"),
    ("delete_edition", "Usuń edycję", "Delete the edition"),
    ("units", "Jednostki", "Units"),
    ("code", "Kod", "Code"),
    ("side", "Strona", "Side"),
    ("colour", "Kolor", "Colour"),
    ("starts_at", "Pole startowe", "Starts at"),
    ("cards", "Karty", "Cards"),
    ("strength", "Siła", "Strength"),
    ("effect", "Efekt", "Effect"),
    ("colour_blue", "niebieski", "blue"),
    ("colour_green", "zielony", "green"),
    ("colour_red", "czerwony", "red"),
    ("colour_yellow", "żółty", "yellow"),
    ("colour_white", "biały", "white"),
    ("colour_none", "bez koloru", "none"),
    ("provenance_rulebook", "instrukcja", "rulebook"),
    ("provenance_reconstructed", "rekonstrukcja", "reconstructed"),
    ("provenance_printed", "druk", "printed"),
    ("edition_builtin_kept", "Edycji wbudowanej nie można usunąć.", "A built-in edition cannot be deleted."),
    (
        "edition_in_use",
        "Nie można usunąć edycji, z której korzystają turnieje lub zapisane partie",
        "An edition that tournaments or stored logs use cannot be deleted",
    ),
    ("save", "Zapisz", "Save"),
    (
        "round_not_open",
        "Ta runda nie przyjmuje wyników (szkic lub zamknięta).",
        "This round does not take results (draft or locked).",
    ),
    ("no_knockout", "Ten turniej nie ma fazy pucharowej.", "This tournament has no knockout."),
    ("swiss_not_done", "Najpierw rozegraj wszystkie rundy szwajcarskie.", "Play every Swiss round first."),
    ("knockout_over", "Faza pucharowa zakończona.", "The knockout is over."),
    (
        "knockout_waiting",
        "Brak meczów do skojarzenia: czekamy na wyniki.",
        "Nothing to pair: waiting for results.",
    ),
    ("champion", "Zwycięstwo w turnieju", "Tournament won by"),
    ("third", "Trzecie miejsce", "Third place"),
    ("final", "Finał", "Final"),
    ("semifinal", "Półfinał", "Semifinal"),
    ("third_place_match", "Mecz o 3. miejsce", "Third-place match"),
    ("seed", "rozstawienie", "seed"),
    (
        "needs_knowledge",
        "1:1 i tyle samo punktów za Czerwonych: organizator wpisuje wyniki testu wiedzy obu osób.",
        "Level after two games and equal Red-side points: the organiser enters both knowledge-test scores.",
    ),
    ("lot_drawn", "Strona czerwona w dogrywce wylosowana", "Red side of the extra game drawn by lot"),
    (
        "no_extra_game",
        "Ten mecz nie potrzebuje (kolejnej) dogrywki.",
        "This match needs no (further) extra game.",
    ),
    (
        "swap_needed",
        "Talia jest niepełna: wpisz numer kompletu wydanego zamiast niego albo zaznacz brakujące karty.",
        "The deck is short: enter the set handed out instead, or tick the missing cards.",
    ),
    (
        "deck_help",
        "Policz obie talie przed tasowaniem. Przy niepełnej talii wydaj inny komplet, a niepełny sprawdź karta po karcie.",
        "Count both decks before shuffling. For a short deck hand out another set, then check the short one card by card.",
    ),
    ("log_file", "albo wgraj plik z zapisem", "or upload the log file"),
    ("red_points_short", "pkt cz.", "Red pts"),
    (
        "explanation_text",
        "Wyjaśnienie w formie tekstu (po angielsku, numery graczy)",
        "Plain-text explanation (player numbers)",
    ),
    ("role", "Rola", "Role"),
    ("required", "pole jest wymagane", "this field is required"),
    ("choose_one", "wybierz jedną z opcji", "choose one of the options"),
    (
        "lock_first",
        "najpierw zamknij tę rundę (wszystkie wyniki wpisane)",
        "lock this round first (all results entered)",
    ),
    (
        "swiss_done",
        "Wszystkie rundy szwajcarskie zostały rozegrane; rozpocznij fazę pucharową.",
        "All Swiss rounds are paired; start the knockout.",
    ),
    ("results_missing", "brakuje wyników", "results are missing"),
    (
        "swap_invalid",
        "Obie osoby muszą grać w tej rundzie, przy różnych stołach.",
        "Both players must play in this round, at different tables.",
    ),
    ("knowledge", "Test wiedzy", "Knowledge test"),
    ("extra", "potrzebna dogrywka", "extra game needed"),
    ("invalid", "niespójne dane", "inconsistent data"),
    ("both-games", "obie partie", "both games"),
    ("red-side-points", "punkty za Czerwonych", "Red-side points"),
    ("knowledge-test", "test wiedzy", "knowledge test"),
    ("extra-game", "dogrywka", "extra game"),
    ("no-show", "walkower", "no-show"),
    ("double-no-show", "obustronny walkower", "double no-show"),
    ("withdrawal", "wycofanie", "withdrawal"),
    ("forfeit_section", "Walkower lub wycofanie", "No-show or withdrawal"),
    ("forfeit_played", "mecz rozgrywany (wyniki partii poniżej)", "match played (game results below)"),
    ("forfeit_absent", "nieobecność", "absent"),
    ("forfeit_both", "nikt się nie stawił (obustronny walkower)", "neither player came (double no-show)"),
    ("forfeit_withdrew", "wycofanie z turnieju", "withdrew from the tournament"),
    (
        "forfeit_help",
        "Walkower: osoba obecna wygrywa mecz bez partii i bez punktów za Czerwonych; gdy nikt się nie stawił, obie strony przegrywają. Wycofanie z turnieju: mecz przegrywa osoba, która się wycofała.",
        "No-show: the player present wins the match, with no games and no points as Red; if neither came, both lose. Withdrawal: the player who withdrew loses the match.",
    ),
    (
        "double_no_show_knockout",
        "W fazie pucharowej jeden z graczy musi przejść dalej: obustronny walkower jest niemożliwy.",
        "In the knockout one player must go through: a double no-show is not possible.",
    ),
    (
        "forfeit_recorded",
        "Mecz nierozegrany: wyniki partii nie są liczone.",
        "Match not played: game results are not counted.",
    ),
    ("tb_direct_encounter", "Mecze bezpośrednie", "Direct encounter"),
    ("tb_buchholz_cut1", "Buchholz bez najsłabszego", "Buchholz cut 1"),
    ("tb_buchholz", "Buchholz", "Buchholz"),
    ("tb_sonneborn_berger", "Sonneborn-Berger", "Sonneborn-Berger"),
    ("tb_games_won", "Wygrane partie", "Games won"),
    ("tb_red_side_points", "Punkty za Czerwonych", "Red-side points"),
    ("tb_knowledge_test", "Test wiedzy", "Knowledge test"),
    ("score_groups", "Grupy punktowe", "Score groups"),
    ("floaters", "Gracze przesunięci między grupami", "Players paired across score groups"),
    (
        "everyone_in_group",
        "Wszyscy grają w swoich grupach punktowych.",
        "Everyone plays inside their score group.",
    ),
    ("odd_group", "grupa ma nieparzystą liczbę graczy", "the group has an odd number of players"),
    ("already_met", "już po meczu z tą osobą:", "already played this player:"),
    ("forbidden_with", "zakaz organizatora dla pary z tą osobą:", "forbidden by the organiser with:"),
    (
        "rest_of_field",
        "wymagało tego skojarzenie reszty pola bez powtórek, przy najmniejszych różnicach punktów",
        "pairing the rest of the field without rematches, at the smallest score differences, needed it",
    ),
    (
        "skipped_groups",
        "nikt z grup punktowych pomiędzy nie mógł zagrać z tą osobą bez powtórki ani większej różnicy punktów gdzie indziej",
        "nobody in the score groups between could play them without a rematch or a larger difference elsewhere",
    ),
    ("float_difference", "różnica", "apart by"),
    ("float_why", "Dlaczego:", "Why:"),
    ("point_unit_one", "pkt", "pt"),
    ("criteria_order", "Kryteria kojarzenia, od najważniejszego", "Pairing criteria, most important first"),
    (
        "criterion_rematch_bye",
        "nikt nie gra dwa razy z tą samą osobą; najwyżej jeden wolny los na osobę",
        "nobody meets the same opponent twice; at most one bye each",
    ),
    ("criterion_forbidden", "pary zakazane przez organizatora", "the organiser's forbidden pairs"),
    (
        "criterion_bye_score",
        "wolny los dla osoby z najniższej grupy punktowej, w której da się go przydzielić",
        "the bye to a player of the lowest score that allows a pairing",
    ),
    (
        "criterion_differences",
        "różnice punktów, od największej: żadna para dalej od siebie niż trzeba, potem jak najmniej par z taką różnicą i tak dalej w dół",
        "score differences, the largest first: no pair further apart than needed, then the fewest pairs at that difference, and so on down",
    ),
    (
        "criterion_floaters",
        "jak najmniej par spoza jednej grupy punktowej",
        "the fewest pairs across score groups",
    ),
    (
        "criterion_bye_rank",
        "wolny los dla najniżej sklasyfikowanej takiej osoby, która go jeszcze nie miała",
        "the bye to the lowest-ranked such player who has not had one",
    ),
    (
        "criterion_halves",
        "w grupie punktowej górna połowa gra z dolną",
        "top half against bottom half within a score group",
    ),
    (
        "criterion_red_first",
        "kto zaczyna czerwonymi, na zmianę z poprzednią rundą",
        "who commands Red first alternates with the last round",
    ),
    (
        "bye_lowest",
        "najniżej sklasyfikowana osoba bez wolnego losu",
        "the lowest-ranked player without a bye",
    ),
    (
        "bye_passed_over",
        "osoby niżej w klasyfikacji, bez wolnego losu, nie mogły go dostać",
        "lower-ranked players without a bye could not take it",
    ),
    ("had_bye", "wolny los już wykorzystany:", "already had a bye:"),
    ("not_paired", "Nie kojarzeni", "Not paired"),
    ("joins_in_round", "dołącza w rundzie", "joins in round"),
    (
        "forbidden_paired",
        "Zakazane pary, których nie dało się uniknąć",
        "Forbidden pairs that could not be avoided",
    ),
    ("points_short", "pkt", "pts"),
    ("last_before_first", "nie może być przed pierwszym dniem", "cannot be before the first day"),
    ("no_rows", "brak wierszy z graczami", "no player rows"),
    ("unknown_tiebreak", "nieznane kryterium", "unknown tiebreak"),
    ("duplicate_tiebreak", "powtórzone kryterium", "tiebreak listed twice"),
    ("create", "Utwórz turniej", "Create the tournament"),
    ("configuration", "Konfiguracja", "Configuration"),
    ("players", "Gracze", "Players"),
    ("player", "Gracz", "Player"),
    ("birth_date", "Data urodzenia", "Birth date"),
    ("club", "Szkoła / klub", "School / club"),
    ("age_override", "Zgoda mimo wieku (poza 14-20)", "Accept despite age (outside 14-20)"),
    ("register", "Zarejestruj osobę", "Register the player"),
    ("import_csv", "Import z CSV", "Import from CSV"),
    (
        "import_help",
        "Jeden wiersz na osobę, kolumny rozdzielone średnikiem lub przecinkiem: imię i nazwisko; data urodzenia (RRRR-MM-DD); szkoła lub klub; wynik testu wiedzy (można pominąć). Pierwszy wiersz to nagłówek z nazwami kolumn.",
        "One row per player, columns separated by semicolons or commas: name; birth date (YYYY-MM-DD); school or club; knowledge-test score (optional). The first row is a header naming the columns.",
    ),
    ("import", "Importuj graczy", "Import the players"),
    ("withdraw", "Wycofaj z turnieju", "Withdraw from the tournament"),
    ("readmit", "Przywróć do turnieju", "Re-admit to the tournament"),
    ("withdrawn", "wycofanie z turnieju", "withdrawn"),
    ("status", "Status", "Status"),
    ("forbidden_pairs", "Zakazane pary", "Forbidden pairs"),
    ("forbid", "Zakaż tej pary", "Forbid this pair"),
    ("allow", "Usuń zakaz", "Remove"),
    ("referees", "Sędziowie", "Referees"),
    ("appoint", "Nadaj rolę", "Grant the role"),
    (
        "appoint_help",
        "Nowe konto powstaje, jeśli login jest wolny (wtedy podaj hasło); istniejące konto dostaje wybraną rolę i zachowuje swoje hasło.",
        "A new account is created if the username is free (then give a password); an existing account gets the chosen role and keeps its password.",
    ),
    ("organisers", "Organizatorzy", "Organisers"),
    ("rounds", "Rundy", "Rounds"),
    ("round", "Runda", "Round"),
    (
        "start_round",
        "Skojarz następną rundę (szkic do sprawdzenia)",
        "Pair the next round (a draft to check)",
    ),
    ("start_knockout", "Rozpocznij fazę pucharową", "Start the knockout"),
    ("next_knockout", "Skojarz następną rundę pucharową", "Pair the next knockout round"),
    ("publish", "Opublikuj rundę", "Publish the round"),
    ("lock", "Zamknij rundę", "Lock the round"),
    ("discard", "Odrzuć szkic", "Discard draft"),
    ("swap", "Korekta szkicu: zamiana dwóch osób", "Correct the draft: swap two players"),
    ("draft", "szkic", "draft"),
    ("published", "opublikowana", "published"),
    ("locked", "zamknięta", "locked"),
    ("swiss", "szwajcarska", "Swiss"),
    ("knockout", "pucharowa", "knockout"),
    ("pairings", "Kojarzenia", "Pairings"),
    ("table", "Stół", "Table"),
    ("red_first", "Czerwoni w 1. partii", "Red in game 1"),
    ("opponent", "Przeciwnik", "Opponent"),
    ("result", "Wynik", "Result"),
    ("bye", "wolny los", "bye"),
    ("why", "Dlaczego te kojarzenia?", "Why these pairings?"),
    ("standings", "Klasyfikacja", "Standings"),
    ("rank", "Miejsce", "Rank"),
    ("match_points", "Punkty meczowe", "Match points"),
    ("bracket", "Drabinka", "Bracket"),
    ("match", "Mecz", "Match"),
    ("matches", "Mecze", "Matches"),
    ("game", "Partia", "Game"),
    ("games", "Partie", "Games"),
    ("extra_game", "Dogrywka", "Extra game"),
    ("red", "Armia Czerwona", "Red Army"),
    ("polish", "Wojsko Polskie", "Polish Army"),
    ("winner", "Wygrywa", "Winner"),
    ("termination", "Sposób zakończenia", "How it ended"),
    ("red_points", "Punkty za Czerwonych", "Red-side points"),
    ("red_clock", "Czas pozostały Czerwonym (m:ss)", "Red's time left (m:ss)"),
    ("polish_clock", "Czas pozostały Polakom (m:ss)", "Polish time left (m:ss)"),
    ("move_log", "Zapis partii", "Move log"),
    (
        "move_log_help",
        "Wklej zapis; poprawny zapis sam wypełni wynik.",
        "Paste the log; a valid log fills in the result.",
    ),
    (
        "accept_invalid",
        "Zapisz wpisany wynik mimo błędnego zapisu partii (zapis zostanie oznaczony jako błędny)",
        "Save the typed result despite the invalid log (the log is kept, marked invalid)",
    ),
    ("log_valid", "zapis poprawny", "log valid"),
    ("log_invalid", "zapis błędny", "log invalid"),
    ("no_log", "bez zapisu", "no log"),
    ("log_error", "Błąd w zapisie partii", "Error in the move log"),
    ("log_error_line", "Wiersz", "Line"),
    ("log_error_state", "Stan gry przed tym zdarzeniem", "The position before this event"),
    (
        "contradiction",
        "Zapis partii nie zgadza się z wpisanym wynikiem. Nic nie zapisano.",
        "The move log contradicts the typed result. Nothing was saved.",
    ),
    ("enter_result", "Wprowadź wynik", "Enter result"),
    ("saved", "Zapisano.", "Saved."),
    ("my_tables", "Moje stoły w tej rundzie", "My tables this round"),
    ("forbidden_until", "Do rundy (puste: zawsze)", "Until round (empty: always)"),
    ("forbidden_until_round", "do rundy", "until round"),
    ("forbidden_always", "zawsze", "always"),
    ("rule_switches", "Odczytania zasad (silnik gry)", "Rule readings (game engine)"),
    (
        "rule_switches_help",
        "Domyślnie: decyzje rejestru interpretacji zasad. Zmiana dotyczy sprawdzania zapisów partii.",
        "Default: the rules-interpretation register's decisions. A change applies to move-log validation.",
    ),
    (
        "no_retreat_eliminates",
        "Pokonany obrońca bez wolnego pola odwrotu zostaje wyeliminowany (R2)",
        "A beaten defender with no free retreat space is eliminated (R2)",
    ),
    (
        "compulsory_advance",
        "Zwycięski atakujący musi wejść na zwolnione pole (R3)",
        "The winning attacker must advance into the vacated space (R3)",
    ),
    (
        "pillage_by_free_units_only",
        "Grabież tylko jednostką, którą można dowodzić (R4)",
        "Pillage only by a unit that could be commanded (R4)",
    ),
    ("encirclement", "Manewr okrążający (Grupa pościgowa, R8)", "Encircling maneuver (Grupa pościgowa, R8)"),
    (
        "encirclement_two_attackers",
        "obrońca ma co najmniej dwa znaczniki ataku",
        "the defender carries two or more attack markers",
    ),
    ("encirclement_flank_attack", "atak z flanki", "a flank attack"),
    ("assigned_tables", "Twoje stoły", "Your tables"),
    ("other_tables", "Pozostałe stoły", "Other tables"),
    (
        "no_assigned",
        "Nie masz przydzielonych stołów w tej rundzie.",
        "You have no tables assigned this round.",
    ),
    ("referee", "Sędzia", "Referee"),
    ("assign_referee", "Przydziel sędziego do stołów", "Assign a referee to tables"),
    ("nobody", "nikt (zdejmij przydział)", "nobody (remove the assignment)"),
    ("table_from", "Od stołu", "From table"),
    ("table_to", "Do stołu", "To table"),
    ("not_a_referee", "to nie jest sędzia tego turnieju", "not a referee of this tournament"),
    ("no_tables_in_range", "w tym zakresie nie ma stołów tej rundy", "no table of this round in this range"),
    ("no_round", "Nie ma opublikowanej rundy.", "No published round."),
    ("deck_check", "Kontrola talii", "Deck check"),
    ("set_label", "Numer kompletu", "Card set number"),
    ("red_count", "Karty czerwonych", "Red cards"),
    ("polish_count", "Karty polskie", "Polish cards"),
    ("swapped_to", "Komplet wydany zamiast (gdy talia niepełna)", "Set handed out instead (short deck)"),
    ("missing_cards", "Brakujące karty (zaznacz)", "Missing cards (tick)"),
    ("incomplete_sets", "Niepełne komplety kart", "Incomplete card sets"),
    ("history", "Historia zmian", "Change history"),
    ("when", "Kiedy", "When"),
    ("who", "Kto", "Who"),
    ("what", "Co", "What"),
    ("before", "Przed", "Before"),
    ("after", "Po", "After"),
    ("exports", "Eksport CSV", "CSV export"),
    ("export_semicolon", "CSV (;)", "CSV (;)"),
    ("export_comma", "CSV (,)", "CSV (,)"),
    ("all_results", "Wszystkie wyniki", "All results"),
    ("outcome", "Wynik meczu", "Match outcome"),
    ("win", "wygrana", "win"),
    ("draw", "remis", "draw"),
    ("loss", "przegrana", "loss"),
    ("pending", "w toku", "pending"),
    ("validated_log", "Sprawdzony zapis partii", "Validated move log"),
    ("version", "Wersja", "Version"),
    ("draw_lot", "Losuj stronę dogrywki", "Draw lots for the extra game"),
    (
        "age_refused",
        "W turnieju grają osoby, które w pierwszym dniu mają od 14 do 20 lat",
        "The player must be 14 to 20 years old on the tournament's first day",
    ),
    (
        "csrf",
        "Formularz wygasł lub nie pochodzi z tej strony. Wczytaj stronę ponownie.",
        "The form expired or did not come from this site. Reload the page.",
    ),
    ("language", "English", "Polski"),
    ("admin", "Panel organizatora", "Organiser page"),
    ("referee_page", "Panel sędziego", "Referee page"),
    ("tiebreaks", "Kryteria pomocnicze", "Tiebreaks"),
    ("played", "Rozegrane", "Played"),
    ("game_page", "Partia", "Game"),
    ("ended_by", "Zakończenie", "Ended by"),
    ("red_side_total", "Punkty za Czerwonych razem", "Red-side points in total"),
    ("public_page", "Strona publiczna", "Public page"),
    ("warsaw-entered", "Czerwoni weszli do Warszawy", "Red entered Warsaw"),
    ("three-red-eliminated", "Polacy zniszczyli 3 armie czerwonych", "Poles eliminated 3 Red units"),
    ("all-red-dispersed", "Wszystkie armie czerwonych rozproszone", "All Red units dispersed"),
    ("radzymin-check", "Kontrola Radzymina po 5. rundzie", "Radzymin check after round 5"),
    ("time-forfeit", "Przekroczenie czasu", "Time forfeit"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_unique_and_translated() {
        let mut seen = std::collections::HashSet::new();
        for &(k, pl, en) in TABLE.iter().chain(security::TABLE).chain(table::TABLE).chain(day::TABLE) {
            assert!(seen.insert(k), "duplicate key {k}");
            assert!(!pl.is_empty() && !en.is_empty(), "empty text for {k}");
        }
        assert_eq!(Lang::Pl.t("standings"), "Klasyfikacja");
        assert_eq!(Lang::En.t("standings"), "Standings");
        assert_eq!(Lang::from_code("EN"), Lang::En);
        assert_eq!(Lang::from_code("de"), Lang::Pl);
    }

    #[test]
    fn every_key_used_in_templates_exists() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut files = vec![dir];
        let mut missing = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for part in text.split("t(\"").skip(1) {
                let key = part.split('"').next().unwrap();
                if !INDEX.contains_key(key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
        assert!(missing.is_empty(), "missing translations: {missing:?}");
    }
}
