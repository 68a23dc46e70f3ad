//! Sharing a collection with an email address that has no account: an invitation
//! (`api::invitations`, `core::collections::invitations`), answered like any other share.

use serde_json::{json, Value};

use crate::helpers::{assert_problem, pointers, spawn_app, TestApp, User, PASSWORD};

/// Status, headers (but `date`) and body of an answer, to compare two answers.
async fn answer(r: reqwest::Response) -> (u16, Vec<(String, String)>, String) {
    let status = r.status().as_u16();
    let mut headers: Vec<(String, String)> = r
        .headers()
        .iter()
        .filter(|(name, _)| name.as_str() != "date")
        .map(|(n, v)| (n.to_string(), v.to_str().unwrap().to_owned()))
        .collect();
    headers.sort();
    (status, headers, r.text().await.unwrap())
}

async fn family_of(app: &TestApp) -> (User, String) {
    let (owner, _) = app.new_user("owner@example.com", "user").await;
    let id = owner.create_collection("Family").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    (owner, id)
}

async fn invitations(user: &User, id: &str) -> reqwest::Response {
    user.get(&format!("/api/collections/{id}/invitations"))
        .await
}

/// `POST /admin/users` for `email`, then signs them in.
async fn account_for(app: &TestApp, email: &str) -> User {
    let r = app
        .admin()
        .await
        .create_user(&json!({"email": email, "password": PASSWORD, "role": "user"}))
        .await;
    assert_eq!(r.status(), 201);
    app.signed_in(email, PASSWORD).await
}

#[tokio::test]
async fn sharing_with_an_unknown_address_answers_exactly_like_a_known_one() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    app.new_user("known@example.com", "user").await;

    let known = answer(owner.add_member(&id, "known@example.com", "viewer").await).await;
    let unknown = answer(owner.add_member(&id, "unknown@example.com", "viewer").await).await;
    assert_eq!(known.0, 204);
    assert_eq!(known, unknown, "the same status, headers and (empty) body");

    // twice: the same 409, naming the address given
    let known = answer(owner.add_member(&id, "Known@example.com", "editor").await).await;
    let unknown = answer(owner.add_member(&id, "Unknown@example.com", "editor").await).await;
    assert_eq!(known.0, 409);
    let lengths = |h: &[(String, String)]| {
        h.iter()
            .filter(|(name, _)| name != "content-length")
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(lengths(&known.1), lengths(&unknown.1));
    assert_eq!(known.2.replace("known@", "unknown@"), unknown.2);

    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["email"], "unknown@example.com");
    assert_eq!(listed[0]["role"], "viewer");
    let queued: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM mail_messages WHERE recipient = 'unknown@example.com'",
    )
    .fetch_one(app.core.db.pool())
    .await
    .unwrap();
    assert_eq!(queued, 1, "the invitation is mailed (or put in the outbox)");
}

#[tokio::test]
async fn an_invitation_becomes_a_membership_when_the_account_is_created() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    let (viewer, _) = app.new_user("viewer@example.com", "user").await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    owner.add_member(&id, "viewer@example.com", "viewer").await;
    let r = owner.add_member(&id, "new@example.com", "editor").await;
    assert_eq!(r.status(), 204);

    assert_problem(invitations(&app.anonymous(), &id).await, 401).await;
    assert_problem(invitations(&viewer, &id).await, 403).await;
    assert_problem(invitations(&stranger, &id).await, 404).await;

    let newcomer = account_for(&app, "New@Example.com").await;
    let seen: Value = newcomer.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(seen["viewer_role"], "editor");
    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    assert!(
        listed.is_empty(),
        "an accepted invitation is no longer pending"
    );
    let members: Vec<Value> = owner
        .get_list(&format!("/api/collections/{id}/members"))
        .await;
    assert!(members
        .iter()
        .any(|m| m["email"] == "new@example.com" && m["role"] == "editor"));
}

#[tokio::test]
async fn a_revoked_invitation_grants_nothing() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    let (viewer, _) = app.new_user("viewer@example.com", "user").await;
    owner.add_member(&id, "viewer@example.com", "viewer").await;
    owner.add_member(&id, "later@example.com", "viewer").await;
    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    let path = format!(
        "/api/collections/{id}/invitations/{}",
        listed[0]["id"].as_str().unwrap()
    );

    assert_problem(app.anonymous().delete(&path).await, 401).await;
    assert_problem(viewer.delete(&path).await, 403).await;
    assert_problem(
        owner
            .delete(&format!("/api/collections/{id}/invitations/nope"))
            .await,
        404,
    )
    .await;
    assert_eq!(owner.delete(&path).await.status(), 204);
    assert_problem(owner.delete(&path).await, 404).await;

    let later = account_for(&app, "later@example.com").await;
    assert_problem(later.get(&format!("/api/collections/{id}")).await, 404).await;
}

#[tokio::test]
async fn sharing_refuses_malformed_addresses_and_unknown_ids() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    for key in ["not@an-address", "two@@example.com", "no-such-user-id"] {
        let r = owner.add_member(&id, key, "viewer").await;
        assert_eq!(
            pointers(&assert_problem(r, 422).await),
            ["/user_id"],
            "{key}"
        );
    }
    let r = owner.add_member(&id, "someone@example.com", "god").await;
    assert_eq!(pointers(&assert_problem(r, 422).await), ["/role"]);
    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    assert!(listed.is_empty());
}
