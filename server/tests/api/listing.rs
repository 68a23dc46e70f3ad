//! `GET /cards` served from the kept answer while nothing changed: `ETag` and `304`, and a
//! fresh answer after every kind of change that shows in a list, in both directions (a
//! membership granted shows the card, revoked hides it), and never another user's list.

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::helpers::{spawn_app, User};

async fn list(user: &User, tag: Option<&str>) -> Response {
    let mut request = user.client.get(user.url("/api/cards"));
    if let Some(tag) = tag {
        request = request.header("if-none-match", tag);
    }
    request.send().await.unwrap()
}

/// The list's titles and its tag (a 200 is expected).
async fn titles(user: &User, tag: Option<&str>) -> (Vec<String>, String) {
    let r = list(user, tag).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["cache-control"], "private, no-cache");
    let tag = r.headers()["etag"].to_str().unwrap().to_owned();
    let cards: Vec<Value> = r.json().await.unwrap();
    let mut titles: Vec<String> = cards
        .iter()
        .map(|c| c["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    (titles, tag)
}

#[tokio::test]
async fn an_unchanged_list_is_304_and_every_change_shows_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (friend, _) = app.new_user("list-friend@example.com", "user").await;
    let collection = admin.create_collection("Listed").await;
    let cid = collection["id"].as_str().unwrap().to_owned();
    let card = admin.create_card(&cid, "Alpha").await;
    let slug = card["slug"].as_str().unwrap().to_owned();

    let (first, tag) = titles(&admin, None).await;
    assert_eq!(first, ["Alpha"]);
    let r = list(&admin, Some(&tag)).await;
    assert_eq!(r.status(), 304);
    assert_eq!(r.headers()["etag"], tag.as_str());
    assert!(r.bytes().await.unwrap().is_empty());

    // a card's text
    let r = admin
        .put_json(
            &format!("/api/cards/{slug}"),
            &json!({"title": "Alpha two", "description": "", "author": ""}),
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let (now, tag2) = titles(&admin, Some(&tag)).await;
    assert_eq!(now, ["Alpha two"]);
    assert_ne!(tag2, tag);

    // a new card, then the collection's name (each card names its collection)
    admin.create_card(&cid, "Beta").await;
    let (now, tag3) = titles(&admin, Some(&tag2)).await;
    assert_eq!(now, ["Alpha two", "Beta"]);
    let r = admin
        .put_json(
            &format!("/api/collections/{cid}"),
            &json!({"name": "Renamed", "description": ""}),
        )
        .await;
    assert!(r.status().is_success());
    let r = list(&admin, Some(&tag3)).await;
    assert_eq!(r.status(), 200);
    let cards: Vec<Value> = r.json().await.unwrap();
    assert!(cards.iter().all(|c| c["collection_name"] == "Renamed"));

    // another user: an empty list, and the admin's tag is not theirs
    let (theirs, friend_tag) = titles(&friend, Some(&tag3)).await;
    assert!(theirs.is_empty());
    assert_ne!(friend_tag, tag3);
    // granted: the shared cards show at once, with the role; revoked: gone at once
    let r = admin
        .add_member(&cid, "list-friend@example.com", "viewer")
        .await;
    assert!(r.status().is_success());
    let (theirs, granted_tag) = titles(&friend, Some(&friend_tag)).await;
    assert_eq!(theirs, ["Alpha two", "Beta"]);
    let friend_id = friend.get_json("/api/auth/me").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = admin
        .delete(&format!("/api/collections/{cid}/members/{friend_id}"))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let (theirs, _) = titles(&friend, Some(&granted_tag)).await;
    assert!(theirs.is_empty(), "revoked: {theirs:?}");

    // a deleted card
    let r = admin.delete(&format!("/api/cards/{slug}")).await;
    assert!(r.status().is_success());
    let (now, _) = titles(&admin, None).await;
    assert_eq!(now, ["Beta"]);
    assert!(app.core.card_lists.bytes() > 0, "answers are kept");
}
