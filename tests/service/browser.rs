//! End to end in real headless Chromium, driven over the W3C WebDriver protocol (JSON over HTTP to
//! Debian's `chromedriver`): a referee logs in, enters a result, and sees the standings change.
//! Fails when CI=true and the browser is missing; elsewhere it skips with a loud message.

use crate::helpers::*;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub(crate) fn find_in_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| PathBuf::from(d).join(name)).find(|p| p.is_file())
}

/// chromedriver and the running browser session; both are ended on drop.
pub(crate) struct Driver {
    child: Child,
    base: String,
    pub(crate) session: String,
    client: awc::Client,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // End the browser session even when the test failed half-way (a blocking HTTP DELETE:
        // no async in drop), so no Chromium outlives its chromedriver.
        if !self.session.is_empty() {
            let addr = self.base.trim_start_matches("http://").to_string();
            if let Ok(mut stream) = std::net::TcpStream::connect(addr) {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
                let _ = write!(
                    stream,
                    "DELETE /session/{} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                    self.session
                );
                let _ = stream.read_to_end(&mut Vec::new());
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Driver {
    pub(crate) async fn start(chromium: &Path, chromedriver: &Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let client = awc::Client::builder().timeout(Duration::from_secs(60)).finish();
        let profile = fresh_dir();
        let mut driver = Driver { child, base, session: String::new(), client, profile };
        for _ in 0..100 {
            if let Ok(mut res) = driver.client.get(format!("{}/status", driver.base)).send().await
                && res.json::<Value>().await.is_ok_and(|v| v["value"]["ready"] == true)
            {
                break;
            }
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         format!("--user-data-dir={}", driver.profile.display())]
            }
        }}});
        let v = driver.call("POST", "/session", Some(caps)).await;
        driver.session =
            v["sessionId"].as_str().or(v["value"]["sessionId"].as_str()).expect("session id").to_string();
        driver
    }

    pub(crate) async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let req = match method {
            "GET" => self.client.get(url),
            "DELETE" => self.client.delete(url),
            _ => self.client.post(url),
        };
        let mut res = match body {
            Some(b) => req.send_json(&b).await,
            None => req.send().await,
        }
        .expect("webdriver answers");
        let v: Value = res.json().limit(64 * 1024 * 1024).await.expect("webdriver JSON");
        assert!(v["value"]["error"].is_null(), "webdriver {method} {path}: {v}");
        v
    }

    pub(crate) async fn go(&self, url: &str) {
        self.call("POST", &format!("/session/{}/url", self.session), Some(json!({"url": url}))).await;
    }

    pub(crate) async fn source(&self) -> String {
        self.call("GET", &format!("/session/{}/source", self.session), None).await["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The page source once it contains `needle` (a submitted form may still be loading), or the
    /// last source seen after 15 s.
    pub(crate) async fn source_with(&self, needle: &str) -> String {
        let mut source = String::new();
        for _ in 0..150 {
            source = self.source().await;
            if source.contains(needle) {
                break;
            }
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
        source
    }

    pub(crate) async fn find(&self, css: &str) -> String {
        let v = self
            .call(
                "POST",
                &format!("/session/{}/element", self.session),
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        v["value"][ELEMENT].as_str().unwrap_or_else(|| panic!("element {css}: {v}")).to_string()
    }

    pub(crate) async fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css).await;
        self.call(
            "POST",
            &format!("/session/{}/element/{e}/value", self.session),
            Some(json!({"text": text})),
        )
        .await;
    }

    pub(crate) async fn click(&self, css: &str) {
        let e = self.find(css).await;
        self.call("POST", &format!("/session/{}/element/{e}/click", self.session), Some(json!({}))).await;
    }

    pub(crate) async fn end(mut self) {
        self.call("DELETE", &format!("/session/{}", self.session), None).await;
        self.session.clear();
    }
}

#[actix_rt::test]
async fn a_referee_enters_a_result_in_chromium_and_sees_the_standings_change() {
    let (Some(chromium), Some(chromedriver)) = (find_in_path("chromium"), find_in_path("chromedriver"))
    else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but chromium or chromedriver is missing: install the Debian packages chromium and chromium-driver"
        );
        eprintln!(
            "\n*** SKIPPED browser test: chromium and chromedriver not installed (apt-get install chromium chromium-driver) ***\n"
        );
        return;
    };
    // Arrange: a published round 1 with two players and a referee.
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = create_tournament(&admin, &[]).await;
    register(&admin, t, "Anna Czerwona").await;
    register(&admin, t, "Bartek Polski").await;
    admin
        .post(&format!("/admin/t/{t}/referees"), &[("username", "sedzia"), ("password", "sedzia-haslo")])
        .await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await;
    let before = app.browser().get(&format!("/t/{t}/standings")).await;
    assert_eq!(before.body.matches("<strong>0</strong>").count(), 2, "nobody has points yet");
    let m = ids_after(&admin.get(&format!("/t/{t}/round/1")).await.body, &format!("/t/{t}/match/"))[0];

    let driver = Driver::start(&chromium, &chromedriver).await;
    // Act: log in, open the table, enter both games.
    driver.go(&format!("{}/login", app.base)).await;
    driver.type_into("input[name=username]", "sedzia").await;
    driver.type_into("input[name=password]", "sedzia-haslo").await;
    driver.click("form.stack button[type=submit]").await;
    assert!(driver.source_with("Moje turnieje").await.contains("sedzia"), "logged in");
    driver.go(&format!("{}/ref/t/{t}/match/{m}", app.base)).await;
    driver.click("#game-1 select[name=winner] option[value=red]").await;
    driver.click("#game-1 select[name=termination] option[value=warsaw-entered]").await;
    driver.type_into("#game-1 input[name=red_points]", "21").await;
    driver.click("#game-1 button[type=submit]").await;
    assert!(driver.source_with("id=\"saved\"").await.contains("id=\"saved\""), "game 1 saved");
    driver.click("#game-2 select[name=winner] option[value=red]").await;
    driver.click("#game-2 select[name=termination] option[value=radzymin-check]").await;
    driver.type_into("#game-2 input[name=red_points]", "10").await;
    driver.click("#game-2 button[type=submit]").await;
    let saved = driver.source_with("1 : 1").await;
    assert!(saved.contains("1 : 1"), "the match is decided 1:1 on Red-side points:\n{saved}");

    // Assert: the standings changed.
    driver.go(&format!("{}/t/{t}/standings", app.base)).await;
    let after = driver.source().await;
    assert_eq!(after.matches("<strong>1</strong>").count(), 1, "one winner:\n{after}");
    assert_eq!(after.matches("<strong>0</strong>").count(), 1, "one loser:\n{after}");
    driver.end().await;
}
