//! Conditional GETs on JSON answers (`server/src/conditional.rs`): an ETag on every `200`, a
//! bodiless `304` for a matching `If-None-Match`, a new tag after a change, and nothing learned
//! by a caller who may not see the resource.

use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH, VARY};
use serde_json::json;

use crate::support::helpers::{openapi_yaml, path_block, spawn_app, User};

/// `GET url` as `user`, naming `tag` in `If-None-Match`.
async fn get_if_none_match(user: &User, url: &str, tag: &str) -> reqwest::Response {
    user.client
        .get(url)
        .header(IF_NONE_MATCH, tag)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn json_answers_carry_an_etag_and_answer_304_until_they_change() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Bedtime").await;
    let card = admin
        .create_card(collection["id"].as_str().unwrap(), "Owls")
        .await;
    let url = admin.url(&format!("/api/cards/{}", card["slug"].as_str().unwrap()));

    let first = admin.client.get(&url).send().await.unwrap();
    assert_eq!(first.status(), 200);
    let tag = first.headers()[ETAG].to_str().unwrap().to_owned();
    assert!(tag.starts_with("\"j") && tag.ends_with('"'), "{tag}");
    assert_eq!(first.headers()[CACHE_CONTROL], "private, no-cache");
    assert_eq!(first.headers()[VARY], "Cookie");
    let body = first.text().await.unwrap();

    let again = admin.client.get(&url).send().await.unwrap();
    assert_eq!(again.headers()[ETAG].to_str().unwrap(), tag, "stable");
    assert_eq!(again.text().await.unwrap(), body);

    for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
        let r = admin
            .client
            .request(method.clone(), &url)
            .header(IF_NONE_MATCH, &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 304, "{method}");
        assert_eq!(r.headers()[ETAG].to_str().unwrap(), tag);
        assert!(r.bytes().await.unwrap().is_empty());
    }
    let weak = format!("W/{tag}");
    let r = get_if_none_match(&admin, &url, &weak).await;
    assert_eq!(r.status(), 304, "a weak comparison, as If-None-Match asks");

    let r = admin
        .put_json(
            &format!("/api/cards/{}", card["slug"].as_str().unwrap()),
            &json!({"title": "Owls at night", "description": ""}),
        )
        .await;
    assert_eq!(r.status(), 204);
    let changed = get_if_none_match(&admin, &url, &tag).await;
    assert_eq!(changed.status(), 200, "changed, so the whole answer");
    assert_ne!(changed.headers()[ETAG].to_str().unwrap(), tag);
    assert!(changed.text().await.unwrap().contains("Owls at night"));

    // Somebody who may not see the card learns nothing from sending its tag.
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let plain = stranger.client.get(&url).send().await.unwrap();
    let tagged = get_if_none_match(&stranger, &url, &tag).await;
    assert_eq!(plain.status(), 404);
    assert_eq!(tagged.status(), 404);
    assert!(tagged.headers().get(ETAG).is_none());
}

#[tokio::test]
async fn handlers_with_their_own_validators_keep_them_and_writes_are_untouched() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let list = admin.get("/api/cards").await;
    let tag = list.headers()[ETAG].to_str().unwrap();
    assert!(
        tag.starts_with("\"cards-"),
        "the list's own version tag: {tag}"
    );

    let created = admin
        .post_json(
            "/api/collections",
            &json!({"name": "Songs", "description": ""}),
        )
        .await;
    assert_eq!(created.status(), 201);
    assert!(created.headers().get(ETAG).is_none());
}

#[tokio::test]
async fn the_document_lists_304_for_json_gets() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let card = path_block(&yaml, "/cards/{slug}");
    let get = &card[card.find("    get:").expect("a GET")..];
    let end = ["\n    put:", "\n    delete:"]
        .iter()
        .filter_map(|key| get.find(key))
        .min()
        .unwrap_or(get.len());
    let get = &get[..end];
    assert!(get.contains("'304'"), "{get}");
}
