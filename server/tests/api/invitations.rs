//! Sharing a collection is an invitation, whoever it names (`api::invitations`,
//! `core::collections::invitations`): the person accepts or declines it, and the owner sees
//! the same for an address with an account and one without. Invitations are rate limited
//! and an address is mailed at most once a day per collection.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app, TestApp, User, PASSWORD};

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

/// The subjects of the invitation mails queued for `email`.
async fn mails_to(app: &TestApp, email: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT subject FROM mail_messages WHERE recipient = $1 AND subject LIKE '%invited%'",
    )
    .bind(email)
    .fetch_all(app.core.db.pool())
    .await
    .unwrap()
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
async fn sharing_with_an_unknown_address_answers_and_shows_exactly_like_a_known_one() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    let (known_user, _) = app.new_user("known@example.com", "user").await;

    let known = answer(owner.invite(&id, "known@example.com", "viewer").await).await;
    let unknown = answer(owner.invite(&id, "unknown@example.com", "viewer").await).await;
    assert_eq!(known.0, 204);
    assert_eq!(known, unknown, "the same status, headers and (empty) body");

    // twice: the same 409, naming the address given
    let known = answer(owner.invite(&id, "Known@example.com", "editor").await).await;
    let unknown = answer(owner.invite(&id, "Unknown@example.com", "editor").await).await;
    assert_eq!(known.0, 409);
    let lengths = |h: &[(String, String)]| {
        h.iter()
            .filter(|(name, _)| name != "content-length")
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(lengths(&known.1), lengths(&unknown.1));
    assert_eq!(known.2.replace("known@", "unknown@"), unknown.2);

    // the owner sees two pending invitations alike, and no new member
    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    let emails: Vec<&str> = listed
        .iter()
        .map(|i| i["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["known@example.com", "unknown@example.com"]);
    assert!(listed.iter().all(|i| i["role"] == "viewer"));
    let members = owner
        .get_list(&format!("/api/collections/{id}/members"))
        .await;
    assert_eq!(members.len(), 1, "only the owner until somebody accepts");
    for email in ["known@example.com", "unknown@example.com"] {
        assert_eq!(
            mails_to(&app, email).await.len(),
            1,
            "{email} is mailed once"
        );
    }
    // nothing was pushed into the known account's library
    assert_problem(known_user.get(&format!("/api/collections/{id}")).await, 404).await;
    assert!(known_user
        .get_list("/api/collections")
        .await
        .iter()
        .all(|c| c["id"] != id));
}

#[tokio::test]
async fn an_invitation_waits_for_its_person_to_accept_or_decline() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    let (viewer, _) = app
        .member_of(&owner, &id, "viewer@example.com", "viewer")
        .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let r = owner.invite(&id, "new@example.com", "editor").await;
    assert_eq!(r.status(), 204);

    assert_problem(invitations(&app.anonymous(), &id).await, 401).await;
    assert_problem(invitations(&viewer, &id).await, 403).await;
    assert_problem(invitations(&stranger, &id).await, 404).await;
    assert_problem(app.anonymous().get("/api/invitations").await, 401).await;

    // an account made later for the address sees the invitation, and is no member yet
    let newcomer = account_for(&app, "New@Example.com").await;
    assert_problem(newcomer.get(&format!("/api/collections/{id}")).await, 404).await;
    let mine = newcomer.get_list("/api/invitations").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["collection_id"], id);
    assert_eq!(mine[0]["collection_name"], "Family");
    assert_eq!(mine[0]["role"], "editor");
    assert!(mine[0]["invited_by_name"].is_string());
    let accept = format!(
        "/api/invitations/{}/accept",
        mine[0]["id"].as_str().unwrap()
    );
    // nobody else answers it, and the answer is the one for an unknown id
    assert!(stranger.get_list("/api/invitations").await.is_empty());
    let theirs = answer(stranger.post_empty(&accept).await).await;
    let unknown = answer(stranger.post_empty("/api/invitations/nope/accept").await).await;
    assert_eq!((theirs.0, &theirs.2), (404, &unknown.2));

    assert_eq!(newcomer.post_empty(&accept).await.status(), 204);
    let seen: Value = newcomer.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(seen["viewer_role"], "editor");
    assert!(invitations(&owner, &id)
        .await
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .is_empty());
    assert_problem(newcomer.post_empty(&accept).await, 404).await;
    let members = owner
        .get_list(&format!("/api/collections/{id}/members"))
        .await;
    assert!(members
        .iter()
        .any(|m| m["email"] == "new@example.com" && m["role"] == "editor"));

    // declining grants nothing, and the owner may ask again
    assert_eq!(
        owner
            .invite(&id, "stranger@example.com", "viewer")
            .await
            .status(),
        204
    );
    let mine = stranger.get_list("/api/invitations").await;
    let decline = format!(
        "/api/invitations/{}/decline",
        mine[0]["id"].as_str().unwrap()
    );
    assert_eq!(stranger.post_empty(&decline).await.status(), 204);
    assert_problem(stranger.get(&format!("/api/collections/{id}")).await, 404).await;
    assert!(stranger.get_list("/api/invitations").await.is_empty());
    assert_eq!(
        owner
            .invite(&id, "stranger@example.com", "viewer")
            .await
            .status(),
        204
    );
}

#[tokio::test]
async fn a_revoked_invitation_grants_nothing() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    let (viewer, _) = app
        .member_of(&owner, &id, "viewer@example.com", "viewer")
        .await;
    owner.invite(&id, "later@example.com", "viewer").await;
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
    assert!(later.get_list("/api/invitations").await.is_empty());
    let accept = format!(
        "/api/invitations/{}/accept",
        listed[0]["id"].as_str().unwrap()
    );
    assert_problem(later.post_empty(&accept).await, 404).await;
    assert_problem(later.get(&format!("/api/collections/{id}")).await, 404).await;
}

#[tokio::test]
async fn sharing_refuses_malformed_addresses_and_unknown_ids() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    for key in ["not@an-address", "two@@example.com", "no-such-user-id"] {
        let r = owner.invite(&id, key, "viewer").await;
        assert_eq!(
            pointers(&assert_problem(r, 422).await),
            ["/user_id"],
            "{key}"
        );
    }
    let r = owner.invite(&id, "someone@example.com", "god").await;
    assert_eq!(pointers(&assert_problem(r, 422).await), ["/role"]);
    let listed: Vec<Value> = invitations(&owner, &id).await.json().await.unwrap();
    assert!(listed.is_empty());
}

/// Invitations are no mail relay: ten a minute per inviter (then 429 with `Retry-After`);
/// inviting, revoking and inviting again mails an address once a day; an address gets at
/// most three invitation mails a day whoever sends them; no mail subject carries users' words.
#[tokio::test]
async fn invitations_are_rate_limited_and_mail_an_address_sparingly() {
    let app = spawn_app().await;
    let (owner, id) = family_of(&app).await;
    for n in 0..10 {
        let r = owner
            .invite(&id, &format!("guest{n}@example.com"), "viewer")
            .await;
        assert_eq!(r.status(), 204, "invitation {n}");
    }
    let refused = owner.invite(&id, "guest10@example.com", "viewer").await;
    assert!(refused.headers().contains_key("retry-after"));
    assert_problem(refused, 429).await;
    assert!(mails_to(&app, "guest10@example.com").await.is_empty());

    // invite, revoke, invite again (another owner, so the minute's limit is not in the way)
    let (second, _) = app.new_user("second@example.com", "user").await;
    let mut collections = Vec::new();
    for name in ["One", "Two", "Three", "Four"] {
        collections.push(
            second.create_collection(name).await["id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let target = "target@example.com";
    for _ in 0..3 {
        assert_eq!(
            second
                .invite(&collections[0], target, "viewer")
                .await
                .status(),
            204
        );
        let listed: Vec<Value> = invitations(&second, &collections[0])
            .await
            .json()
            .await
            .unwrap();
        let revoke = format!(
            "/api/collections/{}/invitations/{}",
            collections[0],
            listed[0]["id"].as_str().unwrap()
        );
        assert_eq!(second.delete(&revoke).await.status(), 204);
    }
    assert_eq!(
        mails_to(&app, target).await.len(),
        1,
        "one mail a day per collection"
    );
    // three more collections: two more mails, then the day's three are spent
    for c in &collections[1..] {
        assert_eq!(second.invite(c, target, "viewer").await.status(), 204);
    }
    let subjects = mails_to(&app, target).await;
    assert_eq!(subjects.len(), 3, "{subjects:?}");
    assert!(subjects
        .iter()
        .all(|s| s == "You are invited to share a collection on Cardsmith"));
    // the unmailed invitation still waits to be answered
    let target_user = account_for(&app, target).await;
    assert_eq!(target_user.get_list("/api/invitations").await.len(), 3);
}
