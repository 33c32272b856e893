//! Accounts an organiser appoints: the password policy, and an existing username never silently
//! loses (or gets) a password.

use crate::helpers::*;
use crate::setup::{Day, OpenDay};

#[actix_rt::test]
async fn a_new_account_needs_a_password_that_passes_the_policy() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app).open().await;
    let path = format!("/admin/t/{t}/referees");
    for (username, password, says) in [
        ("sedzia", "12345678", "hasło jest za krótkie; najmniej znaków: 10."),
        ("sedzia", "        ", "hasło nie może składać się z samych spacji."),
        ("sedzia", "1234567890", "najpopularniejszych haseł"),
        ("sedzia", "Password123", "najpopularniejszych haseł"),
        ("sedzia", "SEDZIA", "za krótkie"),
        ("sedzia.glowny", "Sedzia.Glowny", "hasło nie może być takie samo jak login."),
        ("sędzia główny", "dobre-haslo-123", "Login: od 1 do 60 liter"),
    ] {
        let page = admin.post(&path, &[("username", username), ("password", password)]).await;
        assert_eq!(page.status, 400, "{username} / {password:?}");
        page.assert_contains(says);
    }
    assert_eq!(
        app.browser().post("/login", &[("username", "sedzia"), ("password", "12345678")]).await.status,
        401
    );
    let ok = admin.post(&path, &[("username", "sedzia"), ("password", "Bitwa pod Warszawą!")]).await;
    assert_eq!(ok.status, 303);
    assert_eq!(ok.location.as_deref(), Some(format!("/admin/t/{t}?appointed=created#referees").as_str()));
    app.browser().login("sedzia", "Bitwa pod Warszawą!").await;
}

#[actix_rt::test]
async fn appointing_an_existing_username_keeps_its_password_and_says_so() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let first = create_tournament(&admin, &[]).await;
    let second = create_tournament(&admin, &[("name", "Druga liga")]).await;
    appoint(&admin, first, "sedzia", "sedzia-haslo").await;

    let page = admin
        .post(
            &format!("/admin/t/{second}/referees"),
            &[("username", "sedzia"), ("password", "inne-haslo-123")],
        )
        .await;
    assert_eq!(page.status, 303);
    let shown = admin.get(page.location.as_deref().unwrap()).await;
    shown.assert_contains("Konto już istniało: rola nadana, ale wpisanego hasła NIE ustawiono.");
    // The owner's password still works, the typed one does not, and the role was granted.
    assert_eq!(
        app.browser().post("/login", &[("username", "sedzia"), ("password", "inne-haslo-123")]).await.status,
        401
    );
    let referee = app.browser();
    referee.login("sedzia", "sedzia-haslo").await;
    assert_eq!(referee.get(&format!("/ref/t/{second}")).await.status, 200);

    // Without a password the message just says the role was granted.
    appoint(&admin, first, "drugi", "drugi-sedzia-1").await;
    let page = admin.post(&format!("/admin/t/{second}/referees"), &[("username", "drugi")]).await;
    admin.get(page.location.as_deref().unwrap()).await.assert_contains("Konto już istniało: rola nadana.");
}
