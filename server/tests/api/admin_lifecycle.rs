//! The admin's lifecycle actions on accounts: deactivate, reactivate, unlock. Each is tried
//! without a session, as a non-admin, on an unknown id, and for what it does to sign-in.

use serde_json::Value;

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, spawn_app, TestApp, PASSWORD,
};

const ACTIONS: [&str; 3] = ["deactivate", "reactivate", "unlock"];

fn path(id: &str, action: &str) -> String {
    format!("/api/admin/users/{id}/{action}")
}

/// The user's entry in the admin list.
async fn listed(app: &TestApp, email: &str) -> Value {
    let users: Vec<Value> = app.admin().await.list_users().await.json().await.unwrap();
    users.into_iter().find(|u| u["email"] == email).unwrap()
}

/// The audit rows about `user_id` for `action`: (actor_id, ip).
async fn audited(app: &TestApp, user_id: &str, action: &str) -> Vec<(String, String)> {
    sqlx::query_as("SELECT actor_id, ip FROM audit_log WHERE user_id = $1 AND action = $2")
        .bind(user_id)
        .bind(action)
        .fetch_all(app.core.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn lifecycle_actions_need_an_admin_session_and_a_known_user() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user("kid@example.com", "user").await;
    let admin = app.admin().await;
    for action in ACTIONS {
        assert_problem(
            app.anonymous().post_empty(&path(&kid_id, action)).await,
            401,
        )
        .await;
        // A non-admin gets 403 even for an id that does not exist: the role comes first.
        assert_problem(kid.post_empty(&path(&kid_id, action)).await, 403).await;
        assert_problem(kid.post_empty(&path("no-such-id", action)).await, 403).await;
        let unknown =
            assert_problem(admin.post_empty(&path("no-such-id", action)).await, 404).await;
        assert_eq!(unknown["status"], 404);
    }
    // None of the refused calls changed anything: the kid is still signed in and active.
    assert_eq!(kid.me().await.status(), 200);
    assert_eq!(listed(&app, "kid@example.com").await["status"], "active");
}

#[tokio::test]
async fn deactivation_ends_sessions_and_sign_in_until_reactivated() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user("kid@example.com", "user").await;
    let admin = app.admin().await;
    let admin_id = admin.me().await.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let r = admin.post_empty(&path(&kid_id, "deactivate")).await;
    assert_eq!(r.status(), 204);
    assert!(r.bytes().await.unwrap().is_empty());
    assert_problem(kid.me().await, 401).await;
    let refused = assert_problem(
        app.anonymous().login("kid@example.com", PASSWORD).await,
        403,
    )
    .await;
    assert!(refused["detail"].as_str().unwrap().contains("deactivated"));
    assert_eq!(
        listed(&app, "kid@example.com").await["status"],
        "deactivated"
    );
    // Again: the goal is reached, so 204 again.
    assert_eq!(
        admin
            .post_empty(&path(&kid_id, "deactivate"))
            .await
            .status(),
        204
    );

    let r = admin.post_empty(&path(&kid_id, "reactivate")).await;
    assert_eq!(r.status(), 204);
    assert_eq!(listed(&app, "kid@example.com").await["status"], "active");
    // The old session stays ended; a new sign-in works.
    assert_problem(kid.me().await, 401).await;
    let back = app.signed_in("kid@example.com", PASSWORD).await;
    assert_eq!(back.me().await.status(), 200);

    for action in ["admin.user_deactivated", "admin.user_reactivated"] {
        let rows = audited(&app, &kid_id, action).await;
        assert!(!rows.is_empty(), "{action} not audited");
        for (actor, ip) in rows {
            assert_eq!(actor, admin_id);
            assert_eq!(ip, "127.0.0.1");
        }
    }
}

#[tokio::test]
async fn an_admin_cannot_deactivate_themselves() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let admin_id = admin.me().await.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = assert_problem(admin.post_empty(&path(&admin_id, "deactivate")).await, 409).await;
    assert!(body["detail"]
        .as_str()
        .unwrap()
        .contains("your own account"));
    assert_eq!(admin.me().await.status(), 200);
    assert!(audited(&app, &admin_id, "admin.user_deactivated")
        .await
        .is_empty());
}

#[tokio::test]
async fn unlock_ends_a_lockout_after_failed_sign_ins() {
    let app = spawn_app().await;
    let (_kid, kid_id) = app.new_user("kid@example.com", "user").await;
    let anon = app.anonymous();
    for _ in 0..4 {
        assert_problem(anon.login("kid@example.com", "wrong-password").await, 401).await;
    }
    assert_problem(anon.login("kid@example.com", "wrong-password").await, 429).await;
    assert_problem(anon.login("kid@example.com", PASSWORD).await, 429).await;
    assert_eq!(listed(&app, "kid@example.com").await["status"], "locked");

    let admin = app.admin().await;
    assert_eq!(
        admin.post_empty(&path(&kid_id, "unlock")).await.status(),
        204
    );
    assert_eq!(listed(&app, "kid@example.com").await["status"], "active");
    assert_eq!(anon.login("kid@example.com", PASSWORD).await.status(), 200);
    // Unlocking an account that is not locked is fine too.
    assert_eq!(
        admin.post_empty(&path(&kid_id, "unlock")).await.status(),
        204
    );
    let rows = audited(&app, &kid_id, "admin.user_unlocked").await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|(_, ip)| ip == "127.0.0.1"));
}

#[tokio::test]
async fn the_lifecycle_operations_are_documented_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    for action in ACTIONS {
        let block = path_block(&yaml, &format!("/admin/users/{{id}}/{action}"));
        assert!(block.contains(&format!("operationId: admin-{action}-user")));
        for status in ["'204'", "'401'", "'403'", "'404'"] {
            assert!(block.contains(status), "{action} lacks {status}");
        }
        assert_eq!(block.contains("'409'"), action == "deactivate", "{action}");
    }
}

/// Calls a server function of the UI (`/rpc/{name}`) with a form body, as the page does.
async fn rpc(user: &crate::support::helpers::User, name: &str, id: &str) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .form(&[("id", id)])
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_admin_page_offers_each_action_when_it_applies_and_its_server_functions_act() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user("kid@example.com", "user").await;
    let admin = app.admin().await;
    let page = || async { admin.get("/admin/users").await.text().await.unwrap() };

    // Active kid: Deactivate on the kid's row only (never on the admin's own), no Unlock.
    let html = page().await;
    assert_eq!(html.matches(">Deactivate<").count(), 1, "{html}");
    assert!(!html.contains("Unlock: kid@example.com"));

    let anon = app.anonymous();
    for _ in 0..5 {
        anon.login("kid@example.com", "wrong-password").await;
    }
    assert!(page()
        .await
        .contains("aria-label=\"Unlock: kid@example.com\""));
    assert_eq!(rpc(&kid, "unlock_user", &kid_id).await.status(), 403);
    assert_eq!(rpc(&admin, "unlock_user", &kid_id).await.status(), 200);
    assert_eq!(listed(&app, "kid@example.com").await["status"], "active");

    assert_eq!(rpc(&kid, "deactivate_user", &kid_id).await.status(), 403);
    assert_eq!(
        rpc(&admin, "deactivate_user", "no-such-id").await.status(),
        404
    );
    assert_eq!(rpc(&admin, "deactivate_user", &kid_id).await.status(), 200);
    assert_problem(kid.me().await, 401).await;
    let html = page().await;
    assert!(html.contains(">Reactivate<"));
    assert_eq!(html.matches(">Deactivate<").count(), 0);

    assert_eq!(rpc(&admin, "reactivate_user", &kid_id).await.status(), 200);
    app.signed_in("kid@example.com", PASSWORD).await;
    // The UI door audits with the client address too.
    let rows = audited(&app, &kid_id, "admin.user_deactivated").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].1, "127.0.0.1");
}
