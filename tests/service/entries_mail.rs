//! E-mail, optional and real (issue 39, item 7): the app started with `BITWA_SMTP_URL` pointing
//! at a real SMTP server in this process (`smtp.rs`). The teacher's private link is read from the
//! delivered mail and opens the school's page; a guardian's consent (given on the English page: the
//! mail in English) and a waiting-list promotion reach the teacher too; a relay refusing the first
//! try (451) gets the mail again later, the failure kept in the outbox. Without the setting nothing
//! is queued.

use crate::helpers::*;
use crate::pages::{has, texts};
use crate::smtp::MailServer;

const CLAUSE: &str = "Administratorem danych jest IPN. Cel: udział w turnieju i publikacja wyników.";

async fn open_entries(admin: &Browser, t: i64, cap: &str) {
    let deadline = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let rules = [
        ("deadline", deadline.as_str()),
        ("cap", cap),
        ("born_from", "2006"),
        ("born_to", "2014"),
        ("max_schools", "5"),
        ("consent_text", CLAUSE),
    ];
    assert_eq!(admin.post(&format!("/admin/t/{t}/entries/open"), &rules).await.status, 303);
}

async fn sign_up(b: &Browser, t: i64, school: &str, email: &str) -> crate::helpers::Page {
    let fields = [
        ("name", school),
        ("town", "Radom"),
        ("region", "mazowieckie"),
        ("teacher", "Ewa Nauczycielska"),
        ("email", email),
        ("phone", "600 100 200"),
    ];
    b.post(&format!("/t/{t}/entries"), &fields).await
}

/// The first `http…/entries/…` link in a mail's text.
fn link_in(text: &str) -> String {
    let at = text.find("http://").expect("a link in the mail");
    text[at..].split_whitespace().next().unwrap().to_string()
}

/// Every guardian link on a school's page, in order.
fn guardian_links(body: &str) -> Vec<String> {
    body.split("href=\"/entries/consent/")
        .skip(1)
        .map(|s| format!("/entries/consent/{}", &s[..s.find('"').unwrap()]))
        .collect()
}

#[actix_rt::test]
async fn the_teachers_link_consents_and_promotions_arrive_by_mail() {
    let mail = MailServer::start().await;
    let url = mail.url();
    let app = TestApp::spawn_settings(|s| s.smtp_url = Some(url)).await;
    let admin = app.admin().await;
    let t = create_tournament(
        &admin,
        &[("name", "Turniej Żoliborza"), ("swiss_rounds", "1"), ("knockout_size", "0")],
    )
    .await;
    open_entries(&admin, t, "1").await;

    // The relay refuses the first try: the mail waits in the outbox with the failure, then goes.
    mail.refuse_next(1);
    let teacher = app.browser();
    let answer = sign_up(&teacher, t, "SP 7 Radom", "ewa@szkola.example.org").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(has(&answer, "#school-link"), "still shown on screen, once: {}", answer.body);
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    let mut tried = Vec::new();
    for _ in 0..100 {
        tried = bitwa::store::outbox::all(&db).await.unwrap();
        if tried.first().is_some_and(|m| m.attempts == 1) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(tried.len(), 1, "one mail queued with the sign-up");
    assert_eq!((tried[0].kind.as_str(), tried[0].attempts), ("school-link", 1), "{tried:?}");
    assert!(tried[0].last_error.contains("451"), "the relay's answer kept: {:?}", tried[0].last_error);
    assert!(tried[0].sent_at.is_none());

    let got = mail.wait_for(1, 30).await;
    assert_eq!(got.len(), 1, "the retry delivered it");
    let link_mail = &got[0];
    assert_eq!(link_mail.to, ["ewa@szkola.example.org"]);
    assert_eq!(link_mail.from, "liga@bitwa.example.org");
    assert_eq!(link_mail.subject(), "Link do zgłoszeń szkoły: Turniej Żoliborza");
    let text = link_mail.text();
    assert!(
        text.starts_with(
            "Dzień dobry,\n\nszkoła SP 7 Radom została zgłoszona do turnieju „Turniej Żoliborza”"
        ),
        "{text}"
    );
    // The link in the mail opens the school's page, for anyone holding it (a fresh browser).
    let link = link_in(&text);
    assert!(link.starts_with(&app.base), "an absolute link to this service: {link}");
    let path = link.strip_prefix(&app.base).unwrap();
    let school = app.browser().get(path).await;
    school.assert_ok();
    assert_eq!(texts(&school, "h1"), ["SP 7 Radom"], "{}", school.body);
    assert!(has(&school, "#add-pupil"), "{}", school.body);
    assert!(bitwa::store::outbox::all(&db).await.unwrap()[0].sent_at.is_some(), "marked sent");

    // Two pupils; the first guardian consents on the English page (the place), the second in
    // Polish (the waiting list: the cap is 1).
    for (name, born) in [("Anna Żółć", "2010-02-03"), ("Jan Ęka", "2011-03-04")] {
        let added =
            teacher.post(&format!("{path}/pupils"), &[("name", name), ("born", born), ("class", "5a")]).await;
        assert_eq!(added.status, 303, "{}", added.body);
    }
    let links = guardian_links(&teacher.get(path).await.body);
    assert_eq!(links.len(), 2);
    let english = app.browser();
    english.set_cookie("lang", Some("en"));
    let given = english.post(&links[0], &[("guardian", "Maria Żółć"), ("take_part", "1")]).await;
    assert_eq!(given.status, 303, "{}", given.body);
    let polish = app.browser();
    assert_eq!(polish.post(&links[1], &[("guardian", "Olga Ęka"), ("take_part", "1")]).await.status, 303);
    let got = mail.wait_for(3, 10).await;
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[1].subject(), "Guardian's consent recorded: Anna Żółć, Turniej Żoliborza");
    assert!(got[1].text().contains("The entry's state: confirmed."), "{}", got[1].text());
    assert_eq!(got[2].subject(), "Zgoda opiekuna zapisana: Jan Ęka, Turniej Żoliborza");
    let waiting = got[2].text();
    assert!(waiting.contains("Stan zgłoszenia: lista rezerwowa."), "{waiting}");
    assert!(waiting.contains("czeka na liście rezerwowej"), "{waiting}");
    assert!(got.iter().all(|m| m.to == ["ewa@szkola.example.org"]));

    // Anna withdrawn by her teacher: Jan moves up, and the teacher is told.
    let anna = teacher.get(path).await.body;
    let anna_id =
        anna.split("data-withdraw=\"").nth(1).map(|s| s[..s.find('"').unwrap()].to_string()).unwrap();
    assert_eq!(teacher.post(&format!("{path}/pupils/{anna_id}/withdraw"), &[]).await.status, 200);
    let got = mail.wait_for(4, 10).await;
    assert_eq!(got.len(), 4);
    assert_eq!(got[3].subject(), "Miejsce z listy rezerwowej: Jan Ęka, Turniej Żoliborza");
    assert!(got[3].text().contains("przeszło z listy rezerwowej na listę uczestników: Jan Ęka (SP 7 Radom)"));
    let kinds: Vec<String> =
        bitwa::store::outbox::all(&db).await.unwrap().into_iter().map(|m| m.kind).collect();
    assert_eq!(kinds, ["school-link", "consent", "consent", "promoted"]);
    db.close().await;
}

#[actix_rt::test]
async fn without_smtp_nothing_is_queued_and_the_link_is_on_screen() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("swiss_rounds", "1"), ("knockout_size", "0")]).await;
    open_entries(&admin, t, "5").await;
    let answer = sign_up(&app.browser(), t, "SP 8 Radom", "jan@szkola.example.org").await;
    assert_eq!(answer.status, 200);
    assert!(has(&answer, "#school-link"), "{}", answer.body);
    let db = bitwa::store::connect(&app.db_url).await.unwrap();
    assert!(
        bitwa::store::outbox::all(&db).await.unwrap().is_empty(),
        "no mail queued without BITWA_SMTP_URL"
    );
    db.close().await;
}
