//! The UI door: server-rendered pages and the server functions under `/rpc`, and the security
//! headers of pages (a CSP whose nonce every inline script carries) and label files.

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::helpers::{spawn_app, ADMIN_EMAIL, ADMIN_PASSWORD};

async fn rpc(
    user: &crate::support::helpers::User,
    name: &str,
    form: &[(&str, &str)],
) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .form(form)
        .send()
        .await
        .unwrap()
}

/// A server function that takes a model input as JSON (`input = Json`).
async fn rpc_json(
    user: &crate::support::helpers::User,
    name: &str,
    body: Value,
) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn server_functions_share_sessions_and_rules_with_rest() {
    let app = spawn_app().await;
    let browser = app.anonymous();
    let none: Value = rpc(&browser, "current_user", &[])
        .await
        .json()
        .await
        .unwrap();
    assert!(none.is_null());

    let wrong = rpc(
        &browser,
        "login",
        &[("email", ADMIN_EMAIL), ("password", "nope-nope")],
    )
    .await;
    assert_eq!(wrong.status(), 401);
    let problem: Value = wrong.json().await.unwrap();
    assert_eq!(problem["status"], 401);

    let ok = rpc(
        &browser,
        "login",
        &[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)],
    )
    .await;
    assert_eq!(ok.status(), 200);
    assert!(ok.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("HttpOnly"));
    assert_eq!(ok.json::<Value>().await.unwrap()["email"], ADMIN_EMAIL);

    let renamed = rpc_json(
        &browser,
        "update_profile",
        serde_json::json!({ "input": { "display_name": "Grown-up" } }),
    )
    .await;
    assert_eq!(renamed.status(), 200);
    // The REST door sees what the UI door wrote: one domain behind both.
    assert_eq!(
        browser.me().await.json::<Value>().await.unwrap()["display_name"],
        "Grown-up"
    );

    let invalid = rpc_json(
        &browser,
        "update_profile",
        serde_json::json!({ "input": { "display_name": " " } }),
    )
    .await;
    assert_eq!(invalid.status(), 422);
    let problem: Value = invalid.json().await.unwrap();
    assert_eq!(problem["errors"][0]["pointer"], "/display_name");

    assert_eq!(rpc(&browser, "logout", &[]).await.status(), 200);
    assert_eq!(browser.me().await.status(), 401);
    assert_eq!(rpc(&browser, "list_users", &[]).await.status(), 401);
}

#[tokio::test]
async fn server_functions_reject_cross_origin_writes() {
    let app = spawn_app().await;
    let browser = app.anonymous();
    let r = browser
        .client
        .post(browser.url("/rpc/login"))
        .header("origin", "https://evil.example")
        .form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
}

#[tokio::test]
async fn pages_render_on_the_server_and_guard_the_frame() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let login = anon.get("/login").await;
    assert_eq!(login.status(), 200);
    let html = login.text().await.unwrap();
    assert!(html.contains("Sign in") && html.contains("/pkg/cardsmith.css"));

    // What a browser sends when following a link.
    let guarded = anon
        .client
        .get(anon.url("/cards"))
        .header("accept", "text/html,application/xhtml+xml")
        .send()
        .await
        .unwrap();
    assert!(
        guarded.status().is_redirection(),
        "got {}",
        guarded.status()
    );
    assert_eq!(guarded.headers()["location"], "/login");

    let admin = app.admin().await;
    let cards = admin.get("/cards").await;
    assert_eq!(cards.status(), 200);
    let html = cards.text().await.unwrap();
    assert!(html.contains("aria-label=\"Main\""));
    assert!(html.contains("Admin"));

    assert_eq!(anon.get("/no/such/page").await.status(), 404);
}

#[tokio::test]
async fn without_a_client_id_the_accounts_page_explains_how_to_register_one() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let page = admin.get("/accounts").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Linking is not set up on this server"));
    assert!(html.contains("CARDSMITH_UPSTREAM_CLIENT_ID"));
    assert!(html.contains("/api/player-accounts/callback"));
    assert!(
        !html.contains("Link a player account\u{003c}"),
        "no Link button that could only fail"
    );
}

#[tokio::test]
async fn pages_of_the_player_screens_render_for_a_signed_in_parent() {
    let app = crate::support::helpers::spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    for (path, text) in [
        ("/accounts", "Link a player account"),
        ("/devices", "No player account linked"),
        ("/import", "No player account linked"),
    ] {
        let page = admin.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        assert!(page.text().await.unwrap().contains(text), "{path}");
    }
}

/// The collection page carries the collection and its first page of cards, not every card:
/// the cards whose home it is are counted (linked ones are not), and so are those with tracks.
#[tokio::test]
async fn a_collection_page_carries_one_page_of_its_cards() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.create_collection("Big shelf").await;
    let other = admin.create_collection("Elsewhere").await;
    let (shelf_id, slug) = (
        shelf["id"].as_str().unwrap(),
        shelf["slug"].as_str().unwrap(),
    );
    let cards = cardsmith_model::library::TILES_PER_PAGE + 12;
    let mut first = Value::Null;
    for i in 0..cards {
        let card = admin.create_card(shelf_id, &format!("Story {i:03}")).await;
        if i == 0 {
            first = card;
        }
    }
    let linked = admin
        .create_card(other["id"].as_str().unwrap(), "Zz linked in")
        .await;
    let r = admin
        .post_json(
            &format!("/api/collections/{shelf_id}/cards/link"),
            &serde_json::json!({"card_id": linked["slug"]}),
        )
        .await;
    assert_eq!(r.status(), 204);

    let page = rpc(&admin, "collection_page", &[("slug", slug)]).await;
    assert_eq!(page.status(), 200);
    let page: Value = page.json().await.unwrap();
    assert_eq!(page["collection"]["slug"], slug);
    assert_eq!(page["homed_cards"], u64::from(cards));
    assert_eq!(page["cards_with_tracks"], 0);
    assert!(page.get("body").is_none() && page.get("cards").is_none());

    // a track on one homed card, on the linked card and on a card only elsewhere
    let stray = admin
        .create_card(other["id"].as_str().unwrap(), "Stray")
        .await;
    let tone = crate::support::audio_fixtures::tone(1, "wav");
    for card in [&first["slug"], &linked["slug"], &stray["slug"]] {
        crate::support::audio_fixtures::upload_track(&admin, card.as_str().unwrap(), &tone).await;
    }
    let page: Value = rpc(&admin, "collection_page", &[("slug", slug)])
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["homed_cards"], u64::from(cards));
    assert_eq!(
        page["cards_with_tracks"], 2,
        "the homed and the linked card"
    );

    let html = admin.get(&format!("/collections/{slug}")).await;
    assert_eq!(html.status(), 200);
    let html = html.text().await.unwrap();
    assert!(html.contains("Story 000") && html.contains("Story 047"));
    assert!(
        !html.contains("Story 048") && !html.contains("Zz linked in"),
        "the page holds cards past its first page"
    );
}

/// Input a server function cannot decode is the caller's mistake: a 400 problem, never a 500.
#[tokio::test]
async fn undecodable_server_function_input_is_a_400_problem() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let json = |body: &'static str| {
        admin
            .client
            .post(admin.url("/rpc/library_answer"))
            .header("accept", "application/json")
            .header("content-type", "application/json")
            .body(body)
    };
    for body in [
        "{not json",
        "[]",
        "{\"scope\": 7}",
        "",
        "{\"scope\": \"Everything\", \"query\": 1}",
    ] {
        let r = json(body).send().await.unwrap();
        assert_eq!(r.status(), 400, "body {body:?}");
        let problem: Value = r.json().await.unwrap();
        assert_eq!(problem["status"], 400, "body {body:?}: {problem}");
    }
    for form in [&[("slug", "x"), ("slug", "y")][..], &[][..]] {
        let r = rpc(&admin, "collection_page", form).await;
        assert_eq!(r.status(), 400, "form {form:?}");
    }
}

/// Leptos lists an app's routes by rendering its route tree with resource loading switched off
/// for the whole process (`SuppressResourceLoad` is a global flag). A page of one app rendered
/// while another app in the same process listed its routes started resources that never
/// loaded, and its response stalled forever: the suite, hundreds of apps in one process, hit
/// it about one run in five. Routes are now listed once per process, before any app serves.
#[tokio::test]
async fn pages_render_while_other_apps_start() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let starting = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let renders = tokio::spawn({
        let starting = starting.clone();
        async move {
            let mut rendered = 0;
            while starting.load(std::sync::atomic::Ordering::Relaxed) {
                for path in ["/cards", "/collections", "/login"] {
                    let page = admin.get(path).await;
                    assert_eq!(page.status(), 200, "{path}");
                    let body =
                        tokio::time::timeout(std::time::Duration::from_secs(20), page.text())
                            .await
                            .unwrap_or_else(|_| panic!("{path} stalled while another app started"))
                            .unwrap();
                    assert!(body.contains("__INCOMPLETE_CHUNKS"), "{path} ends: {body}");
                    rendered += 1;
                }
            }
            rendered
        }
    });
    for _ in 0..8 {
        drop(spawn_app().await);
    }
    starting.store(false, std::sync::atomic::Ordering::Relaxed);
    assert!(renders.await.unwrap() > 0);
}

/// The publish records the collection page asks again after a publish: the caller's own, and
/// nothing without a session.
#[tokio::test]
async fn publish_summaries_need_a_session_and_are_the_callers() {
    let app = spawn_app().await;
    let anonymous = rpc(&app.anonymous(), "publish_summaries", &[]).await;
    assert_eq!(anonymous.status(), 401);
    let admin = app.admin().await;
    let mine = rpc(&admin, "publish_summaries", &[]).await;
    assert_eq!(mine.status(), 200);
    assert_eq!(mine.json::<Value>().await.unwrap(), serde_json::json!([]));
}

/// Islands carry what the server loaded as JSON props in an HTML attribute
/// (`<leptos-island data-props="…">`), and a card's title or a collection's name is also the
/// page's `<title>`: a hostile title, name or display name must stay text in both, never close
/// them or open a script.
#[tokio::test]
async fn island_props_keep_hostile_text_inside_their_attribute() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let hostile =
        "\"></leptos-island></title><script>alert(1)</script><img src=x onerror=alert(2)>";
    let renamed = rpc_json(
        &admin,
        "update_profile",
        serde_json::json!({ "input": { "display_name": hostile } }),
    )
    .await;
    assert_eq!(renamed.status(), 200);
    let collection = admin.create_collection(hostile).await;
    let card = admin
        .create_card(collection["id"].as_str().unwrap(), hostile)
        .await;

    for page in [
        format!("/cards/{}", card["slug"].as_str().unwrap()),
        format!("/collections/{}", collection["slug"].as_str().unwrap()),
        "/cards".to_owned(),
        "/settings".to_owned(),
    ] {
        let html = admin.get(&page).await.text().await.unwrap();
        assert!(html.contains("<leptos-island"), "{page} has islands");
        assert!(
            html.contains(" data-props=\""),
            "{page} hands its islands props"
        );
        assert!(!html.contains("<script>alert"), "{page} opened a script");
        assert!(!html.contains("<img src=x"), "{page} opened an element");
        assert!(
            !html.contains("\"></leptos-island>"),
            "{page} closed an island early"
        );
        assert!(
            !html.contains("</title><script>"),
            "{page} closed its <title>"
        );
    }
}

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
