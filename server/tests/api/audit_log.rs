//! `GET /admin/audit-log`: admins read who did what, newest first, filtered and paged; the
//! client address it records (`X-Forwarded-For` only when a proxy is trusted to set it).

use serde_json::{json, Value};

use crate::auth::from_address;
use crate::support::helpers::{
    assert_problem, pointers, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD,
};

/// The `action`s of a page, in the order the server gave them.
fn actions(page: &[Value]) -> Vec<&str> {
    page.iter().map(|e| e["action"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn only_admins_read_the_audit_log() {
    let app = spawn_app().await;
    assert_problem(app.anonymous().get("/api/admin/audit-log").await, 401).await;
    let (user, _) = app.new_user("reader@example.com", "user").await;
    assert_problem(user.get("/api/admin/audit-log").await, 403).await;
    // the role is checked before the filters: a non-admin learns nothing from a bad one
    assert_problem(user.get("/api/admin/audit-log?limit=0").await, 403).await;
    assert_problem(user.get("/api/admin/audit-log?limit=x").await, 403).await;
}

#[tokio::test]
async fn sign_ins_and_new_cards_appear_newest_first_with_every_field() {
    let app = spawn_app().await;
    let (user, user_id) = app.new_user("author@example.com", "user").await;
    let collection = user.create_collection("Stories").await;
    let card = user
        .create_card(collection["id"].as_str().unwrap(), "Bedtime")
        .await;
    let admin = app.admin().await;

    let mine = admin
        .get_list(&format!("/api/admin/audit-log?user_id={user_id}"))
        .await;
    assert_eq!(
        actions(&mine),
        [
            "card.created",
            "collection.created",
            "auth.login",
            "admin.user_created"
        ]
    );
    let created = &mine[0];
    assert_eq!(created["user_id"], user_id.as_str());
    assert_eq!(created["actor_id"], user_id.as_str());
    assert_eq!(created["detail"], card["slug"]);
    let login = &mine[2];
    assert_eq!(login["ip"], "127.0.0.1");
    // every row a request caused carries the client's address, not only sign-ins
    for entry in &mine {
        assert_eq!(entry["ip"], "127.0.0.1", "{entry}");
    }
    for entry in &mine {
        let keys: Vec<&str> = entry
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert_eq!(
            keys,
            [
                "action",
                "actor_id",
                "created_at",
                "detail",
                "id",
                "ip",
                "user_id"
            ]
        );
    }
    let times: Vec<&str> = mine
        .iter()
        .map(|e| e["created_at"].as_str().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {times:?}"
    );

    // without filters the whole log, newest first: the admin's own sign-in leads
    let all = admin.get_list("/api/admin/audit-log").await;
    assert_eq!(all[0]["action"], "auth.login");
    let me: Value = admin.get_json("/api/auth/me").await;
    assert_eq!(me["email"], ADMIN_EMAIL);
    assert_eq!(all[0]["user_id"], me["id"]);
    assert!(all.len() > mine.len());
    // the account was made by the admin: whom it concerns and who did it differ
    assert_eq!(mine[3]["user_id"], user_id.as_str());
    assert_eq!(mine[3]["actor_id"], me["id"]);
}

/// Changes that once wrote no audit row: each now leaves one, by its author, with the
/// client's address; a refused change (here a missing preset) leaves none.
#[tokio::test]
async fn edits_presets_and_share_links_are_audited_with_the_client_address() {
    let app = spawn_app().await;
    let (user, user_id) = app.new_user("editor@example.com", "user").await;
    let collection = user.create_collection("Stories").await;
    let id = collection["id"].as_str().unwrap();
    let card = user.create_card(id, "Bedtime").await;
    let slug = card["slug"].as_str().unwrap();

    let edit = json!({"title": "Bedtime stories", "description": "calm"});
    assert_eq!(
        user.put_json(&format!("/api/cards/{slug}"), &edit)
            .await
            .status(),
        204
    );
    let renamed = json!({"name": "Evening", "description": ""});
    assert_eq!(
        user.put_json(&format!("/api/collections/{id}"), &renamed)
            .await
            .status(),
        204
    );
    let preset = json!({"name": "Calm", "emoji": "🌙", "prompt_template": "", "vocab_level": "",
        "voice_id": "", "duration_min": 5, "sort_order": 0});
    let preset = user
        .post_for_json(&format!("/api/collections/{id}/presets"), &preset)
        .await;
    let preset_path = format!(
        "/api/collections/{id}/presets/{}",
        preset["id"].as_str().unwrap()
    );
    assert_eq!(user.delete(&preset_path).await.status(), 204);
    assert_problem(user.delete(&preset_path).await, 404).await;
    let sheet = json!({"card_slugs": [slug], "format": "svg", "page_size": "a4"});
    let sheet = user.post_for_json("/api/labels/generate", &sheet).await;
    let filename = sheet["filename"].as_str().unwrap();
    let share = user
        .post_for_json(&format!("/api/labels/{filename}/share"), &json!({}))
        .await;
    let share_path = format!("/api/shares/{}", share["id"].as_str().unwrap());
    assert_eq!(user.delete(&share_path).await.status(), 204);

    let admin = app.admin().await;
    let mine = admin
        .get_list(&format!("/api/admin/audit-log?user_id={user_id}&limit=20"))
        .await;
    assert_eq!(
        actions(&mine)[..7],
        [
            "label.share_revoked",
            "label.shared",
            "label.generated",
            "collection.preset_deleted",
            "collection.preset_created",
            "collection.updated",
            "card.updated",
        ]
    );
    for entry in &mine[..7] {
        assert_eq!(entry["actor_id"], user_id.as_str());
        assert_eq!(entry["ip"], "127.0.0.1");
    }
}

#[tokio::test]
async fn filters_by_user_and_action_and_pages_by_limit_and_offset() {
    let app = spawn_app().await;
    let (_a, a_id) = app.new_user("a@example.com", "user").await;
    let (_b, b_id) = app.new_user("b@example.com", "user").await;
    // each of them signs in twice more
    for email in ["a@example.com", "b@example.com"] {
        for _ in 0..2 {
            app.signed_in(email, crate::support::helpers::PASSWORD)
                .await;
        }
    }
    let admin = app.admin().await;

    let a_logins = admin
        .get_list(&format!(
            "/api/admin/audit-log?user_id={a_id}&action=auth.login"
        ))
        .await;
    assert_eq!(a_logins.len(), 3);
    assert!(a_logins.iter().all(|e| e["user_id"] == a_id.as_str()));
    let logins = admin
        .get_list("/api/admin/audit-log?action=auth.login")
        .await;
    assert!(logins.iter().all(|e| e["action"] == "auth.login"));
    // three each, and the admin's own sign-ins (one per `new_user`, one above)
    assert_eq!(
        logins
            .iter()
            .filter(|e| e["user_id"] == b_id.as_str())
            .count(),
        3
    );
    assert!(logins.len() >= 7);

    // pages of two walk the same list without gaps or repeats
    let mut walked = Vec::new();
    for offset in (0..).step_by(2) {
        let page = admin
            .get_list(&format!(
                "/api/admin/audit-log?action=auth.login&limit=2&offset={offset}"
            ))
            .await;
        assert!(page.len() <= 2);
        let last = page.len() < 2;
        walked.extend(page);
        if last {
            break;
        }
    }
    assert_eq!(walked, logins);

    // no match is an empty page, not an error
    let unknown = "01234567-89ab-7def-8123-456789abcdef";
    assert!(admin
        .get_list(&format!("/api/admin/audit-log?user_id={unknown}"))
        .await
        .is_empty());
    assert!(admin
        .get_list("/api/admin/audit-log?action=no.such")
        .await
        .is_empty());
    // empty filters are no filters, as a form sends them (reading is not itself audited)
    assert_eq!(
        admin
            .get_list("/api/admin/audit-log?user_id=&action=&limit=500")
            .await,
        admin.get_list("/api/admin/audit-log?limit=500").await
    );
}

#[tokio::test]
async fn bad_filters_are_problems_naming_the_parameter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (query, pointer) in [
        ("limit=0", "/limit"),
        ("limit=501", "/limit"),
        ("offset=-1", "/offset"),
        ("user_id=nobody", "/user_id"),
        ("user_id=0123456789ab7def8123456789abcdef", "/user_id"),
    ] {
        let problem = assert_problem(
            admin.get(&format!("/api/admin/audit-log?{query}")).await,
            422,
        )
        .await;
        assert_eq!(pointers(&problem), [pointer], "{query}");
    }
    for (query, name) in [("limit=ten", "limit"), ("offset=1.5", "offset")] {
        let problem = assert_problem(
            admin.get(&format!("/api/admin/audit-log?{query}")).await,
            400,
        )
        .await;
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(&format!("`{name}`")), "{query}: {detail}");
    }
    // the edges of the range are fine
    assert_eq!(
        admin.get("/api/admin/audit-log?limit=1").await.status(),
        200
    );
    assert_eq!(
        admin
            .get("/api/admin/audit-log?limit=500&offset=0")
            .await
            .status(),
        200
    );
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
