//! The session memory (`core::auth::session_cache`) never outlives a change of who may do
//! what: each test first uses a session (so it is remembered), then changes something, and the
//! very next request must see the change, in both directions.
//!
//! The sessions here are raw cookies sent by hand, not a cookie jar: a signed-out browser
//! forgets its cookie, but a thief who copied it does not.

use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone};
use crate::support::helpers::{
    spawn_app, upload_ready_track, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD,
};

/// One session, held as its cookie.
struct Session {
    client: Client,
    base: String,
    cookie: String,
}

impl Session {
    async fn sign_in(app: &TestApp, email: &str, password: &str) -> Session {
        let client = Client::new();
        let r = client
            .post(format!("{}/api/auth/login", app.base))
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "sign-in of {email}");
        let cookie = r
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("cardsmith_session="))
            .and_then(|v| v.split(';').next())
            .expect("a session cookie")
            .to_owned();
        Session {
            client,
            base: app.base.clone(),
            cookie,
        }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Response {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("cookie", &self.cookie);
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.unwrap()
    }

    async fn get(&self, path: &str) -> StatusCode {
        self.send(reqwest::Method::GET, path, None).await.status()
    }

    /// Uses the session twice, so the second answer may come from memory.
    async fn warm(&self, path: &str) {
        for _ in 0..2 {
            assert!(self.get(path).await.is_success(), "GET {path}");
        }
    }
}

#[tokio::test]
async fn a_signed_out_session_stops_at_once_for_pages_and_media() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Songs").await;
    let track = upload_ready_track(&admin, &card, &tone(1, "mp3")).await;
    let track_slug = track["slug"].as_str().unwrap();
    let audio = format!("/api/cards/{card}/tracks/{track_slug}/audio");

    let session = Session::sign_in(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    session.warm("/api/auth/me").await;
    session.warm(&audio).await;

    let r = session
        .send(reqwest::Method::POST, "/api/auth/logout", None)
        .await;
    assert!(r.status().is_success());
    assert_eq!(session.get("/api/auth/me").await, 401);
    assert_eq!(session.get(&audio).await, 401);
}

#[tokio::test]
async fn revoke_password_change_and_deactivation_end_remembered_sessions() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, kid_id) = app.new_user("kid@example.com", "user").await;

    // An admin signs the user out everywhere.
    let first = Session::sign_in(&app, "kid@example.com", PASSWORD).await;
    first.warm("/api/auth/me").await;
    assert_eq!(
        admin.revoke_user_sessions(&kid_id).await.status().as_u16() / 100,
        2
    );
    assert_eq!(first.get("/api/auth/me").await, 401);

    // A password change keeps the session that made it and ends the others.
    let (phone, laptop) = (
        Session::sign_in(&app, "kid@example.com", PASSWORD).await,
        Session::sign_in(&app, "kid@example.com", PASSWORD).await,
    );
    phone.warm("/api/auth/me").await;
    laptop.warm("/api/auth/me").await;
    let new_password = "another-long-password";
    let body = json!({"current_password": PASSWORD, "new_password": new_password});
    let r = laptop
        .send(reqwest::Method::PUT, "/api/auth/password", Some(body))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_eq!(phone.get("/api/auth/me").await, 401);
    assert_eq!(laptop.get("/api/auth/me").await, 200);

    // Deactivation ends the session that is left.
    laptop.warm("/api/auth/me").await;
    let r = admin
        .post_empty(&format!("/api/admin/users/{kid_id}/deactivate"))
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(laptop.get("/api/auth/me").await, 401);
}

#[tokio::test]
async fn a_role_change_acts_on_the_next_request_both_ways() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, helper_id) = app.new_user("helper@example.com", "user").await;
    let helper = Session::sign_in(&app, "helper@example.com", PASSWORD).await;
    helper.warm("/api/auth/me").await;
    assert_eq!(helper.get("/api/admin/users").await, 403);

    let promote = json!({"display_name": "Helper", "role": "admin"});
    assert_eq!(admin.update_user(&helper_id, &promote).await.status(), 200);
    assert_eq!(helper.get("/api/admin/users").await, 200, "granted at once");
    helper.warm("/api/admin/users").await;

    let demote = json!({"display_name": "Helper", "role": "user"});
    assert_eq!(admin.update_user(&helper_id, &demote).await.status(), 200);
    assert_eq!(helper.get("/api/admin/users").await, 403, "revoked at once");
}

#[tokio::test]
async fn a_removed_member_loses_the_audio_at_once_and_regains_it_when_added_back() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, member_id) = app.new_user("gran@example.com", "user").await;
    let collection = admin.create_collection("Shared").await;
    let collection_id = collection["id"].as_str().unwrap();
    let card = admin.create_card(collection_id, "Lullabies").await;
    let card = card["slug"].as_str().unwrap();
    let track = upload_ready_track(&admin, card, &tone(1, "mp3")).await;
    let track_slug = track["slug"].as_str().unwrap();
    let audio = format!("/api/cards/{card}/tracks/{track_slug}/audio");

    let gran = Session::sign_in(&app, "gran@example.com", PASSWORD).await;
    assert_eq!(gran.get(&audio).await, 404, "not shared yet");
    let r = admin
        .add_member(collection_id, "gran@example.com", "viewer")
        .await;
    assert!(r.status().is_success());
    gran.warm(&audio).await;

    let r = admin
        .delete(&format!(
            "/api/collections/{collection_id}/members/{member_id}"
        ))
        .await;
    assert!(r.status().is_success());
    assert_eq!(gran.get(&audio).await, 404, "revoked at once");

    let r = admin
        .add_member(collection_id, "gran@example.com", "viewer")
        .await;
    assert!(r.status().is_success());
    assert_eq!(gran.get(&audio).await, 200, "granted again at once");
}
