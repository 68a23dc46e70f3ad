//! Linking accounts of the player platform against the in-process simulator (`--demo-upstream`):
//! linking again revives a refused account without a restart, and the OAuth callback's code
//! and state stay out of the logs.

use std::time::Duration;

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD,
};

/// Starts linking as `user` and returns the authorization URL from `Location`.
async fn start(user: &User) -> url::Url {
    let r = user.get("/api/player-accounts/link").await;
    assert_eq!(r.status(), 204);
    url::Url::parse(r.headers()["location"].to_str().unwrap()).unwrap()
}

/// The simulated user approves; returns our callback's path and query.
fn approve(app: &TestApp, authorize: &url::Url) -> String {
    let back = app
        .sim
        .as_ref()
        .unwrap()
        .authorize(authorize)
        .expect("authorize succeeds");
    format!("{}?{}", back.path(), back.query().unwrap())
}

/// Links the simulator's signed-in user to `user` and returns the account id.
pub async fn link_account(app: &TestApp, user: &User) -> String {
    let callback = approve(app, &start(user).await);
    assert_eq!(user.get(&callback).await.status(), 204);
    let list: Value = user.get_json("/api/player-accounts").await;
    list["accounts"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn without_a_client_id_linking_explains_what_to_do() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let problem = assert_problem(admin.get("/api/player-accounts/link").await, 409).await;
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("CARDSMITH_UPSTREAM_CLIENT_ID"));
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"], serde_json::json!([]));
}

#[tokio::test]
async fn an_account_is_linked_with_pkce_and_its_tokens_stay_sealed() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let url = start(&admin).await;
    let query: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert_eq!(query["code_challenge_method"], "S256");
    assert_eq!(query["response_type"], "code");
    assert!(
        query.contains_key("code_challenge")
            && query.contains_key("state")
            && query.contains_key("audience")
    );
    let scopes: Vec<&str> = query["scope"].split(' ').collect();
    assert!(scopes.contains(&"offline_access") && scopes.contains(&"user:content:manage"));
    assert!(!scopes.contains(&"openid"));
    assert!(!scopes.iter().any(|s| s.starts_with("family:library")));

    let callback = approve(&app, &url);
    // another user, or nobody, cannot complete this session's flow
    let (other, _) = app.new_user("other@example.com", "user").await;
    let stolen = assert_problem(other.get(&callback).await, 403).await;
    assert!(stolen["detail"]
        .as_str()
        .unwrap()
        .contains("another session"));
    // the state is single use: the failed attempt above spent it
    assert_problem(admin.get(&callback).await, 422).await;

    let callback = approve(&app, &start(&admin).await);
    assert_problem(app.anonymous().get(&callback).await, 403).await;
    let callback = approve(&app, &start(&admin).await);
    assert_eq!(admin.get(&callback).await.status(), 204);
    assert_problem(admin.get(&callback).await, 422).await;
    let list: Value = admin.get_json("/api/player-accounts").await;
    let accounts = list["accounts"].as_array().unwrap();
    assert_eq!(accounts.len(), 1);
    let account = &accounts[0];
    assert_eq!(account["status"], "linked");
    assert!(
        account["label"].as_str().unwrap().contains('@'),
        "labelled with the family email: {account}"
    );
    let text = list.to_string();
    assert!(!text.contains("token"), "no token reaches a client: {text}");
    let sealed: String = sqlx::query_scalar("SELECT tokens FROM player_accounts")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    // the access token is a JWT, whose header would show in plain text; "eyJ" alone turns up
    // in random base64 now and then by chance (it failed a test run)
    assert!(
        !sealed.contains("eyJhbGciOiJSUzI1NiIs"),
        "tokens are encrypted at rest"
    );

    // linking the same platform account again refreshes it instead of adding one
    let callback = approve(&app, &start(&admin).await);
    assert_eq!(admin.get(&callback).await.status(), 204);
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"].as_array().unwrap().len(), 1);

    // other people neither see nor unlink it
    let id = account["id"].as_str().unwrap();
    let theirs: Value = other.get_json("/api/player-accounts").await;
    assert_eq!(theirs["accounts"], serde_json::json!([]));
    assert_problem(
        other.delete(&format!("/api/player-accounts/{id}")).await,
        404,
    )
    .await;
    assert_eq!(
        admin
            .delete(&format!("/api/player-accounts/{id}"))
            .await
            .status(),
        204
    );
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"], serde_json::json!([]));
}

#[tokio::test]
async fn browsers_are_redirected_and_refusals_are_reported() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let r = admin
        .client
        .get(admin.url("/api/player-accounts/link"))
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let authorize = url::Url::parse(r.headers()["location"].to_str().unwrap()).unwrap();
    let callback = approve(&app, &authorize);
    let r = admin
        .client
        .get(admin.url(&callback))
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    assert_eq!(r.headers()["location"], "/accounts?linked=1");

    app.sim.as_ref().unwrap().set_consent(false);
    let callback = approve(&app, &start(&admin).await);
    assert!(callback.contains("error=access_denied"));
    let refused = assert_problem(admin.get(&callback).await, 409).await;
    assert!(refused["detail"]
        .as_str()
        .unwrap()
        .contains("access_denied"));
    assert_problem(admin.get("/api/player-accounts/callback").await, 422).await;
    assert_problem(app.anonymous().get("/api/player-accounts/link").await, 401).await;
}

#[tokio::test]
async fn rotating_the_key_reseals_tokens_and_a_wrong_key_changes_nothing() {
    use base64::Engine as _;
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    link_account(&app, &admin).await;
    let pool = app.core.db.pool();
    let sealed = || async {
        sqlx::query_scalar::<_, String>("SELECT tokens FROM player_accounts")
            .fetch_one(pool)
            .await
            .unwrap()
    };
    // as if the server had been started with a new key: the stored tokens are under the old one
    let old_bytes = [42u8; 32];
    let old_text = base64::engine::general_purpose::STANDARD.encode(old_bytes);
    let old = cardsmith_core::crypto::EncryptionKey::parse(&old_text).unwrap();
    let id: String = sqlx::query_scalar("SELECT id FROM player_accounts")
        .fetch_one(pool)
        .await
        .unwrap();
    let plain = app.core.key.open(&sealed().await, id.as_bytes()).unwrap();
    sqlx::query("UPDATE player_accounts SET tokens = $1")
        .bind(old.seal(&plain, id.as_bytes()))
        .execute(pool)
        .await
        .unwrap();
    let under_old = sealed().await;

    let wrong = base64::engine::general_purpose::STANDARD.encode([7u8; 32]);
    let problem = assert_problem(
        admin
            .post_json(
                "/api/admin/rotate-key",
                &serde_json::json!({"old_key": wrong}),
            )
            .await,
        422,
    )
    .await;
    assert!(
        problem.to_string().contains("nothing was changed"),
        "{problem}"
    );
    assert_eq!(sealed().await, under_old, "a wrong key changes nothing");
    assert_problem(
        admin
            .post_json(
                "/api/admin/rotate-key",
                &serde_json::json!({"old_key": "short"}),
            )
            .await,
        422,
    )
    .await;
    let (user, _) = app.new_user("user@example.com", "user").await;
    assert_problem(
        user.post_json(
            "/api/admin/rotate-key",
            &serde_json::json!({"old_key": old_text}),
        )
        .await,
        403,
    )
    .await;

    let r = admin
        .post_json(
            "/api/admin/rotate-key",
            &serde_json::json!({"old_key": old_text}),
        )
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        app.core.key.open(&sealed().await, id.as_bytes()).unwrap(),
        plain,
        "now sealed with the configured key"
    );
    // the account keeps working with the re-sealed tokens
    let devices = admin.get("/api/devices").await;
    assert_eq!(devices.status(), 200);
    let again = admin
        .post_json(
            "/api/admin/rotate-key",
            &serde_json::json!({"old_key": old_text}),
        )
        .await;
    assert_eq!(again.status(), 200, "running it twice is harmless");
}

/// A client with no browser session here (a native app, a command line) links through a
/// handoff: it shows a code, the platform's sign-in happens in another browser, and the link
/// completes only when that browser types the code; the client polls until it is linked.
/// A callback without the code links nothing, five wrong codes end the link, and nobody
/// else sees the link.
#[tokio::test]
async fn a_link_finished_in_another_browser_needs_the_code_the_client_shows() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let (app_client, _) = app.new_user("native@example.com", "user").await;
    let (other, _) = app.new_user("other-linker@example.com", "user").await;
    let r = app_client
        .get("/api/player-accounts/link?handoff=code")
        .await;
    assert_eq!(r.status(), 200);
    let handoff: Value = r.json().await.unwrap();
    let code = handoff["user_code"].as_str().unwrap().to_owned();
    assert_eq!(code.len(), 9, "{code}");
    let link = handoff["link_id"].as_str().unwrap().to_owned();
    let status = format!("/api/player-accounts/link/{link}");
    assert_eq!(app_client.get_json(&status).await["status"], "waiting");
    assert_problem(other.get(&status).await, 404).await;

    // the system browser: signed in to the platform, not to Cardsmith
    let browser = app.anonymous();
    let authorize = url::Url::parse(handoff["authorize_url"].as_str().unwrap()).unwrap();
    let callback = approve(&app, &authorize);
    let r = browser
        .client
        .get(browser.url(&callback))
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    assert_eq!(
        r.headers()["location"],
        format!("/link-player?link={link}").as_str()
    );
    assert_eq!(app_client.get_json(&status).await["status"], "authorized");
    assert!(
        app_client.get_json("/api/player-accounts").await["accounts"]
            .as_array()
            .is_none_or(|a| a.is_empty())
    );

    let confirm = format!("/api/player-accounts/link/{link}/confirm");
    let wrong = browser
        .post_json(&confirm, &json!({"user_code": "BBBB-BBBB"}))
        .await;
    let problem = assert_problem(wrong, 422).await;
    assert!(problem.to_string().contains("4 tries left"), "{problem}");
    let r = browser
        .post_json(&confirm, &json!({"user_code": code.to_lowercase()}))
        .await;
    assert_eq!(r.status(), 204);
    let linked = app_client.get_json(&status).await;
    assert_eq!(linked["status"], "linked", "{linked}");
    let accounts = app_client.get_json("/api/player-accounts").await;
    assert_eq!(accounts["accounts"][0]["id"], linked["account"]["id"]);
    assert!(other.get_json("/api/player-accounts").await["accounts"]
        .as_array()
        .is_none_or(|a| a.is_empty()));
    // done: the code does not work twice
    assert_problem(
        browser
            .post_json(&confirm, &json!({"user_code": code}))
            .await,
        404,
    )
    .await;

    // five wrong codes end a link
    let handoff: Value = app_client
        .get_json("/api/player-accounts/link?handoff=code")
        .await;
    let link = handoff["link_id"].as_str().unwrap().to_owned();
    let authorize = url::Url::parse(handoff["authorize_url"].as_str().unwrap()).unwrap();
    assert_eq!(browser.get(&approve(&app, &authorize)).await.status(), 202);
    let confirm = format!("/api/player-accounts/link/{link}/confirm");
    for _ in 0..5 {
        let r = browser
            .post_json(&confirm, &json!({"user_code": "CCCC-CCCC"}))
            .await;
        assert_problem(r, 422).await;
    }
    let right = json!({"user_code": handoff["user_code"]});
    assert_problem(browser.post_json(&confirm, &right).await, 404).await;
    let ended = app_client
        .get_json(&format!("/api/player-accounts/link/{link}"))
        .await;
    assert_eq!(ended["status"], "failed");
    assert_problem(
        browser
            .post_json(&confirm, &json!({"user_code": "x"}))
            .await,
        422,
    )
    .await;
}

/// Linking again after the platform refused the saved sign-in works at once: the cached,
/// dead session is replaced, no restart needed, and the account stays linked.
#[tokio::test]
async fn linking_again_revives_the_account_without_a_restart() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Kitchen"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    // (no snapshot of the player yet, so its info cannot fall back to one)
    let info = format!("/api/devices/{account}/{device}/info");

    sim.revoke_refresh_tokens();
    sim.expire_access_tokens();
    assert_problem(admin.get(&info).await, 409).await;
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"][0]["status"], "needs_relink");

    assert_eq!(
        link_account(&app, &admin).await,
        account,
        "the same account"
    );
    let live: Value = admin.get_json(&info).await;
    assert_eq!(live["name"], "Kitchen");
    assert_eq!(live["cached"], false);
    for _ in 0..2 {
        let devices: Value = admin.get_json("/api/devices").await;
        assert_eq!(devices["unreachable_accounts"], json!([]), "{devices}");
        let list: Value = admin.get_json("/api/player-accounts").await;
        assert_eq!(list["accounts"][0]["status"], "linked", "{list}");
        assert!(list["accounts"][0]["status_detail"].is_null());
    }
}

/// The request log of the real binary (every level on) names the path of the OAuth
/// callback, never its code and state.
#[tokio::test]
async fn the_oauth_callback_query_stays_out_of_the_logs() {
    let data = tempfile::tempdir().unwrap();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut server = tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(data.path())
        .args([
            "--admin-email",
            ADMIN_EMAIL,
            "--admin-password",
            ADMIN_PASSWORD,
            "--leptos-toml",
            "../Leptos.toml",
            "--demo-upstream",
            "--demo-bare",
        ])
        .env("RUST_LOG", "trace")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    // drain both pipes while the server runs: trace logging fills a pipe's buffer long before
    // the server exits, and a server blocked on writing its log never answers
    let drain = |pipe: Option<Box<dyn tokio::io::AsyncRead + Unpin + Send>>| {
        tokio::spawn(async move {
            let mut text = Vec::new();
            if let Some(mut pipe) = pipe {
                tokio::io::AsyncReadExt::read_to_end(&mut pipe, &mut text)
                    .await
                    .unwrap();
            }
            text
        })
    };
    let stdout = drain(server.stdout.take().map(|p| Box::new(p) as _));
    let stderr = drain(server.stderr.take().map(|p| Box::new(p) as _));
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..600 {
        if client
            .get(format!("{base}/health"))
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "the server did not start");
    let r = client
        .get(format!(
            "{base}/api/player-accounts/callback?code=SECRET-CODE-4711&state=SECRET-STATE-0815"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422, "an unknown state");
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&stdout.await.unwrap()),
        String::from_utf8_lossy(&stderr.await.unwrap())
    );
    assert!(
        text.contains("/api/player-accounts/callback"),
        "the request was logged"
    );
    assert!(
        !text.contains("SECRET-CODE") && !text.contains("SECRET-STATE"),
        "the code or state was logged"
    );
}
