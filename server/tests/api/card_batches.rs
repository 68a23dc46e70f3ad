//! Many cards at once (`POST /cards/batch`) and exporting chosen cards: move, link and delete
//! in one transaction, the preview's track count, every refusal all-or-nothing with its
//! reason, and who may — granted and revoked.

use serde_json::{json, Value};

use crate::exports::{card_files, export};
use crate::support::audio_fixtures::{tone, upload_track};
use crate::support::helpers::{assert_problem, spawn_app, User};

async fn batch(user: &User, body: Value) -> reqwest::Response {
    user.post_json("/api/cards/batch", &body).await
}

fn slug(card: &Value) -> String {
    card["slug"].as_str().unwrap().to_owned()
}

/// Titles of the cards collection `id` lists.
async fn titles_in(user: &User, id: &str) -> Vec<String> {
    let mut titles: Vec<String> = user
        .get_list(&format!("/api/collections/{id}/cards"))
        .await
        .iter()
        .map(|c| c["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    titles
}

#[tokio::test]
async fn cards_move_link_and_delete_together_with_one_count_of_tracks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Shelf").await;
    let other = admin.collection_id("Other").await;
    let owl = slug(&admin.create_card(&shelf, "Owl").await);
    let bat = slug(&admin.create_card(&shelf, "Bat").await);
    let fox = slug(&admin.create_card(&shelf, "Fox").await);
    for card in [&owl, &owl, &bat] {
        upload_track(&admin, card, &tone(1, "wav")).await;
    }

    // a preview says what a delete would take along, and changes nothing
    let r = batch(
        &admin,
        json!({ "cards": [owl, bat], "action": "delete", "preview": true }),
    )
    .await;
    assert_eq!(r.status(), 200);
    let preview: Value = r.json().await.unwrap();
    assert_eq!(preview["tracks"], 3);
    assert_eq!(preview["cards"][0]["track_count"], 2);
    assert_eq!(titles_in(&admin, &shelf).await, ["Bat", "Fox", "Owl"]);

    let r = batch(
        &admin,
        json!({ "cards": [owl, bat], "action": "move", "collection_id": other }),
    )
    .await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    assert_eq!(titles_in(&admin, &shelf).await, ["Fox"]);
    assert_eq!(titles_in(&admin, &other).await, ["Bat", "Owl"]);

    let r = batch(
        &admin,
        json!({ "cards": [fox], "action": "link", "collection_id": other }),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(titles_in(&admin, &other).await, ["Bat", "Fox", "Owl"]);
    assert_eq!(titles_in(&admin, &shelf).await, ["Fox"]);

    let r = batch(&admin, json!({ "cards": [owl, bat], "action": "delete" })).await;
    let done: Value = r.json().await.unwrap();
    assert_eq!(done["tracks"], 3);
    assert_problem(admin.get(&format!("/api/cards/{owl}")).await, 404).await;
    assert_eq!(titles_in(&admin, &other).await, ["Fox"]);

    // `batch` is the batch's own address: no card may take it as its slug
    let r = admin
        .post_json(
            &format!("/api/collections/{other}/cards"),
            &json!({ "title": "Batch", "description": "", "slug": "batch" }),
        )
        .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("/slug"), "{problem}");
    let derived = admin.create_card(&other, "Batch").await;
    assert_ne!(derived["slug"], "batch");

    // the shape is checked before anything
    let r = batch(&admin, json!({ "cards": [fox], "action": "move" })).await;
    assert_problem(r, 422).await;
    let r = batch(&admin, json!([fox, "delete"])).await;
    assert_problem(r, 422).await;
}

#[tokio::test]
async fn a_batch_is_refused_whole_when_one_card_is_out_of_reach() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Shared").await;
    let mine = admin.collection_id("Mine").await;
    let owl = slug(&admin.create_card(&shelf, "Owl").await);
    let bat = slug(&admin.create_card(&shelf, "Bat").await);
    let (editor, editor_id) = app
        .member_of(&admin, &shelf, "ed@example.com", "editor")
        .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let theirs = stranger.collection_id("Theirs").await;
    let hidden = slug(&stranger.create_card(&theirs, "Hidden").await);

    // a card the caller cannot see: named, and nothing else changes
    let r = batch(
        &editor,
        json!({ "cards": [owl, hidden, bat], "action": "delete" }),
    )
    .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("/cards/1"), "{problem}");
    assert!(
        problem.to_string().contains("is not a card you can see"),
        "{problem}"
    );
    assert_eq!(titles_in(&admin, &shelf).await, ["Bat", "Owl"]);

    // moving takes a card from its home's owners: an editor may not
    let editors_own = editor.collection_id("Editor's").await;
    let r = batch(
        &editor,
        json!({ "cards": [owl], "action": "move", "collection_id": editors_own }),
    )
    .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("needs owner"), "{problem}");
    // nor into a collection they cannot edit
    let r = batch(
        &editor,
        json!({ "cards": [owl], "action": "link", "collection_id": mine }),
    )
    .await;
    assert_problem(r, 404).await;
    // linking into their own collection, they may
    let r = batch(
        &editor,
        json!({ "cards": [owl], "action": "link", "collection_id": editors_own }),
    )
    .await;
    assert_eq!(r.status(), 200);

    // granted: an editor deletes; revoked to viewer: refused, nothing changes
    let role_url = format!("/api/collections/{shelf}/members/{editor_id}");
    assert_eq!(
        admin
            .put_json(&role_url, &json!({ "role": "viewer" }))
            .await
            .status(),
        204
    );
    let r = batch(&editor, json!({ "cards": [bat], "action": "delete" })).await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("needs editor"), "{problem}");
    assert_eq!(titles_in(&admin, &shelf).await, ["Bat", "Owl"]);
    assert_eq!(
        admin
            .put_json(&role_url, &json!({ "role": "editor" }))
            .await
            .status(),
        204
    );
    let r = batch(&editor, json!({ "cards": [bat], "action": "delete" })).await;
    assert_eq!(r.status(), 200);
    assert_eq!(titles_in(&admin, &shelf).await, ["Owl"]);
}

#[tokio::test]
async fn only_the_chosen_cards_are_exported() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Export").await;
    let owl = slug(&admin.create_card(&shelf, "Owl").await);
    let _bat = slug(&admin.create_card(&shelf, "Bat").await);
    let fox = slug(&admin.create_card(&shelf, "Fox").await);
    let zip = export(&admin, json!({ "card_slugs": [fox, owl] })).await;
    let mut titles: Vec<String> = card_files(&zip)
        .iter()
        .map(|c| c["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    assert_eq!(titles, ["Fox", "Owl"]);

    let (stranger, _) = app.new_user("s@example.com", "user").await;
    let r = stranger
        .post_json("/api/exports", &json!({ "card_slugs": [owl] }))
        .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("/card_slugs/0"), "{problem}");
    let r = admin
        .post_json("/api/exports", &json!({ "card_slugs": [] }))
        .await;
    assert_problem(r, 422).await;
}
