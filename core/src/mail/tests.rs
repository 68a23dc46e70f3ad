//! Queueing and the outbox, through the real worker (SMTP delivery is tested over a real
//! server in `server/tests/api/mail.rs`).

use std::time::Duration as StdDuration;

use chrono::Duration;

use super::*;
use crate::crypto::EncryptionKey;
use crate::jobs::kind;
use crate::jobs::worker::{self, Pool, WorkerSettings};
use crate::{CoreSettings, Db};

async fn core_in(dir: &std::path::Path) -> Core {
    let db = Db::connect(&format!("sqlite://{}", dir.join("mail.db").display()))
        .await
        .unwrap();
    let settings = CoreSettings {
        data_dir: dir.to_path_buf(),
        public_origin: "https://cards.example.org".into(),
        ..CoreSettings::default()
    };
    Core::new(
        db,
        settings,
        EncryptionKey::parse(&"ab".repeat(32)).unwrap(),
    )
}

fn mail(to: &str) -> Mail {
    Mail {
        to: to.into(),
        subject: "Reset\r\nBcc: everyone@example.org".into(),
        text: "Open https://cards.example.org/reset-password?token=abc".into(),
        html: format!("<p>{}</p>", escape_html("<script>x</script> & \"q\"")),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_a_queued_mail_is_written_to_the_outbox() {
    let dir = tempfile::tempdir().unwrap();
    let core = core_in(dir.path()).await;
    let mut tx = core.db.begin().await.unwrap();
    enqueue(&mut tx, mail("kid.parent@example.org"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (id, status, max_attempts): (String, String, i64) = sqlx::query_as(
        "SELECT m.id, m.status, j.max_attempts FROM mail_messages m JOIN jobs j ON j.id = m.job_id",
    )
    .fetch_one(core.db.pool())
    .await
    .unwrap();
    assert_eq!((status.as_str(), max_attempts), ("queued", MAX_ATTEMPTS));

    let settings = WorkerSettings {
        pools: vec![Pool {
            kinds: vec![kind::MAIL_SEND],
            concurrency: 1,
            order: crate::jobs::queue::Order::Oldest,
        }],
        poll: StdDuration::from_millis(20),
        ..WorkerSettings::with_lease(Duration::seconds(30))
    };
    let workers = worker::start(&core, &settings);
    let mut status = String::new();
    for _ in 0..200 {
        status = sqlx::query_scalar("SELECT status FROM mail_messages WHERE id = $1")
            .bind(&id)
            .fetch_one(core.db.pool())
            .await
            .unwrap();
        if status != "queued" {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(25)).await;
    }
    for w in workers {
        w.abort();
    }
    assert_eq!(status, "outbox");
    let eml = std::fs::read_to_string(dir.path().join("outbox").join(format!("{id}.eml"))).unwrap();
    assert!(eml.contains("To: kid.parent@example.org"), "{eml}");
    assert!(eml.contains("From: Cardsmith <cardsmith@localhost.localdomain>"));
    // the line break in the subject cannot add a header
    assert!(!eml.contains("\r\nBcc:"), "{eml}");
    assert!(eml.contains("multipart/alternative"));
    assert!(eml.contains("text/plain") && eml.contains("text/html"));
    assert!(eml.contains(&format!("Message-ID: <{id}@localhost.localdomain>")));
}

#[tokio::test]
async fn a_recipient_that_is_not_an_address_is_refused_naming_to() {
    let dir = tempfile::tempdir().unwrap();
    let core = core_in(dir.path()).await;
    let mut tx = core.db.begin().await.unwrap();
    let e = enqueue(&mut tx, mail("not an address")).await.unwrap_err();
    assert_eq!(e.status(), 422);
    assert!(e.user_message().starts_with("to:"), "{}", e.user_message());
}

#[tokio::test]
async fn links_are_absolute_under_the_public_origin() {
    let dir = tempfile::tempdir().unwrap();
    let core = core_in(dir.path()).await;
    assert_eq!(
        link(&core, "/reset-password?token=a"),
        "https://cards.example.org/reset-password?token=a"
    );
    assert_eq!(link(&core, "x"), "https://cards.example.org/x");
    assert!(!smtp_configured(&core));
}

#[test]
fn html_escaping_covers_markup_and_attribute_quotes() {
    assert_eq!(
        escape_html(r#"<a href="x" onclick='y'>&</a>"#),
        "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;"
    );
}
