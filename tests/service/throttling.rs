//! Login throttling and the bounded password checks: wrong passwords slow down and get 429 with
//! `Retry-After`; the attacker's address is throttled, the real user's is not; a saturated hashing
//! pool answers 503 with `Retry-After` instead of queueing without end. (The 32-client flood with
//! its memory measurement is in `flood.rs`.)

use crate::helpers::*;
use crate::setup::Day;
use std::time::Duration;

/// An app with the referee `sedzia` / `sedzia-haslo`.
async fn app_with_referee() -> TestApp {
    let app = TestApp::spawn().await;
    Day::new(&app).referee().open().await;
    app
}

async fn try_login(b: &Browser, username: &str, password: &str) -> Page {
    b.forget_token();
    b.post("/login", &[("username", username), ("password", password)]).await
}

/// The statuses of failed logins from `b`, one per (login, password), in order.
async fn failures(b: &Browser, attempts: impl IntoIterator<Item = (String, String)>) -> Vec<u16> {
    let mut statuses = Vec::new();
    for (username, password) in attempts {
        statuses.push(try_login(b, &username, &password).await.status);
    }
    statuses
}

#[actix_rt::test]
async fn wrong_passwords_slow_down_to_429_with_retry_after_and_the_owner_on_another_address_gets_in() {
    let app = app_with_referee().await;
    let attacker = Browser::from_address(&app.base, "127.0.0.2");
    let statuses = failures(&attacker, (0..5).map(|i| ("sedzia".into(), format!("zgadywanie-{i}")))).await;
    assert_eq!(statuses, vec![401; 5], "five free attempts");
    let locked = try_login(&attacker, "sedzia", "zgadywanie-5").await;
    assert_eq!(locked.status, 429);
    assert_eq!(locked.header("retry-after"), "1", "1 s after the fifth failure");
    locked.assert_contains("Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 s.");
    // While locked, even the right password is not checked.
    assert_eq!(try_login(&attacker, "sedzia", "sedzia-haslo").await.status, 429);

    // The lockout doubles: after the sixth failure 2 s, after the seventh 4 s.
    actix_rt::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(try_login(&attacker, "sedzia", "zgadywanie-6").await.status, 401);
    assert_eq!(try_login(&attacker, "sedzia", "zgadywanie-7").await.header("retry-after"), "2");
    actix_rt::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(try_login(&attacker, "sedzia", "zgadywanie-8").await.status, 401);
    let again = try_login(&attacker, "sedzia", "zgadywanie-9").await;
    assert_eq!((again.status, again.header("retry-after").as_str()), (429, "4"));

    // The referee, on a phone with another address and no cookies at all, is not locked out.
    let owner = Browser::from_address(&app.base, "127.0.0.3");
    let page = try_login(&owner, "sedzia", "sedzia-haslo").await;
    assert_eq!(page.status, 303, "{}", page.body);
    assert_eq!(owner.get("/me").await.status, 200);
}

#[actix_rt::test]
async fn one_address_guessing_many_accounts_is_throttled_by_address() {
    let app = app_with_referee().await;
    let sprayer = Browser::from_address(&app.base, "127.0.0.4");
    // A different account each time: only the address key counts them all.
    let statuses =
        failures(&sprayer, (0..21).map(|i| (format!("konto{i}"), "haslo-do-zgadniecia".into()))).await;
    assert!(statuses[..20].iter().all(|&s| s == 401), "{statuses:?}");
    assert_eq!(statuses[20], 429, "the address locks after 20 failures: {statuses:?}");
    // Others are not affected.
    let owner = Browser::from_address(&app.base, "127.0.0.5");
    assert_eq!(try_login(&owner, "sedzia", "sedzia-haslo").await.status, 303);
}

#[actix_rt::test]
async fn under_a_distributed_attack_new_devices_wait_and_a_device_that_logged_in_before_does_not() {
    let app = app_with_referee().await;
    // The referee logged in on this phone in the morning: it holds a device cookie for the account.
    let phone = Browser::from_address(&app.base, "127.0.0.200");
    phone.login("sedzia", "sedzia-haslo").await;
    assert!(phone.cookie("bitwa_device").is_some());
    phone.post("/logout", &[]).await;

    // 100 failures on the account from 25 addresses, 4 each (no address or pair reaches its own limit).
    for a in 0..25 {
        let bot = Browser::from_address(&app.base, &format!("127.0.1.{}", a + 1));
        for i in 0..4 {
            assert_eq!(try_login(&bot, "sedzia", &format!("bot-{a}-{i}")).await.status, 401);
        }
    }
    let new_device = Browser::from_address(&app.base, "127.0.0.201");
    let refused = try_login(&new_device, "sedzia", "sedzia-haslo").await;
    assert_eq!(refused.status, 429, "an unknown device waits while the account is under attack");
    assert!(!refused.header("retry-after").is_empty());

    let page = try_login(&phone, "sedzia", "sedzia-haslo").await;
    assert_eq!(page.status, 303, "the trusted phone logs in: {}", page.body);
    // A forged device cookie does not make a device trusted.
    new_device.set_cookie("bitwa_device", Some(&format!("{}.{}", "a".repeat(32), "b".repeat(64))));
    assert_eq!(try_login(&new_device, "sedzia", "sedzia-haslo").await.status, 429);
}

#[actix_rt::test]
async fn a_saturated_hashing_pool_answers_503_with_retry_after_instead_of_queueing() {
    let app = TestApp::spawn_settings(|s| {
        s.hash_threads = 1;
        s.hash_deadline = Duration::from_millis(1);
    })
    .await;
    let mut tasks = Vec::new();
    for i in 0..10 {
        let base = app.base.clone();
        tasks.push(actix_rt::spawn(async move {
            let b = Browser::from_address(&base, &format!("127.0.2.{}", i + 1));
            try_login(&b, "admin", "nie-to-haslo").await
        }));
    }
    let mut busy = 0;
    for t in tasks {
        let page = t.await.unwrap();
        assert!(page.status == 401 || page.status == 503, "{}", page.status);
        if page.status == 503 {
            busy += 1;
            assert_eq!(page.header("retry-after"), "1");
            page.assert_contains("Serwer zajęty");
        }
    }
    assert!(busy >= 5, "a 1 ms queue deadline with one thread refuses most of 10 at once: {busy}");
}
