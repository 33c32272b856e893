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
        for who in [&admin, &referee] {
            who.get(&format!("/lang/{lang}")).await;
        }
        // A refused request, a form's field refused, a page that is not there.
        let refused = admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
        assert_eq!(refused.status, 400);
        assert_no_retired_phrase(&format!("{lang} refused lock"), &refused.body);
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
