//! A real SMTP server in the test process (RFC 5321's minimum: EHLO/HELO, MAIL, RCPT, DATA, RSET,
//! NOOP, QUIT, and AUTH PLAIN accepted), on a tokio listener at 127.0.0.1:0: every message handed
//! over is kept with its envelope, so a test reads the mails the service really sent. A mailbox
//! can also refuse the next `n` transactions with a 451 (a relay that is down for a while).

use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A delivered message: the envelope and the decoded text.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub from: String,
    pub to: Vec<String>,
    /// The raw message as sent (headers and body, dot-unstuffed).
    pub raw: String,
}

impl Delivered {
    /// A header's value (unfolded), `None` if absent.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.raw.split("\r\n\r\n").next().unwrap_or("");
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        unfolded.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }

    /// The subject, RFC 2047 words decoded.
    pub fn subject(&self) -> String {
        decode_words(&self.header("Subject").unwrap_or_default())
    }

    /// The body as text, its transfer encoding undone.
    pub fn text(&self) -> String {
        let body = self.raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let enc = self.header("Content-Transfer-Encoding").unwrap_or_default().to_ascii_lowercase();
        let bytes = match enc.as_str() {
            "base64" => {
                use base64::Engine;
                let clean: String = body.chars().filter(|c| !c.is_whitespace()).collect();
                base64::engine::general_purpose::STANDARD.decode(clean).expect("base64 body")
            }
            "quoted-printable" => quoted_printable(body),
            _ => body.as_bytes().to_vec(),
        };
        String::from_utf8(bytes).expect("a UTF-8 body").replace("\r\n", "\n")
    }
}

fn quoted_printable(s: &str) -> Vec<u8> {
    let s = s.replace("=\r\n", "");
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'='
            && let Some(Ok(v)) = s.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16))
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// `=?utf-8?b?...?=` and `=?utf-8?q?...?=` words decoded (what lettre writes for non-ASCII subjects).
fn decode_words(s: &str) -> String {
    use base64::Engine;
    // Blanks between two encoded words are dropped (RFC 2047, 6.2); any other blank stays.
    let mut out = String::new();
    let mut last_encoded = false;
    for (i, word) in s.split_whitespace().enumerate() {
        let parts: Vec<&str> = word.split('?').collect();
        let encoded = parts.len() == 5 && parts[0] == "=" && parts[4] == "=";
        if i > 0 && !(encoded && last_encoded) {
            out.push(' ');
        }
        if encoded {
            let bytes = if parts[2].eq_ignore_ascii_case("b") {
                base64::engine::general_purpose::STANDARD.decode(parts[3]).unwrap_or_default()
            } else {
                quoted_printable(&parts[3].replace('_', " "))
            };
            out.push_str(&String::from_utf8_lossy(&bytes));
        } else {
            out.push_str(word);
        }
        last_encoded = encoded;
    }
    out
}

#[derive(Default)]
struct State {
    delivered: Vec<Delivered>,
    refuse: usize,
}

/// The server; it stops with the test's runtime.
#[derive(Clone)]
pub struct MailServer {
    pub port: u16,
    state: Arc<Mutex<State>>,
}

impl MailServer {
    pub async fn start() -> MailServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(State::default()));
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                let shared = shared.clone();
                tokio::spawn(async move {
                    let _ = session(sock, shared).await;
                });
            }
        });
        MailServer { port, state }
    }

    /// `smtp://127.0.0.1:PORT` with a sender.
    pub fn url(&self) -> String {
        format!("smtp://liga:tajne@127.0.0.1:{}?from=liga@bitwa.example.org", self.port)
    }

    /// Refuse the next `n` messages with 451 (a transient failure).
    pub fn refuse_next(&self, n: usize) {
        self.state.lock().unwrap().refuse = n;
    }

    pub fn delivered(&self) -> Vec<Delivered> {
        self.state.lock().unwrap().delivered.clone()
    }

    /// Wait (up to `secs`) until `n` messages arrived; all of them.
    pub async fn wait_for(&self, n: usize, secs: u64) -> Vec<Delivered> {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        loop {
            let got = self.delivered();
            if got.len() >= n || std::time::Instant::now() > until {
                return got;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

async fn session(sock: tokio::net::TcpStream, state: Arc<Mutex<State>>) -> std::io::Result<()> {
    let (r, mut w) = sock.into_split();
    let mut r = BufReader::new(r);
    w.write_all(b"220 test.example.org ESMTP\r\n").await?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let cmd = line.trim_end().to_string();
        let upper = cmd.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-test.example.org\r\n250-8BITMIME\r\n250-AUTH PLAIN LOGIN\r\n250 SMTPUTF8\r\n"
        } else if upper.starts_with("HELO") || upper.starts_with("NOOP") {
            b"250 OK\r\n"
        } else if upper.starts_with("AUTH") {
            b"235 2.7.0 Authentication successful\r\n"
        } else if upper.starts_with("RSET") {
            from.clear();
            to.clear();
            b"250 OK\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            from = cmd[10..].trim().trim_matches(['<', '>']).split('>').next().unwrap_or("").to_string();
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            to.push(cmd[8..].trim().trim_matches(['<', '>']).to_string());
            b"250 OK\r\n"
        } else if upper == "DATA" {
            w.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await?;
            let mut raw = String::new();
            loop {
                line.clear();
                if r.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                raw.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            let accepted = {
                let mut s = state.lock().unwrap();
                if s.refuse > 0 {
                    s.refuse -= 1;
                    false
                } else {
                    s.delivered.push(Delivered { from: from.clone(), to: to.clone(), raw });
                    true
                }
            };
            let answer: &[u8] =
                if accepted { b"250 OK queued\r\n" } else { b"451 4.3.0 Try again later\r\n" };
            w.write_all(answer).await?;
            continue;
        } else if upper.starts_with("QUIT") {
            w.write_all(b"221 Bye\r\n").await?;
            return Ok(());
        } else {
            b"502 Command not implemented\r\n"
        };
        w.write_all(reply).await?;
    }
}
