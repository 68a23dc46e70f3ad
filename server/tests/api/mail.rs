//! Mail over a real SMTP server (Debian's `python3-aiosmtpd`, started per test on a free
//! loopback port, storing what it receives in a Maildir), the outbox without SMTP, retries
//! while the server is down, and the admin's outbox endpoints.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cardsmith_core::mail::{self, Mail};
use serde_json::Value;

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, spawn_app, spawn_app_with, TestApp,
};

/// A real SMTP server: `python3 -m aiosmtpd` with the Maildir handler. Killed when dropped.
pub struct SmtpServer {
    pub port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

/// Debian's interpreter, which has `python3-aiosmtpd` (a `python3` earlier on PATH, e.g. a
/// pyenv shim, may not).
fn python() -> &'static str {
    if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

/// A loopback port nothing listens on (yet).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl SmtpServer {
    /// Starts a server on a free port and waits until it accepts connections.
    pub async fn start() -> Self {
        Self::start_on(free_port()).await
    }

    /// Starts a server on `port` (one an app was already told about) and waits for it.
    pub async fn start_on(port: u16) -> Self {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["tmp", "new", "cur"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        let child = Command::new(python())
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m aiosmtpd starts (scripts/bootstrap installs python3-aiosmtpd)");
        let server = Self {
            port,
            dir,
            child: Some(child),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not listen on {port}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        server
    }

    /// Every message received so far, as raw text (with aiosmtpd's `X-MailFrom` and
    /// `X-RcptTo` headers in front).
    pub fn messages(&self) -> Vec<String> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.path().join("new"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        // in order of arrival: maildir names within one second do not sort by time
        files.sort_by_key(|f| (std::fs::metadata(f).unwrap().modified().unwrap(), f.clone()));
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    }

    /// Waits until `n` messages arrived and returns them.
    pub async fn wait_for(&self, n: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let got = self.messages();
            if got.len() >= n {
                return got;
            }
            assert!(
                Instant::now() < deadline,
                "{n} message(s) expected, {} arrived",
                got.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The decoded body of the `text/plain` or `text/html` part of a received message (lettre
/// sends them quoted-printable, or base64 when that is shorter), so tests read links as sent.
pub fn part(raw: &str, content_type: &str) -> String {
    let raw = raw.replace("\r\n", "\n");
    let boundary = raw
        .split("boundary=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no multipart boundary in {raw}"));
    for chunk in raw.split(&format!("--{boundary}")).skip(1) {
        let Some((headers, body)) = chunk.trim_start_matches('\n').split_once("\n\n") else {
            continue;
        };
        if !headers.contains(&format!("Content-Type: {content_type}")) {
            continue;
        }
        let body = body.trim_end_matches('\n');
        if headers.contains("Content-Transfer-Encoding: quoted-printable") {
            return decode_quoted_printable(body);
        }
        if headers.contains("Content-Transfer-Encoding: base64") {
            use base64::Engine;
            let joined: String = body.split_whitespace().collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(joined)
                .unwrap();
            return String::from_utf8(bytes).unwrap();
        }
        return body.to_owned();
    }
    panic!("no {content_type} part in {raw}")
}

fn decode_quoted_printable(body: &str) -> String {
    let joined = body.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

/// `CARDSMITH_SMTP_URL` for a server on `port`: plain SMTP, as a local relay would be.
pub fn smtp_url(port: u16) -> String {
    format!("smtp://127.0.0.1:{port}?tls=none")
}

const FROM: &str = "Cardsmith Test <noreply@cards.test>";

fn reset_mail(to: &str) -> Mail {
    Mail {
        to: to.into(),
        subject: "Reset your Cardsmith password".into(),
        text: "Hello,\n\nOpen http://127.0.0.1/reset-password?token=abc123 to choose a new password.\n".into(),
        html: "<p>Hello,</p><p><a href=\"http://127.0.0.1/reset-password?token=abc123\">Choose a new password</a></p>".into(),
    }
}

/// Queues `mail` the way a service does, in a transaction of its own.
async fn enqueue(app: &TestApp, m: Mail) {
    let mut tx = app.core.db.begin().await.unwrap();
    mail::enqueue(&mut tx, m).await.unwrap();
    tx.commit().await.unwrap();
    app.core.jobs.wake();
}

/// The newest message of the admin listing.
async fn newest(app: &TestApp) -> Value {
    let admin = app.admin().await;
    let page = admin.get_json("/api/admin/mail?limit=1").await;
    page["messages"][0].clone()
}

/// Polls the admin listing until the newest message satisfies `done`.
async fn wait_until(app: &TestApp, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let m = newest(app).await;
        if done(&m) {
            return m;
        }
        assert!(Instant::now() < deadline, "{what}: last seen {m}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn smtp_app(port: u16, extra: &[&str]) -> TestApp {
    let url = smtp_url(port);
    let mut args = vec!["--smtp-url", url.as_str(), "--mail-from", FROM];
    args.extend_from_slice(extra);
    spawn_app_with(&args).await
}

#[tokio::test]
async fn a_queued_mail_is_delivered_by_smtp_as_text_and_html_from_the_configured_sender() {
    let smtp = SmtpServer::start().await;
    let app = smtp_app(smtp.port, &[]).await;
    assert!(mail::smtp_configured(&app.core));
    enqueue(&app, reset_mail("parent@example.org")).await;

    let raw = smtp.wait_for(1).await.remove(0);
    assert!(raw.contains("X-MailFrom: noreply@cards.test"), "{raw}");
    assert!(raw.contains("X-RcptTo: parent@example.org"), "{raw}");
    assert!(
        raw.contains("From: \"Cardsmith Test\" <noreply@cards.test>\n"),
        "{raw}"
    );
    assert!(raw.contains("\nTo: parent@example.org\n"), "{raw}");
    assert!(
        raw.contains("\nSubject: Reset your Cardsmith password\n"),
        "{raw}"
    );
    assert!(raw.contains("Content-Type: multipart/alternative"), "{raw}");
    let text = part(&raw, "text/plain; charset=utf-8");
    assert_eq!(text, reset_mail("").text.trim_end());
    let html = part(&raw, "text/html; charset=utf-8");
    assert_eq!(html, reset_mail("").html);

    let m = wait_until(&app, "sent", |m| m["status"] == "sent").await;
    assert_eq!(m["attempts"], 1);
    assert!(m["sent_at"].is_string() && m["last_error"].is_null(), "{m}");
    // nothing was written to the outbox folder
    assert!(!app.core.settings.data_dir.join("outbox").exists());
}

#[tokio::test]
async fn a_mail_queued_while_the_smtp_server_is_down_is_retried_and_delivered_once_it_is_up() {
    let port = free_port();
    // the queue's pause between attempts is capped by the job lease: 2 s here
    let app = smtp_app(port, &["--job-lease-secs", "2"]).await;
    enqueue(&app, reset_mail("parent@example.org")).await;

    let m = wait_until(&app, "a failed attempt", |m| {
        m["attempts"].as_i64() >= Some(1)
    })
    .await;
    assert_eq!(m["status"], "queued", "a failed attempt loses nothing: {m}");
    assert_eq!(m["last_error"], "the mail server could not be reached");
    assert!(m["sent_at"].is_null());

    let smtp = SmtpServer::start_on(port).await;
    let raw = smtp.wait_for(1).await.remove(0);
    assert!(raw.contains("Subject: Reset your Cardsmith password"));
    let m = wait_until(&app, "sent", |m| m["status"] == "sent").await;
    assert!(m["attempts"].as_i64().unwrap() >= 2, "{m}");
    assert!(m["last_error"].is_null());
    assert_eq!(smtp.messages().len(), 1, "delivered once");
}

#[tokio::test]
async fn after_its_last_attempt_a_mail_reads_failed_and_an_admin_sends_it_again() {
    let port = free_port();
    let app = smtp_app(port, &["--job-lease-secs", "2"]).await;
    // two attempts instead of twenty, set in the queueing transaction so no worker sees more
    let mut tx = app.core.db.begin().await.unwrap();
    mail::enqueue(&mut tx, reset_mail("parent@example.org"))
        .await
        .unwrap();
    sqlx::query("UPDATE jobs SET max_attempts = 2 WHERE kind = 'mail.send'")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let m = wait_until(&app, "failed", |m| m["status"] == "failed").await;
    assert_eq!(m["attempts"], 2);
    assert_eq!(m["last_error"], "the mail server could not be reached");
    let admin = app.admin().await;
    let failed = admin.get_json("/api/admin/mail?status=failed").await;
    assert_eq!(failed["total"], 1);
    assert_eq!(failed["delivery"], "smtp");
    let id = m["id"].as_str().unwrap().to_owned();

    let smtp = SmtpServer::start_on(port).await;
    let r = admin
        .post_empty(&format!("/api/admin/mail/{id}/resend"))
        .await;
    assert_eq!(r.status(), 202);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["status"], "queued");
    assert!(body["last_error"].is_null());
    smtp.wait_for(1).await;
    let m = wait_until(&app, "sent", |m| m["status"] == "sent").await;
    assert_eq!(m["attempts"], 3);
    let actions = cardsmith_core::audit::actions_for(app.core.db.pool(), &admin_id(&app).await)
        .await
        .unwrap();
    assert!(actions.iter().any(|a| a == "mail.resent"), "{actions:?}");

    // a sent mail is not sent twice by accident
    let r = admin
        .post_empty(&format!("/api/admin/mail/{id}/resend"))
        .await;
    assert_problem(r, 409).await;
    let r = admin
        .post_empty("/api/admin/mail/01900000-0000-7000-8000-000000000000/resend")
        .await;
    assert_problem(r, 404).await;
}

async fn admin_id(app: &TestApp) -> String {
    app.admin().await.me().await.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn without_smtp_a_mail_is_written_to_the_outbox_and_listed_for_the_admin() {
    let app = spawn_app().await;
    assert!(!mail::smtp_configured(&app.core));
    enqueue(&app, reset_mail("parent@example.org")).await;
    let m = wait_until(&app, "outbox", |m| m["status"] == "outbox").await;
    let id = m["id"].as_str().unwrap();
    assert_eq!(m["recipient"], "parent@example.org");
    assert_eq!(m["subject"], "Reset your Cardsmith password");
    assert_eq!(m["attempts"], 1);

    let file = app
        .core
        .settings
        .data_dir
        .join("outbox")
        .join(format!("{id}.eml"));
    let eml = std::fs::read_to_string(&file).expect("the .eml file in DATA_DIR/outbox");
    assert!(eml.contains("\r\nTo: parent@example.org\r\n"), "{eml}");
    assert!(part(&eml, "text/plain; charset=utf-8").contains("/reset-password?token=abc123"));
    assert_eq!(part(&eml, "text/html; charset=utf-8"), reset_mail("").html);

    let admin = app.admin().await;
    let page = admin.get_json("/api/admin/mail").await;
    assert_eq!(page["delivery"], "outbox");
    assert_eq!(page["total"], 1);
    let detail = admin.get_json(&format!("/api/admin/mail/{id}")).await;
    assert_eq!(detail["id"], id);
    assert!(detail["text"]
        .as_str()
        .unwrap()
        .contains("/reset-password?token=abc123"));
    assert!(detail["html"].as_str().unwrap().contains("<a href="));
    // filters and paging
    let none = admin.get_json("/api/admin/mail?status=sent").await;
    assert_eq!(
        (
            none["total"].as_i64(),
            none["messages"].as_array().map(Vec::len)
        ),
        (Some(0), Some(0))
    );
    let outbox = admin
        .get_json("/api/admin/mail?status=outbox&limit=5&offset=0")
        .await;
    assert_eq!(outbox["total"], 1);
    let past = admin.get_json("/api/admin/mail?offset=1").await;
    assert_eq!(past["messages"].as_array().unwrap().len(), 0);
    // an outbox message can be queued again (to send it once SMTP is configured)
    let r = admin
        .post_empty(&format!("/api/admin/mail/{id}/resend"))
        .await;
    assert_eq!(r.status(), 202);
}

#[tokio::test]
async fn newest_mail_comes_first() {
    let app = spawn_app().await;
    for n in 1..=3 {
        let mut m = reset_mail(&format!("p{n}@example.org"));
        m.subject = format!("Message {n}");
        enqueue(&app, m).await;
    }
    let admin = app.admin().await;
    let page = admin.get_json("/api/admin/mail?limit=2").await;
    assert_eq!(page["total"], 3);
    let subjects: Vec<&str> = page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["subject"].as_str().unwrap())
        .collect();
    assert_eq!(subjects, ["Message 3", "Message 2"]);
    let rest = admin.get_json("/api/admin/mail?limit=2&offset=2").await;
    assert_eq!(rest["messages"][0]["subject"], "Message 1");
}

#[tokio::test]
async fn bad_filters_are_problems_naming_the_parameter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (query, status, field) in [
        ("status=lost", 400, "status"),
        ("limit=ten", 400, "limit"),
        ("limit=0", 422, "limit"),
        ("limit=201", 422, "limit"),
        ("offset=-1", 422, "offset"),
    ] {
        let r = admin.get(&format!("/api/admin/mail?{query}")).await;
        let problem = assert_problem(r, status).await;
        assert!(problem.to_string().contains(field), "{query}: {problem}");
    }
    let r = admin.get("/api/admin/mail/no-such-mail").await;
    assert_problem(r, 404).await;
}

#[tokio::test]
async fn the_outbox_is_for_admins_only() {
    let app = spawn_app().await;
    enqueue(&app, reset_mail("parent@example.org")).await;
    let id = newest(&app).await["id"].as_str().unwrap().to_owned();
    let (member, _) = app.new_user("member@example.com", "user").await;
    let anonymous = app.anonymous();
    let paths = [
        ("GET", "/api/admin/mail".to_owned()),
        ("GET", format!("/api/admin/mail/{id}")),
        ("POST", format!("/api/admin/mail/{id}/resend")),
    ];
    for (method, path) in &paths {
        let send = |u: &crate::support::helpers::User| {
            let request = if *method == "GET" {
                u.client.get(u.url(path))
            } else {
                u.client.post(u.url(path))
            };
            request.send()
        };
        assert_problem(send(&anonymous).await.unwrap(), 401).await;
        assert_problem(send(&member).await.unwrap(), 403).await;
    }
    // the member's tries changed nothing
    let m = newest(&app).await;
    assert_ne!(m["status"], "failed");
}

#[tokio::test]
async fn hostile_values_are_escaped_in_html_and_cannot_add_headers_or_recipients() {
    let smtp = SmtpServer::start().await;
    let app = smtp_app(smtp.port, &[]).await;
    let hostile = "<script>alert('x')</script> & \"Mallory\"";
    enqueue(
        &app,
        Mail {
            to: "parent@example.org".into(),
            subject: "Hi\r\nBcc: victim@example.org".into(),
            text: format!("Invited by {hostile}"),
            html: format!("<p>Invited by {}</p>", mail::escape_html(hostile)),
        },
    )
    .await;
    let raw = smtp.wait_for(1).await.remove(0);
    // the line break is folded into the subject: no Bcc header, no second recipient
    assert!(raw.contains("\nX-RcptTo: parent@example.org\n"), "{raw}");
    assert!(
        raw.contains("\nSubject: Hi  Bcc: victim@example.org\n"),
        "{raw}"
    );
    assert!(!raw.contains("\nBcc:"), "{raw}");
    assert_eq!(
        part(&raw, "text/html; charset=utf-8"),
        "<p>Invited by &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Mallory&quot;</p>"
    );
    assert_eq!(
        part(&raw, "text/plain; charset=utf-8"),
        format!("Invited by {hostile}")
    );

    // a recipient that is not one address is refused before anything is queued
    let mut tx = app.core.db.begin().await.unwrap();
    let e = mail::enqueue(&mut tx, reset_mail("a@example.org, b@example.org"))
        .await
        .unwrap_err();
    assert_eq!(e.status(), 422);
}

#[tokio::test]
async fn links_in_mail_are_absolute_under_the_base_url() {
    let app = spawn_app_with(&["--base-url", "https://cards.example.org/"]).await;
    assert_eq!(
        mail::link(&app.core, "/reset-password?token=t"),
        "https://cards.example.org/reset-password?token=t"
    );
}

#[tokio::test]
async fn a_bad_smtp_url_or_sender_stops_the_start_with_a_reason() {
    use cardsmith::{Application, Cli};
    use clap::Parser;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (flag, value, says) in [
        (
            "--smtp-url",
            "http://mail.example.org",
            "CARDSMITH_SMTP_URL",
        ),
        ("--smtp-url", "smtp://h?tls=sometimes", "CARDSMITH_SMTP_URL"),
        ("--mail-from", "not an address", "CARDSMITH_MAIL_FROM"),
    ] {
        let config =
            Cli::parse_from(["cardsmith", "serve", "--data-dir", d, flag, value]).into_config();
        let e = Application::build(&config).await.err().expect("refused");
        assert!(e.to_string().contains(says), "{e}");
    }
}

#[tokio::test]
async fn the_openapi_document_lists_the_outbox_operations_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let list = path_block(&yaml, "/admin/mail");
    assert!(list.contains("operationId: admin-list-mail"));
    for status in ["'200'", "'401'", "'403'", "'422'"] {
        assert!(list.contains(status), "{status} in {list}");
    }
    let get = path_block(&yaml, "/admin/mail/{id}");
    for status in ["'200'", "'401'", "'403'", "'404'"] {
        assert!(get.contains(status), "{status} in {get}");
    }
    let resend = path_block(&yaml, "/admin/mail/{id}/resend");
    for status in ["'202'", "'401'", "'403'", "'404'", "'409'"] {
        assert!(resend.contains(status), "{status} in {resend}");
    }
    for status in ["queued", "sent", "outbox", "failed"] {
        assert!(
            yaml.contains(&format!("- {status}")),
            "MailStatus lists {status}"
        );
    }
}
