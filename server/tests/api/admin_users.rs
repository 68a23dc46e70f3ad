//! The admin's user management, with every role and bad-input case; non-admins are refused
//! before the body is read.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app, User, PASSWORD};

#[tokio::test]
async fn only_admins_list_users() {
    let app = spawn_app().await;
    assert_problem(app.anonymous().list_users().await, 401).await;
    let (user, _) = app.new_user("kid@example.com", "user").await;
    assert_problem(user.list_users().await, 403).await;
    let r = app.admin().await.list_users().await;
    assert_eq!(r.status(), 200);
    let users: Vec<Value> = r.json().await.unwrap();
    let emails: Vec<_> = users.iter().map(|u| u["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["admin@example.com", "kid@example.com"]);
    assert!(users[0]["locked_account_count"].is_i64());
}

#[tokio::test]
async fn admins_create_users_who_can_then_sign_in() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let r = admin
        .create_user(&json!({"email": "Parent@Example.com", "password": PASSWORD, "role": "user", "display_name": "Parent"}))
        .await;
    assert_eq!(r.status(), 201);
    let body: Value = r.json().await.unwrap();
    let mut keys: Vec<_> = body.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "created_at",
            "display_name",
            "email",
            "id",
            "role",
            "status"
        ]
    );
    assert_eq!(body["email"], "parent@example.com");
    assert_eq!(body["status"], "active");
    let defaulted: Value = admin
        .create_user(&json!({"email": "gran@example.com", "password": PASSWORD, "role": "admin"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(defaulted["display_name"], "gran");
    let parent = app.signed_in("parent@example.com", PASSWORD).await;
    assert_eq!(
        parent.me().await.json::<Value>().await.unwrap()["display_name"],
        "Parent"
    );
}

#[tokio::test]
async fn creating_users_rejects_duplicates_bad_input_and_non_admins() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let dup = admin
        .create_user(&json!({"email": "ADMIN@example.com", "password": PASSWORD, "role": "user"}))
        .await;
    assert_problem(dup, 409).await;
    let bad = admin
        .create_user(&json!({"email": "nope", "password": "short", "role": "root"}))
        .await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        ["/email", "/password", "/role"]
    );
    let missing = admin.create_user(&json!({"email": "a@example.com"})).await;
    assert_problem(missing, 422).await;
    let (user, _) = app.new_user("kid@example.com", "user").await;
    let body = json!({"email": "x@example.com", "password": PASSWORD, "role": "admin"});
    assert_problem(user.create_user(&body).await, 403).await;
    assert_problem(app.anonymous().create_user(&body).await, 401).await;
    let users: Vec<Value> = admin.list_users().await.json().await.unwrap();
    assert_eq!(users.len(), 2, "no failed request created anybody");
}

#[tokio::test]
async fn admins_rename_and_change_roles() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (kid, id) = app.new_user("kid@example.com", "user").await;
    let r = admin
        .update_user(&id, &json!({"display_name": "Big Kid", "role": "admin"}))
        .await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["display_name"], "Big Kid");
    assert_eq!(body["role"], "admin");
    assert_eq!(
        kid.list_users().await.status(),
        200,
        "the new role applies at once"
    );

    assert_problem(
        admin
            .update_user("no-such-id", &json!({"display_name": "X", "role": "user"}))
            .await,
        404,
    )
    .await;
    let bad = admin
        .update_user(&id, &json!({"display_name": "", "role": "owner"}))
        .await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        ["/display_name", "/role"]
    );
}

#[tokio::test]
async fn the_last_admin_cannot_be_demoted() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let me: Value = admin.me().await.json().await.unwrap();
    let id = me["id"].as_str().unwrap();
    let r = admin
        .update_user(id, &json!({"display_name": "Admin", "role": "user"}))
        .await;
    assert_problem(r, 409).await;
    assert_eq!(
        admin.me().await.json::<Value>().await.unwrap()["role"],
        "admin"
    );
}

#[tokio::test]
async fn non_admins_cannot_edit_users() {
    let app = spawn_app().await;
    let (kid, id) = app.new_user("kid@example.com", "user").await;
    let body = json!({"display_name": "Hacker", "role": "admin"});
    assert_problem(kid.update_user(&id, &body).await, 403).await;
    assert_problem(app.anonymous().update_user(&id, &body).await, 401).await;
    assert_eq!(
        kid.me().await.json::<Value>().await.unwrap()["role"],
        "user"
    );
}

#[tokio::test]
async fn admins_sign_users_out_everywhere() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (kid, id) = app.new_user("kid@example.com", "user").await;
    assert_problem(kid.revoke_user_sessions(&id).await, 403).await;
    assert_problem(app.anonymous().revoke_user_sessions(&id).await, 401).await;
    assert_eq!(kid.me().await.status(), 200);
    assert_eq!(admin.revoke_user_sessions(&id).await.status(), 204);
    assert_problem(kid.me().await, 401).await;
    assert_eq!(admin.me().await.status(), 200);
    assert_problem(admin.revoke_user_sessions("no-such-id").await, 404).await;
}

#[tokio::test]
async fn admin_endpoints_refuse_non_admins_before_reading_the_body() {
    let app = spawn_app().await;
    let (user, id) = app.new_user("plain@example.com", "user").await;
    let anon = app.anonymous();
    let routes = [
        (reqwest::Method::POST, "/api/admin/users".to_owned()),
        (reqwest::Method::PUT, format!("/api/admin/users/{id}")),
        (reqwest::Method::POST, "/api/admin/rotate-key".to_owned()),
    ];
    for (method, path) in &routes {
        for body in ["{\"email\": ", "{\"unexpected\": true}"] {
            let send = |who: &User| {
                who.client
                    .request(method.clone(), who.url(path))
                    .header("content-type", "application/json")
                    .body(body)
                    .send()
            };
            assert_problem(send(&user).await.unwrap(), 403).await;
            assert_problem(send(&anon).await.unwrap(), 401).await;
        }
        // not even the content type is judged first
        let bare = user
            .client
            .request(method.clone(), user.url(path))
            .body("x");
        assert_problem(bare.send().await.unwrap(), 403).await;
    }
}
