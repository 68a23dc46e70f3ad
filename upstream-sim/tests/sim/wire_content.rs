//! Cards over raw HTTP: the mixed library, summaries, playable signed URLs that expire,
//! create/replace validation, delete.

use cardsmith_upstream_sim::seed;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn the_library_lists_user_made_purchased_and_streaming_cards_as_summaries() {
    let sim = start().await;
    let user = sim.default_user();
    let audio = sim.seed_audio(b"audio");
    let own = sim
        .seed_card(&user, seed::user_made_card("Mine", 2, &audio))
        .unwrap();
    let bought = sim
        .seed_card(&user, seed::purchased_card("Bought", &audio))
        .unwrap();
    let podcast = sim
        .seed_card(
            &user,
            seed::streaming_card("Pod", "https://feed.example/rss"),
        )
        .unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);

    let (status, body) = get(&sim, &bearer, "/content/mine").await;
    assert_eq!(status, 200);
    let cards = body["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 3);
    let find = |id: &str| cards.iter().find(|c| c["cardId"] == id).unwrap().clone();
    assert!(
        find(&own)["content"].get("chapters").is_none(),
        "summary view omits chapters"
    );
    assert_eq!(find(&own)["userId"], user.as_str());
    assert_ne!(find(&bought)["userId"], user.as_str());
    assert_eq!(find(&podcast)["content"]["config"]["onlineOnly"], true);
    assert_eq!(
        find(&podcast)["content"]["editSettings"]["rssUrl"],
        "https://feed.example/rss"
    );
    assert!(find(&own)["content"].get("editSettings").is_none());
}

#[tokio::test]
async fn playable_cards_carry_signed_urls_that_expire() {
    let sim = start().await;
    let user = sim.default_user();
    let audio = sim.seed_audio(b"the audio bytes");
    let card = sim
        .seed_card(&user, seed::user_made_card("Mine", 1, &audio))
        .unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);

    let (_, plain) = get(&sim, &bearer, &format!("/content/{card}")).await;
    let track = &plain["card"]["content"]["chapters"][0]["tracks"][0];
    assert_eq!(track["trackUrl"], format!("yoto:#{audio}"));

    let (status, playable) = get(
        &sim,
        &bearer,
        &format!("/content/{card}?playable=true&signingType=s3"),
    )
    .await;
    assert_eq!(status, 200);
    let chapter = &playable["card"]["content"]["chapters"][0];
    let url = chapter["tracks"][0]["trackUrl"].as_str().unwrap();
    assert!(
        url.contains("Expires=") && url.contains("Signature="),
        "{url}"
    );
    assert!(chapter["display"]["icon16x16"]
        .as_str()
        .unwrap()
        .starts_with("http"));

    let download = http().get(url).send().await.unwrap();
    assert_eq!(download.status(), 200);
    assert_eq!(download.bytes().await.unwrap().as_ref(), b"the audio bytes");

    let with_token = http().get(url).bearer_auth(&bearer).send().await.unwrap();
    assert_eq!(
        with_token.status(),
        400,
        "storage refuses a second auth mechanism"
    );

    sim.expire_signed_urls();
    let expired = http().get(url).send().await.unwrap();
    assert_eq!(expired.status(), 403);
    assert!(expired
        .text()
        .await
        .unwrap()
        .contains("<Code>AccessDenied</Code>"));

    let tampered = url.replace("Expires=", "Expires=9");
    assert_eq!(http().get(tampered).send().await.unwrap().status(), 403);

    assert_eq!(
        get(
            &sim,
            &bearer,
            &format!("/content/{card}?timezone=not%20a%20zone")
        )
        .await
        .0,
        400
    );
    assert_eq!(
        get(
            &sim,
            &bearer,
            &format!("/content/{card}?timezone=Europe/London")
        )
        .await
        .0,
        200
    );
}

#[tokio::test]
async fn cards_are_created_replaced_validated_and_deleted() {
    let sim = start().await;
    let user = sim.default_user();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);
    let post = |body: Value| {
        let bearer = bearer.clone();
        let sim = &sim;
        async move { send_json(sim, Method::POST, &bearer, "/content", &body).await }
    };

    let (status, created) = post(seed::user_made_card("New", 2, "h")).await;
    assert_eq!(status, 200);
    let card = &created["card"];
    let card_id = card["cardId"].as_str().unwrap().to_owned();
    assert_eq!(card_id.len(), 5);
    assert_eq!(card["userId"], user.as_str());
    assert_eq!(card["content"]["config"]["resumeTimeout"], 2_592_000);
    assert!(card["createdAt"].is_string() && card["_id"].is_string());

    let mut replacement =
        json!({ "cardId": card_id, "title": "Renamed", "content": { "chapters": [] } });
    let (status, replaced) = post(replacement.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(
        replaced["card"]["content"]["chapters"],
        json!([]),
        "whole-document replace"
    );
    assert_eq!(replaced["card"]["createdAt"], card["createdAt"]);

    let (status, error) = post(json!({ "title": "" })).await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (400, Some("bad-request"))
    );
    let (status, error) = post(seed::user_made_card("Big", 101, "h")).await;
    assert_eq!(status, 400);
    assert_eq!(error["error"]["message"], "track count is limited to 100");
    let chapter_without_display = json!({ "title": "t", "content": { "chapters": [{ "key": "01", "title": "c", "tracks": [] }] } });
    assert_eq!(post(chapter_without_display).await.0, 400);

    let path = format!("/content/{card_id}");
    let (status, ok) = send_json(&sim, Method::DELETE, &bearer, &path, &json!(null)).await;
    assert_eq!((status, ok), (200, json!({ "status": "ok" })));
    let (status, gone) = get(&sim, &bearer, &path).await;
    assert_eq!(status, 404);
    assert_eq!(
        gone["error"]["message"],
        format!("Card {card_id} does not exist.")
    );
    replacement["title"] = "Back".into();
    let (status, error) = post(replacement).await;
    assert_eq!(status, 400);
    assert_eq!(error["error"]["message"], "Deleted card cannot be restored");

    let bought = sim
        .seed_card(&user, seed::purchased_card("Bought", "h"))
        .unwrap();
    let path = format!("/content/{bought}");
    assert_eq!(
        send_json(&sim, Method::DELETE, &bearer, &path, &json!(null))
            .await
            .0,
        404
    );
    let (_, all) = get(&sim, &bearer, "/content/mine?showdeleted=true").await;
    assert_eq!(all["cards"].as_array().unwrap().len(), 2);
}
