//! Accounts, roles, CSRF, error pages, escaping.

use crate::helpers::*;
use crate::pages::error_page::{ErrorPage, login_refusal};
use crate::pages::{Overview, Tournament, has, input, invalid, text_of, tournaments};
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn first_start_creates_an_organiser_with_a_random_password_that_logs_in() {
    let app = TestApp::spawn().await;
    assert_eq!(app.admin_password.len(), 16);
    let other = TestApp::spawn().await;
    assert_ne!(app.admin_password, other.admin_password, "the first password must not be a fixed default");

    let b = app.browser();
    let refused = b.post("/login", &[("username", "admin"), ("password", "wrong-password")]).await;
    assert_eq!(refused.status, 401);
    assert_eq!(login_refusal(&refused).as_deref(), Some("Nieprawidłowy login lub hasło."));

    b.login("admin", &app.admin_password).await;
    assert_eq!(
        text_of(&b.get("/me").await, "a[href=/admin/new]"),
        "Nowy turniej",
        "the organiser's own page"
    );
}

#[actix_rt::test]
async fn logout_ends_the_session() {
    let app = TestApp::spawn().await;
    let b = app.admin().await;
    assert_eq!(b.post("/logout", &[]).await.status, 303);
    let me = b.get("/me").await;
    assert_eq!(me.status, 303);
    assert_eq!(me.location.as_deref(), Some("/login?next=%2Fme"));
}

#[actix_rt::test]
async fn a_visitor_is_sent_to_login_from_organiser_pages() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;

    let visitor = app.browser();
    for path in [format!("/admin/t/{t}"), "/admin/new".to_string(), format!("/admin/t/{t}/history")] {
        let page = visitor.get(&path).await;
        assert_eq!(page.status, 303, "{path}");
        let back = format!("/login?next={}", path.replace('/', "%2F"));
        assert_eq!(page.location.as_deref(), Some(back.as_str()), "{path}");
    }
    let post =
        visitor.post(&format!("/admin/t/{t}/players"), &[("name", "X"), ("birth_date", "2010-01-01")]).await;
    assert_eq!(post.status, 303, "a POST without login is sent to the login page");
    assert!(
        Overview::read(&admin.get(&format!("/admin/t/{t}")).await).players.is_empty(),
        "nobody registered"
    );
}

#[actix_rt::test]
async fn a_referee_is_refused_on_organiser_pages() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).referee().open().await;
    let (t, referee) = (day.t, day.referee());
    assert_eq!(referee.get(&format!("/admin/t/{t}")).await.status, 403);
    assert_eq!(referee.get("/admin/new").await.status, 403);
    let post = referee
        .post(&format!("/admin/t/{t}/players"), &[("name", "Intruz"), ("birth_date", "2010-01-01")])
        .await;
    assert_eq!(post.status, 403);
    let page = ErrorPage::read(&post);
    assert_eq!((page.status, page.title.as_str()), (403, "Brak dostępu"), "{page:?}");
    assert!(!Tournament::read(&app.browser().get(&format!("/t/{t}")).await).lists("Intruz"));
}

#[actix_rt::test]
async fn a_form_without_the_right_csrf_token_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/players");

    let missing = admin.post_raw(&path, &[("name", "Bez Tokenu"), ("birth_date", "2010-01-01")]).await;
    assert_eq!(missing.status, 403);
    assert_eq!(
        ErrorPage::read(&missing).message,
        "Formularz wygasł lub nie pochodzi z tej strony. Wczytaj stronę ponownie."
    );
    let wrong =
        admin.post_raw(&path, &[("csrf", "00ff"), ("name", "Zły Token"), ("birth_date", "2010-01-01")]).await;
    assert_eq!(wrong.status, 403);

    let page = Tournament::read(&app.browser().get(&format!("/t/{t}")).await);
    assert!(page.players.is_empty(), "nothing registered: {page:?}");
    // A login form posted from elsewhere is refused too.
    assert_eq!(
        app.browser().post_raw("/login", &[("username", "admin"), ("password", "x")]).await.status,
        403
    );
}

#[actix_rt::test]
async fn error_pages_say_what_happened() {
    let app = TestApp::spawn().await;
    let b = app.browser();
    let missing = b.get("/no/such/page").await;
    assert_eq!(missing.status, 404);
    assert!(text_of(&missing, "h1").starts_with("Nie znaleziono"), "{}", missing.body);
    assert_eq!(b.get("/t/999").await.status, 404);
    assert_eq!(b.get("/t/not-a-number").await.status, 404);

    let admin = app.admin().await;
    let bad = admin.post("/admin/new", &tournament_form(&[("swiss_rounds", "many")])).await;
    // Refused on the same form: the problem beside its field, everything else as typed.
    assert_eq!(bad.status, 422);
    let form = "form[action=/admin/new]";
    assert!(has(&bad, "#config-refused"), "the refusal summary");
    let why = field_error(&bad.body, "swiss_rounds").expect("the problem beside its field");
    assert_eq!(why, "podaj liczbę całkowitą od 1 do 30");
    assert!(invalid(&bad, form, "swiss_rounds"));
    assert_eq!(
        (input(&bad, form, "name"), input(&bad, form, "swiss_rounds")),
        ("Liga Testowa".into(), "5".into())
    );
    let malformed = admin.post("/admin/new", &[("name", "Tylko nazwa")]).await;
    assert_eq!(malformed.status, 400);
    // Said in the page's language (the form reader's English goes to the log only).
    assert_eq!(
        ErrorPage::read(&malformed).message,
        "W formularzu brakuje pola albo pole ma niepoprawną wartość (first_day). Wczytaj stronę ponownie i \
         wyślij formularz jeszcze raz."
    );
    malformed.assert_lacks("missing field");
    assert_eq!(tournaments(&app.browser().get("/").await), [], "nothing was created");
}

#[actix_rt::test]
async fn names_are_escaped_everywhere() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[("name", "<b>Liga</b>")]).await;
    admin
        .post(
            &format!("/admin/t/{t}/players"),
            &[("name", "<script>alert(1)</script>"), ("birth_date", "2010-01-01")],
        )
        .await;
    let page = app.browser().get(&format!("/t/{t}")).await;
    page.assert_contains("&#60;script&#62;alert(1)&#60;/script&#62;").assert_lacks("<script>alert(1)");
    page.assert_contains("&#60;b&#62;Liga&#60;/b&#62;");
    app.browser().get("/").await.assert_lacks("<b>Liga</b>");
}

#[actix_rt::test]
async fn the_language_switch_turns_pages_english_and_back() {
    let app = TestApp::spawn().await;
    let b = app.browser();
    assert_eq!(text_of(&b.get("/").await, "h1"), "Turnieje");
    let switch = b.get("/lang/en?back=/login").await;
    assert_eq!(switch.status, 303);
    assert_eq!(switch.location.as_deref(), Some("/login"));
    let login = b.get("/login").await;
    assert_eq!(
        (text_of(&login, "main h1"), text_of(&login, "nav a[lang=pl]")),
        ("Log in".to_string(), "Polski".to_string()),
        "the login page in English, the way back to Polish offered"
    );
    // Only local paths: no open redirect.
    assert_eq!(b.get("/lang/pl?back=//evil.example").await.location.as_deref(), Some("/"));
    assert_eq!(text_of(&b.get("/").await, "h1"), "Turnieje");
}

#[actix_rt::test]
async fn a_co_organiser_manages_only_the_tournament_they_were_given() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let mine = create_tournament(&admin, &[("name", "Mój turniej")]).await;
    let other = create_tournament(&admin, &[("name", "Cudzy turniej")]).await;
    let r = admin
        .post(
            &format!("/admin/t/{mine}/referees"),
            &[("username", "ola"), ("password", "ola-haslo-1"), ("role", "organiser")],
        )
        .await;
    assert_eq!(r.status, 303);
    let ola = app.browser();
    ola.login("ola", "ola-haslo-1").await;
    assert_eq!(text_of(&ola.get(&format!("/admin/t/{mine}")).await, "main h1"), "Mój turniej");
    assert_eq!(
        ola.post(
            &format!("/admin/t/{mine}/players"),
            &[("name", "Nowy Gracz"), ("birth_date", "2010-01-01")]
        )
        .await
        .status,
        303
    );
    assert_eq!(ola.get(&format!("/admin/t/{other}")).await.status, 403);
    assert_eq!(ola.post(&format!("/admin/t/{other}/rounds"), &[]).await.status, 403);
    // Only the first organiser account creates tournaments.
    assert_eq!(ola.get("/admin/new").await.status, 403);
}
