//! The phrases a reader of the pages found wrong (issue 22, list 11) appear on no page in either
//! language: the golden test runs [`assert_no_retired_phrase`] over every page and export it
//! renders, and the pages it does not render (a failed login, a refused request) are fetched here.

use crate::helpers::*;

/// What the pages said and must no longer say, each with what replaced it.
pub const RETIRED: &[(&str, &str)] = &[
    ("gra czeka na nic", "partia zakończona"),
    ("(gra się skończyła)", "partia zakończona"),
    ("niewidzian", "zakryte karty"),
    ("Zapisano. Kontrola talii", "Zapisano kontrolę talii."),
    ("Zapisano. Wynik partii", "Zapisano wynik partii."),
    ("Numer kompletu Komplet", "Numer kompletu: …"),
    ("Karty czerwonych", "Karty Armii Czerwonej"),
    ("Karty polskie", "Karty Wojska Polskiego"),
    ("armie czerwonych", "armie Czerwonych"),
    (">w toku<", "jeszcze bez wyniku"),
    (": w toku", "jeszcze bez wyniku"),
    ("Jak daleko", "Osiągnięty etap"),
    ("How far", "Stage reached"),
    ("atakuje 3 Armię", "atakuje czerwoną/polską 3 Armię"),
    ("atakuje 4 Armię", "atakuje czerwoną/polską 4 Armię"),
    ("Decyzja:", "Ruch:"),
    ("Zapis przy stole", "Stół cyfrowy"),
    ("Runda gry", "Runda partii"),
    ("Odczytania zasad", "Interpretacje zasad"),
    ("Rule readings", "Rules interpretations"),
    ("(0: bez)", "0 = bez fazy pucharowej"),
    ("(0: none)", "0 = no knockout"),
    ("Zły login", "Nieprawidłowy login lub hasło."),
    ("Wrong username", "Incorrect username or password."),
    ("Błędne dane", "Nieprawidłowe dane / Tego nie można teraz zrobić"),
    ("(400)", "no HTTP codes"),
    ("(404)", "no HTTP codes"),
    ("(409)", "no HTTP codes"),
    ("po angielsku", "no English on Polish pages"),
    ("Punktacja (w połówkach punktu)", "Punktacja w połówkach punktu (2 = 1 punkt, …)"),
    ("awaiting an action by polish", "awaiting an action by the Polish side"),
    ("awaiting an action by red", "awaiting an action by the Red side"),
    ("Tournament won by", "Champion"),
    (">finał</td>", "przegrany finał"),
    (">mecz o 3. miejsce</td>", "przegrany mecz o 3. miejsce"),
    (">final</td>", "lost the final"),
    (">third-place match</td>", "lost the third-place match"),
    (": two-attackers", "obrońca ma co najmniej dwa znaczniki ataku"),
    (": flank-attack", "atak z flanki"),
    ("pucharowa · ", "the knockout round's name"),
    ("ranking zamrożony", "klasyfikacja zamrożona (one word for the standings: klasyfikacja)"),
    ("zamrożonego rankingu", "zamrożonej klasyfikacji"),
];

/// Fails naming the page and the phrase if `body` says a retired phrase.
#[track_caller]
pub fn assert_no_retired_phrase(page: &str, body: &str) {
    for (old, new) in RETIRED {
        assert!(!body.contains(old), "{page} says {old:?} (now: {new})");
    }
}

#[actix_rt::test]
async fn pages_outside_the_golden_set_say_none_of_the_retired_phrases() {
    let app = TestApp::spawn().await;
    let (t, admin, referee, _) = published_round(&app, &[]).await;
    for lang in ["pl", "en"] {
        let visitor = app.browser();
        visitor.get(&format!("/lang/{lang}")).await;
        let wrong = visitor.post("/login", &[("username", "sedzia"), ("password", "not-it")]).await;
        assert_eq!(wrong.status, 401, "{}", wrong.body);
        assert_no_retired_phrase(&format!("{lang} failed login"), &wrong.body);
        if lang == "pl" {
            assert_no_english("pl failed login", &wrong.body);
        }
        for who in [&admin, &referee] {
            who.get(&format!("/lang/{lang}")).await;
        }
        // A refused request, a form's field refused, a page that is not there.
        let refused = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
        assert_eq!(refused.status, 400);
        assert_no_retired_phrase(&format!("{lang} refused lock"), &refused.body);
        if lang == "pl" {
            assert_no_english("pl refused lock", &refused.body);
        }
        let missing = admin.get(&format!("/t/{t}/round/9")).await;
        assert_eq!(missing.status, 404);
        assert_no_retired_phrase(&format!("{lang} missing round"), &missing.body);
        for path in [format!("/ref/t/{t}"), format!("/admin/t/{t}"), format!("/t/{t}/round/1")] {
            let page = referee.get(&path).await;
            assert_no_retired_phrase(&format!("{lang} {path}"), &page.body);
        }
    }
    // The checker is not blind: a page that said one would fail.
    let caught = std::panic::catch_unwind(|| assert_no_retired_phrase("sample", "<td>Jak daleko</td>"));
    assert!(caught.is_err());
}

/// English words that are no Polish word (so not "to", "no", "on", "by", "list", "place", "step"):
/// one of them on a Polish page is English left untranslated.
pub const ENGLISH: &[&str] = &[
    "the",
    "and",
    "with",
    "of",
    "for",
    "from",
    "into",
    "this",
    "that",
    "is",
    "are",
    "was",
    "not",
    "yes",
    "all",
    "none",
    "or",
    "your",
    "my",
    "round",
    "rounds",
    "table",
    "tables",
    "player",
    "players",
    "standings",
    "match",
    "matches",
    "game",
    "games",
    "save",
    "saved",
    "red",
    "polish",
    "win",
    "wins",
    "won",
    "lost",
    "loss",
    "draw",
    "home",
    "back",
    "next",
    "previous",
    "print",
    "export",
    "search",
    "logout",
    "password",
    "settings",
    "result",
    "results",
    "pairings",
    "pairing",
    "bracket",
    "final",
    "knockout",
    "swiss",
    "bye",
    "points",
    "clock",
    "time",
    "move",
    "moves",
    "edition",
    "tournament",
    "referee",
    "organiser",
    "organizer",
    "history",
    "cards",
    "card",
    "deck",
    "army",
    "side",
    "stage",
    "group",
    "groups",
    "follow",
    "show",
    "hide",
    "open",
    "closed",
    "locked",
    "published",
    "draft",
    "progress",
    "rules",
    "rule",
    "language",
    "english",
    "champion",
    "rank",
    "name",
    "birth",
    "date",
    "club",
    "score",
    "total",
    "live",
    "view",
    "delete",
    "remove",
    "add",
    "edit",
    "change",
    "cancel",
    "confirm",
    "submit",
    "upload",
    "file",
    "download",
    "page",
    "pages",
    "unlock",
    "lock",
    "reason",
    "recorder",
    "record",
    "recording",
    "explanation",
    "description",
    "help",
    "none",
    "unknown",
    "error",
];

/// What a reader sees of an HTML page: its text and the attributes read out or shown (`title`,
/// `aria-label`, `placeholder`, `alt`), without scripts, styles, move-log notation (`pre`, `code`)
/// what is marked as another language (`lang="en"`: the language switch) and addresses.
pub fn visible_text(html: &str) -> String {
    let mut s = html.to_string();
    for (open, close) in
        [("<script", "</script>"), ("<style", "</style>"), ("<pre", "</pre>"), ("<code", "</code>")]
    {
        while let Some(a) = s.find(open) {
            let Some(b) = s[a..].find(close) else { break };
            s.replace_range(a..a + b + close.len(), " ");
        }
    }
    // An element marked English, up to its closing tag (the switch is an `a`, the error page a `small`).
    while let Some(at) = s.find(" lang=\"en\"") {
        let start = s[..at].rfind('<').unwrap_or(at);
        let tag: String = s[start + 1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let close = format!("</{tag}>");
        let end = s[at..].find(&close).map_or(s.len(), |e| at + e + close.len());
        s.replace_range(start..end, " ");
    }
    let mut out = String::new();
    let mut rest = s.as_str();
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        out.push(' ');
        let Some(gt) = rest[lt..].find('>') else { break };
        let tag = &rest[lt..lt + gt];
        for attr in ["title=\"", "aria-label=\"", "placeholder=\"", "alt=\""] {
            if let Some(v) = tag.find(&format!(" {attr}")) {
                let v = &tag[v + attr.len() + 1..];
                out.push_str(&v[..v.find('"').unwrap_or(v.len())]);
                out.push(' ');
            }
        }
        rest = &rest[lt + gt + 1..];
    }
    out.push_str(rest);
    // An address (the table cards print their match page's) is no sentence.
    let out: Vec<&str> = out.split(' ').map(|w| if w.contains("://") { "" } else { w }).collect();
    out.join(" ")
        .replace("&amp;", "&")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
}

/// The English words of [`ENGLISH`] in `text`, each with a little of what is around it.
pub fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // (byte offset, word): runs of letters and digits.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    for (at, w) in words {
        // A file's name (`edition.csv`) is no sentence.
        let file =
            [".csv", ".xlsx", ".txt", ".json", ".bwlog"].iter().any(|x| text[at + w.len()..].starts_with(x));
        if !file && ENGLISH.contains(&w.to_lowercase().as_str()) {
            let from = text.floor_char_boundary(at.saturating_sub(40));
            let to = text.ceil_char_boundary((at + w.len() + 40).min(text.len()));
            found.push(format!(
                "{w:?} in \"{}\"",
                text[from..to].split_whitespace().collect::<Vec<_>>().join(" ")
            ));
        }
    }
    found
}

/// Fails naming the page and every English word its Polish text has.
#[track_caller]
pub fn assert_no_english(page: &str, html: &str) {
    let found = english_words(&visible_text(html));
    assert!(found.is_empty(), "{page}: English on a Polish page:\n{}", found.join("\n"));
}

#[test]
fn the_english_check_sees_english_and_not_polish_nor_the_language_switch() {
    assert!(
        english_words(&visible_text("<p>Wygrywa: Anna</p><a href=\"/lang/en\" lang=\"en\">English</a>"))
            .is_empty()
    );
    assert!(
        english_words(&visible_text("<p>To jest tabela, no i co?</p><pre>red draw R01</pre>")).is_empty()
    );
    assert_eq!(english_words(&visible_text("<p>Runda 1: <b>Standings</b></p>")).len(), 1);
    assert_eq!(english_words(&visible_text("<input placeholder=\"Search\">")).len(), 1);
    assert!(english_words("plik edition.csv").is_empty(), "a file's name");
    assert_eq!(english_words(&visible_text("<p>Opis: the league's edition</p>")).len(), 2);
}

/// Machine times a person would read (issue 37): an RFC 3339 time (`2026-12-06T00:11:31Z`) or a
/// stored time cut short (`2026-12-06 00:11`) in the visible text; times for people are Polish time in
/// words, the machine's only in a `datetime` attribute.
#[must_use]
pub fn machine_times(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let mut found = Vec::new();
    for i in 0..b.len() {
        let date = (0..4).all(|k| digit(i + k))
            && b.get(i + 4) == Some(&b'-')
            && digit(i + 5)
            && digit(i + 6)
            && b.get(i + 7) == Some(&b'-')
            && digit(i + 8)
            && digit(i + 9);
        let time = matches!(b.get(i + 10), Some(b'T' | b' '))
            && digit(i + 11)
            && digit(i + 12)
            && b.get(i + 13) == Some(&b':')
            && digit(i + 14)
            && digit(i + 15);
        if date && time && (i == 0 || !b[i - 1].is_ascii_digit()) {
            found.push(text[i..i + 16].to_string());
        }
    }
    found
}

/// Fails naming the page and the time if a Polish page shows a machine time ([`machine_times`]).
#[track_caller]
pub fn assert_times_for_people(page: &str, html: &str) {
    let found = machine_times(&visible_text(html));
    assert!(found.is_empty(), "{page}: a machine time in the visible text: {found:?}");
}

/// The house rule for names in sentences (issue 37): a sentence keeps a person's name in the
/// nominative ("Link osobisty – Jan Wiśniewski:", "Wygrywa: Anna Nowak"), never after a preposition
/// that asks another case ("dla Jan Wiśniewski" should be "dla Jana Wiśniewskiego"). Returns each
/// `<preposition> <name>` of the visible text with a name of `names` as registered (the nominative).
#[must_use]
pub fn names_after_prepositions(text: &str, names: &[String]) -> Vec<String> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for prep in ["dla", "od", "do", "przez", "z", "ze", "u", "bez", "wobec", "przeciwko"] {
        for name in names {
            for cased in [prep.to_string(), prep[..1].to_uppercase() + &prep[1..]] {
                let said = format!("{cased} {name}");
                let mut from = 0;
                while let Some(at) = text[from..].find(&said) {
                    let start = from + at;
                    let before_ok = start == 0 || !text[..start].ends_with(char::is_alphanumeric);
                    let end = start + said.len();
                    let after_ok = !text[end..].starts_with(char::is_alphanumeric);
                    if before_ok && after_ok {
                        found.push(said.clone());
                    }
                    from = end;
                }
            }
        }
    }
    found
}

/// Fails naming the page if a Polish page puts a name in the nominative after a preposition.
#[track_caller]
pub fn assert_names_in_sentences(page: &str, html: &str, names: &[String]) {
    let found = names_after_prepositions(&visible_text(html), names);
    assert!(found.is_empty(), "{page}: a name in the nominative after a preposition: {found:?}");
}

#[test]
fn the_time_and_name_checks_see_what_they_should_and_nothing_else() {
    assert_eq!(
        machine_times(&visible_text("<p>Oczekiwanie liczy się od 2026-12-06T00:11:31Z</p>")),
        ["2026-12-06T00:11"]
    );
    assert_eq!(machine_times(&visible_text("<p>link aktywny od (2026-12-06 00:11)</p>")).len(), 1);
    assert!(
        machine_times(&visible_text(
            "<p><time datetime=\"2026-12-06T00:11:31Z\">6 grudnia 2026, 01:11</time></p>"
        ))
        .is_empty()
    );
    assert!(machine_times("urodzona 2012-05-01, runda 3").is_empty(), "a date alone is no time");
    let names = vec!["Jan Wiśniewski".to_string(), "Anna Nowak".to_string()];
    assert_eq!(
        names_after_prepositions(&visible_text("<p>Link osobisty dla Jan Wiśniewski:</p>"), &names),
        ["dla Jan Wiśniewski"]
    );
    assert!(names_after_prepositions("Link osobisty – Jan Wiśniewski:", &names).is_empty());
    assert!(names_after_prepositions("Link osobisty dla Jana Wiśniewskiego:", &names).is_empty());
    assert!(names_after_prepositions("Wygrywa: Anna Nowak", &names).is_empty());
    assert!(names_after_prepositions("kurz Anna Nowak", &names).is_empty(), "a word ending in z");
}
