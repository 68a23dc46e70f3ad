//! HTTP-surface hardening, over real HTTP: security headers, session lifetime and cookie
//! name, hashed share tokens, client addresses in the audit log, and the private first-admin
//! password file.

use reqwest::{Client, Response};
use serde_json::{json, Value};

use crate::hardening_auth::from_address;
use crate::support::helpers::{
    assert_problem, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD,
};

fn assert_page_headers(r: &Response, what: &str) {
    let h = r.headers();
    let csp = h
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"))
        .to_str()
        .unwrap();
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{what}: {csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    let scripts = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(
        !scripts.contains(" 'unsafe-eval'") && !scripts.contains("'unsafe-inline'"),
        "{what}: {csp}"
    );
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(h["referrer-policy"], "same-origin", "{what}");
    assert_eq!(h["x-frame-options"], "DENY", "{what}");
}

/// Every inline script of the page carries the nonce its policy names.
async fn assert_scripts_carry_the_nonce(r: Response) {
    let csp = r.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let nonce = csp
        .split("'nonce-")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap_or_else(|| panic!("the page policy names a nonce: {csp}"))
        .to_owned();
    let html = r.text().await.unwrap();
    let scripts: Vec<&str> = html.split("<script").skip(1).collect();
    assert!(!scripts.is_empty(), "the page hydrates with scripts");
    for script in scripts {
        let tag = script.split('>').next().unwrap();
        assert!(
            tag.contains(&format!("nonce=\"{nonce}\"")),
            "inline script without the nonce: <script{tag}>"
        );
    }
}

#[tokio::test]
async fn pages_and_label_files_carry_security_headers() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let root = admin.get("/").await;
    assert_page_headers(&root, "/");
    let login = app.anonymous().get("/login").await;
    assert_eq!(login.status(), 200);
    assert_page_headers(&login, "/login");
    assert_scripts_carry_the_nonce(login).await;
    let cards = admin.get("/cards").await;
    assert_eq!(cards.status(), 200);
    assert_page_headers(&cards, "/cards");
    assert_scripts_carry_the_nonce(cards).await;
    let missing = admin.get("/no-such-page").await;
    assert_page_headers(&missing, "404 page");
    assert_scripts_carry_the_nonce(missing).await;
    let api = admin.get("/api/auth/me").await;
    assert_eq!(api.headers()["x-content-type-options"], "nosniff");

    let c = admin.create_collection("Labels").await;
    admin.create_card(c["id"].as_str().unwrap(), "Plain").await;
    let svg: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": ["plain"], "format": "svg", "page_size": "a4"}),
        )
        .await;
    let file = admin.get(svg["url"].as_str().unwrap()).await;
    assert_eq!(file.headers()["content-type"], "image/svg+xml");
    assert_eq!(file.headers()["content-security-policy"], "sandbox");
    assert_eq!(file.headers()["x-content-type-options"], "nosniff");
    let label_id = svg["filename"].as_str().unwrap().trim_end_matches(".svg");
    let share: Value = admin
        .post_for_json(&format!("/api/labels/{label_id}/share"), &json!({}))
        .await;
    let shared = app.anonymous().get(share["url"].as_str().unwrap()).await;
    assert_eq!(shared.status(), 200);
    assert_eq!(shared.headers()["content-security-policy"], "sandbox");
    assert_eq!(shared.headers()["x-content-type-options"], "nosniff");
}

fn session_token(r: &Response) -> (String, String) {
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    let (name, rest) = cookie.split_once('=').unwrap();
    (name.to_owned(), rest.split(';').next().unwrap().to_owned())
}

#[tokio::test]
async fn behind_https_the_cookie_is_host_prefixed_and_only_that_name_counts() {
    let app = spawn_app_with(&["--base-url", "https://cards.example.org"]).await;
    let anon = app.anonymous();
    let r = anon.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(r.status(), 200);
    let set_cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        set_cookie.starts_with("__Host-cardsmith_session="),
        "{set_cookie}"
    );
    assert!(set_cookie.contains("; Path=/;") && set_cookie.ends_with("; Secure"));
    assert!(!set_cookie.contains("Domain"));
    let (_, token) = session_token(&r);
    let me_with = |cookie: String| {
        anon.client
            .get(anon.url("/api/auth/me"))
            .header("cookie", cookie)
            .send()
    };
    let me = me_with(format!("__Host-cardsmith_session={token}"))
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    let plain = me_with(format!("cardsmith_session={token}")).await.unwrap();
    assert_problem(plain, 401).await;
    // the UI's server functions read the same cookie
    let rpc = anon
        .client
        .post(anon.url("/rpc/current_user"))
        .header("cookie", format!("__Host-cardsmith_session={token}"))
        .send()
        .await
        .unwrap();
    let who: Value = rpc.json().await.unwrap();
    assert_eq!(who["email"], ADMIN_EMAIL);
    let logout = anon
        .client
        .post(anon.url("/api/auth/logout"))
        .header("cookie", format!("__Host-cardsmith_session={token}"))
        .send()
        .await
        .unwrap();
    assert!(logout.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .starts_with("__Host-cardsmith_session=;"));
    let gone = me_with(format!("__Host-cardsmith_session={token}"))
        .await
        .unwrap();
    assert_problem(gone, 401).await;
}

#[tokio::test]
async fn sessions_end_after_their_lifetime_however_active() {
    let app = spawn_app_with(&["--session-lifetime-days", "2"]).await;
    let admin = app.admin().await;
    let r = app.anonymous().login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        cookie.contains("Max-Age=172800"),
        "the cookie lasts the lifetime: {cookie}"
    );
    let backdate = |days: i64| {
        let born = chrono::Utc::now() - chrono::Duration::days(days);
        sqlx::query("UPDATE sessions SET created_at = $1, last_seen_at = $2")
            .bind(born.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .bind(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .execute(app.core.db.pool())
    };
    backdate(1).await.unwrap();
    let me = admin.me().await;
    assert_eq!(me.status(), 200, "one day old: still fine");
    let admin_id = me.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    backdate(3).await.unwrap();
    // Backdating jumps two days at once; in real time the session memory (at most 15 s,
    // never past the session's expiry) would have lapsed long before.
    cardsmith_core::auth::session_cache::forget_user(&admin_id);
    assert_problem(admin.me().await, 401).await;
    assert_eq!(admin.get("/api/collections").await.status(), 401);
}

#[tokio::test]
async fn share_tokens_are_stored_hashed_and_links_still_work() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Share").await;
    admin.create_card(c["id"].as_str().unwrap(), "Shared").await;
    let out: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": ["shared"], "format": "pdf", "page_size": "a4"}),
        )
        .await;
    let label_id = out["filename"].as_str().unwrap().trim_end_matches(".pdf");
    let share: Value = admin
        .post_for_json(&format!("/api/labels/{label_id}/share"), &json!({}))
        .await;
    let url = share["url"].as_str().unwrap().to_owned();
    let token = url.trim_start_matches("/shared/labels/").to_owned();
    let pool = app.core.db.pool();
    let dump: Vec<(String, String, String, String, Option<String>)> =
        sqlx::query_as("SELECT id, label_id, owner_id, token_hash, token_sealed FROM label_shares")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(dump.len(), 1);
    assert!(
        !format!("{dump:?}").contains(&token),
        "no plaintext token in the database"
    );
    assert_eq!(
        dump[0].3,
        cardsmith_core::media::store::sha256_hex(token.as_bytes())
    );
    let pdf = app.anonymous().get(&url).await;
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let listed: Vec<Value> = admin.get_list("/api/shares").await;
    assert_eq!(
        listed[0]["url"],
        url.as_str(),
        "the owner still sees the link"
    );

    // a link stored before tokens were hashed is hashed at start and keeps working
    sqlx::query(
        "INSERT INTO label_shares (id, label_id, owner_id, token_hash, token_sealed, created_at)
         SELECT 'legacy-share', label_id, owner_id, 'legacy-plain-token', NULL, created_at
         FROM label_shares",
    )
    .execute(pool)
    .await
    .unwrap();
    let converted = cardsmith_core::labels::hash_legacy_share_tokens(&app.core)
        .await
        .unwrap();
    assert_eq!(converted, 1);
    let stored: String =
        sqlx::query_scalar("SELECT token_hash FROM label_shares WHERE id = 'legacy-share'")
            .fetch_one(pool)
            .await
            .unwrap();
    assert_ne!(stored, "legacy-plain-token");
    let legacy = app
        .anonymous()
        .get("/shared/labels/legacy-plain-token")
        .await;
    assert_eq!(legacy.status(), 200);
}

async fn audit_ips(app: &TestApp, action: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT ip FROM audit_log WHERE action = $1 ORDER BY created_at, id")
        .bind(action)
        .fetch_all(app.core.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn the_audit_log_records_the_client_address_of_sign_ins() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_eq!(audit_ips(&app, "auth.login").await, ["127.0.0.1"]);
    assert_eq!(admin.logout().await.status(), 204);
    assert_eq!(audit_ips(&app, "auth.logout").await, ["127.0.0.1"]);
    let stranger = from_address(&app, 7);
    for _ in 0..5 {
        stranger.login(ADMIN_EMAIL, "wrong-password").await;
    }
    assert_eq!(audit_ips(&app, "auth.login_failed").await, ["127.0.0.7"; 4]);
    assert_eq!(audit_ips(&app, "auth.locked").await, ["127.0.0.7"]);
    let laptop = from_address(&app, 8);
    assert_eq!(
        laptop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(),
        200
    );
    assert_eq!(
        audit_ips(&app, "auth.login").await,
        ["127.0.0.1", "127.0.0.8"]
    );
}

#[tokio::test]
async fn x_forwarded_for_counts_only_when_the_operator_says_a_proxy_sets_it() {
    let claim = |user: &User| {
        user.client
            .post(user.url("/api/auth/login"))
            .header("x-forwarded-for", "198.51.100.1, 203.0.113.9")
            .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
            .send()
    };
    let direct = spawn_app().await;
    assert_eq!(claim(&direct.anonymous()).await.unwrap().status(), 200);
    assert_eq!(audit_ips(&direct, "auth.login").await, ["127.0.0.1"]);

    let proxied = spawn_app_with(&["--trust-forwarded-for"]).await;
    assert_eq!(claim(&proxied.anonymous()).await.unwrap().status(), 200);
    assert_eq!(
        audit_ips(&proxied, "auth.login").await,
        ["203.0.113.9"],
        "the entry the proxy appended, not what the client claimed before it"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn a_generated_first_admin_password_goes_to_a_private_file() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let data_dir = root.path().join("fresh").join("data");
    let dir = data_dir.to_str().unwrap().to_owned();
    // Only REST calls follow (no page renders), so this server may run on the test's runtime.
    let config = <cardsmith::Cli as clap::Parser>::parse_from([
        "cardsmith",
        "serve",
        "--data-dir",
        &dir,
        "--admin-email",
        "first@example.com",
        "--leptos-toml",
        "../Leptos.toml",
    ])
    .into_config();
    let app = cardsmith::Application::build(&config)
        .await
        .expect("app builds");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (_shutdown, stop) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.serve(listener, async {
        let _ = stop.await;
    }));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data_dir), 0o700, "the data directory is private");
    let file = data_dir.join("initial-admin-password");
    assert_eq!(mode(&file), 0o600, "the password file is private");
    let password = std::fs::read_to_string(&file).unwrap();
    let user = User {
        client: Client::builder().cookie_store(true).build().unwrap(),
        base,
    };
    let r = user.login("first@example.com", password.trim()).await;
    assert_eq!(r.status(), 200, "the written password signs in");
}

/// The binary keeps everything it writes private, whoever made the data directory: the
/// database, the key and stored media are readable by its own user only (what the README
/// promises), even in a directory an operator created 0755.
#[cfg(unix)]
#[tokio::test]
async fn the_server_writes_its_data_privately() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let fresh = root.path().join("fresh");
    let opened = root.path().join("opened");
    std::fs::create_dir(&opened).unwrap();
    std::fs::set_permissions(&opened, std::fs::Permissions::from_mode(0o755)).unwrap();
    for data in [&fresh, &opened] {
        let server = crate::support::process::ServerProcess::start(data, &[]).await;
        let admin = server.client();
        assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
        let c = admin.create_collection("Private").await;
        admin.create_card(c["id"].as_str().unwrap(), "Hidden").await;
        let cover = crate::support::helpers::jpeg_bytes(16, 16);
        let r = admin
            .upload("/api/cards/hidden/cover", cover, "c.jpg")
            .await;
        assert_eq!(r.status(), 204);
        drop(server);
        let mut open = Vec::new();
        let mut stack = vec![data.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                let meta = std::fs::metadata(&path).unwrap();
                if meta.is_dir() {
                    stack.push(path.clone());
                }
                if meta.permissions().mode() & 0o077 != 0 {
                    open.push(path);
                }
            }
        }
        assert!(open.is_empty(), "readable by others: {open:?}");
    }
    let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700);
}
