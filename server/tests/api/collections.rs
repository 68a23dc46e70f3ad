//! Collections (`api::collections`): CRUD, slugs, default, delete with or without its cards,
//! card links (which last while their maker is an editor of the card's home) and background
//! images.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, png_bytes, pointers, spawn_app, User};

#[tokio::test]
async fn create_list_get_update_and_slugs() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_problem(app.anonymous().get("/api/collections").await, 401).await;
    let c = admin.create_collection("Bedtime Stories").await;
    assert_eq!(c["slug"], "bedtime-stories");
    assert_eq!(c["viewer_role"], "owner");
    assert_eq!(c["is_default"], false);
    assert_eq!(c["card_count"], 0);
    assert!(c["background_image_hash"].is_null());
    let again = admin.create_collection("Bedtime Stories").await;
    assert_eq!(
        again["slug"], "bedtime-stories-2",
        "derived slugs stay unique"
    );

    let taken = admin
        .post_json(
            "/api/collections",
            &json!({"name": "X", "description": "", "slug": "bedtime-stories"}),
        )
        .await;
    assert_problem(taken, 409).await;
    let bad = admin
        .post_json(
            "/api/collections",
            &json!({"name": "", "description": "", "slug": "Bad Slug"}),
        )
        .await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        ["/name", "/slug"]
    );

    let avail: Value = admin
        .get_json("/api/collections/slug-available?slug=bedtime-stories")
        .await;
    assert_eq!(avail["available"], false);
    let avail: Value = admin
        .get_json("/api/collections/slug-available?slug=fresh-one")
        .await;
    assert_eq!(avail["available"], true);
    assert_problem(
        admin
            .get("/api/collections/slug-available?slug=NOPE!")
            .await,
        422,
    )
    .await;

    let id = c["id"].as_str().unwrap();
    let r = admin
        .put_json(
            &format!("/api/collections/{id}"),
            &json!({"name": "Night Night", "description": "calm"}),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(
        admin
            .put_json(
                &format!("/api/collections/{id}/slug"),
                &json!({"slug": "night-night"})
            )
            .await
            .status(),
        204
    );
    assert_problem(
        admin
            .put_json(
                &format!("/api/collections/{id}/slug"),
                &json!({"slug": "bedtime-stories-2"}),
            )
            .await,
        409,
    )
    .await;
    let by_slug: Value = admin.get_json("/api/collections/by-slug/night-night").await;
    assert_eq!(by_slug["name"], "Night Night");
    assert_eq!(by_slug["cards"], json!([]));
    let by_id: Value = admin.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(by_id["description"], "calm");
    let list: Vec<Value> = admin.get_list("/api/collections").await;
    assert_eq!(list.len(), 2);
    assert_problem(admin.get("/api/collections/no-such-id").await, 404).await;
}

#[tokio::test]
async fn one_default_collection_per_user() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let first: Value = admin
        .post_empty("/api/collections/default")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(first["is_default"], true);
    assert_eq!(first["name"], "My recordings");
    let second: Value = admin
        .post_empty("/api/collections/default")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        first["id"], second["id"],
        "get-or-create returns the same collection"
    );

    let other = admin.create_collection("Songs").await;
    let other_id = other["id"].as_str().unwrap();
    assert_eq!(
        admin
            .post_empty(&format!("/api/collections/{other_id}/set-default"))
            .await
            .status(),
        204
    );
    let list: Vec<Value> = admin.get_list("/api/collections").await;
    let defaults: Vec<_> = list.iter().filter(|c| c["is_default"] == true).collect();
    assert_eq!(defaults.len(), 1);
    assert_eq!(defaults[0]["id"], other["id"]);
    let now: Value = admin
        .post_empty("/api/collections/default")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(now["id"], other["id"]);
}

#[tokio::test]
async fn delete_refuses_to_orphan_cards_unless_cascading() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let home = admin.create_collection("Home").await;
    let shelf = admin.create_collection("Shelf").await;
    let (home_id, shelf_id) = (home["id"].as_str().unwrap(), shelf["id"].as_str().unwrap());
    let kept = admin.create_card(shelf_id, "Kept Card").await;
    admin.create_card(home_id, "Doomed Card").await;
    let link = admin
        .post_json(
            &format!("/api/collections/{home_id}/cards/link"),
            &json!({"card_id": kept["slug"]}),
        )
        .await;
    assert_eq!(link.status(), 204);
    let listed: Value = admin.get_json(&format!("/api/collections/{home_id}")).await;
    assert_eq!(listed["card_count"], 2);

    assert_problem(
        admin.delete(&format!("/api/collections/{home_id}")).await,
        409,
    )
    .await;
    assert_eq!(
        admin.get("/api/cards/doomed-card").await.status(),
        200,
        "nothing changed"
    );
    assert_eq!(
        admin
            .delete(&format!("/api/collections/{home_id}?cascade=true"))
            .await
            .status(),
        204
    );
    assert_problem(admin.get("/api/cards/doomed-card").await, 404).await;
    let kept_now: Value = admin.get_json("/api/cards/kept-card").await;
    assert_eq!(
        kept_now["collection_id"], shelf["id"],
        "linked cards stay in their home"
    );

    let empty = admin.create_collection("Empty").await;
    assert_eq!(
        admin
            .delete(&format!(
                "/api/collections/{}",
                empty["id"].as_str().unwrap()
            ))
            .await
            .status(),
        204
    );
}

#[tokio::test]
async fn linking_shows_a_card_in_another_collection_read_only() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let private = owner.create_collection("Private").await;
    let shared = owner.create_collection("Shared").await;
    let (private_id, shared_id) = (
        private["id"].as_str().unwrap(),
        shared["id"].as_str().unwrap(),
    );
    let card = owner.create_card(private_id, "Linked Tale").await;
    let (friend, _) = app
        .member_of(&owner, shared_id, "friend@example.com", "editor")
        .await;
    assert_problem(friend.get("/api/cards/linked-tale").await, 404).await;

    let r = owner
        .post_json(
            &format!("/api/collections/{shared_id}/cards/link"),
            &json!({"card_id": card["slug"]}),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(
        owner
            .post_json(
                &format!("/api/collections/{shared_id}/cards/link"),
                &json!({"card_id": card["slug"]})
            )
            .await
            .status(),
        204,
        "linking twice is harmless"
    );
    assert_problem(
        owner
            .post_json(
                &format!("/api/collections/{private_id}/cards/link"),
                &json!({"card_id": card["slug"]}),
            )
            .await,
        409,
    )
    .await;
    assert_problem(
        owner
            .post_json(
                &format!("/api/collections/{shared_id}/cards/link"),
                &json!({"card_id": "nope"}),
            )
            .await,
        404,
    )
    .await;

    let seen: Value = friend.get_json("/api/cards/linked-tale").await;
    assert_eq!(
        seen["viewer_role"], "viewer",
        "reachable through the link, owned by its home"
    );
    assert_eq!(seen["collection_id"], private["id"]);
    assert_problem(
        friend
            .put_json(
                "/api/cards/linked-tale",
                &json!({"title": "Mine", "description": ""}),
            )
            .await,
        403,
    )
    .await;
    let in_shared: Vec<Value> = friend
        .get_list(&format!("/api/collections/{shared_id}/cards"))
        .await;
    assert_eq!(in_shared.len(), 1);

    let card_id = card["slug"].as_str().unwrap();
    assert_eq!(
        friend
            .delete(&format!(
                "/api/collections/{shared_id}/cards/{card_id}/link"
            ))
            .await
            .status(),
        204,
        "editors of the shelf may unlink"
    );
    assert_problem(friend.get("/api/cards/linked-tale").await, 404).await;
    assert_problem(
        owner
            .delete(&format!(
                "/api/collections/{shared_id}/cards/{card_id}/link"
            ))
            .await,
        404,
    )
    .await;
}

#[tokio::test]
async fn background_images_are_content_addressed_and_cached() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Pictures").await;
    let id = c["id"].as_str().unwrap();
    let (viewer, _) = app.member_of(&admin, id, "v@example.com", "viewer").await;
    assert_problem(
        admin
            .get(&format!("/api/collections/{id}/background"))
            .await,
        404,
    )
    .await;
    assert_problem(
        viewer
            .upload(
                &format!("/api/collections/{id}/background"),
                png_bytes(8, 8),
                "a.png",
            )
            .await,
        403,
    )
    .await;
    assert_eq!(
        admin
            .upload(
                &format!("/api/collections/{id}/background"),
                png_bytes(40, 20),
                "a.png"
            )
            .await
            .status(),
        204
    );
    let r = viewer
        .get(&format!("/api/collections/{id}/background"))
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/jpeg");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    let listed: Value = viewer.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(
        format!("\"{}\"", listed["background_image_hash"].as_str().unwrap()),
        etag
    );
    let again = viewer
        .client
        .get(viewer.url(&format!("/api/collections/{id}/background")))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn collections_of_one_name_made_at_once_get_their_own_slugs() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (client, url) = (admin.client.clone(), admin.url("/api/collections"));
        tasks.spawn(async move {
            let r = client
                .post(url)
                .json(&json!({"name": "Bedtime", "description": ""}))
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        });
    }
    let mut slugs = Vec::new();
    while let Some(done) = tasks.join_next().await {
        let (status, body) = done.unwrap();
        assert_eq!(status, 201, "{body}");
        slugs.push(body["slug"].as_str().unwrap().to_owned());
    }
    slugs.sort();
    slugs.dedup();
    assert_eq!(slugs.len(), 12, "{slugs:?}");
    // a slug the caller chose is never changed: taken is 409
    let r = admin
        .post_json(
            "/api/collections",
            &json!({"name": "Other", "description": "", "slug": "bedtime"}),
        )
        .await;
    assert_eq!(r.status(), 409);
}

/// The ids of the cards `user` sees in a collection.
async fn cards_in(user: &User, collection_id: &str) -> Vec<String> {
    let r = user
        .get(&format!("/api/collections/{collection_id}/cards"))
        .await;
    if r.status() != 200 {
        return Vec::new();
    }
    let cards: Vec<Value> = r.json().await.unwrap();
    cards
        .iter()
        .map(|c| c["slug"].as_str().unwrap().to_owned())
        .collect()
}

async fn link(user: &User, collection_id: &str, card: &str) -> reqwest::Response {
    user.post_json(
        &format!("/api/collections/{collection_id}/cards/link"),
        &json!({ "card_id": card }),
    )
    .await
}

async fn set_role(owner: &User, collection_id: &str, user_id: &str, role: &str) {
    let r = owner
        .put_json(
            &format!("/api/collections/{collection_id}/members/{user_id}"),
            &json!({ "role": role }),
        )
        .await;
    assert_eq!(r.status(), 204, "setting role {role}");
}

/// A viewer cannot pass a shared card on; an editor can, and the link lasts exactly as long as
/// they stay an editor of the card's home (removed, demoted or leaving ends it).
#[tokio::test]
async fn links_end_when_their_maker_loses_editor_in_the_home() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let (member, member_id) = app.new_user("member@example.com", "user").await;
    let family = owner.create_collection("Family").await;
    let family_id = family["id"].as_str().unwrap();
    let card = owner.create_card(family_id, "Shared Tale").await;
    let slug = card["slug"].as_str().unwrap();
    let shelf = member.create_collection("Member shelf").await;
    let shelf_id = shelf["id"].as_str().unwrap();
    // the friend sees the member's shelf (so anything linked into it)
    let (friend, _) = app
        .member_of(&member, shelf_id, "friend@example.com", "viewer")
        .await;
    let theirs = friend.create_collection("Friend shelf").await;
    let theirs_id = theirs["id"].as_str().unwrap();

    // a viewer of the home sees the card but may not link it anywhere
    assert_eq!(
        owner
            .add_member(family_id, "member@example.com", "viewer")
            .await
            .status(),
        204
    );
    assert_eq!(
        member.get(&format!("/api/cards/{slug}")).await.status(),
        200
    );
    let refused = assert_problem(link(&member, shelf_id, slug).await, 403).await;
    assert!(
        refused["detail"].as_str().unwrap().contains("home"),
        "{refused}"
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    // cards and collections the caller cannot see stay hidden (404)
    assert_problem(link(&member, shelf_id, "no-such-card").await, 404).await;
    assert_problem(link(&member, family_id, slug).await, 403).await;
    assert_problem(link(&friend, theirs_id, slug).await, 404).await;

    // as an editor of the home the member links it into their own shelf
    set_role(&owner, family_id, &member_id, "editor").await;
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    assert_eq!(cards_in(&member, shelf_id).await, vec![slug.to_owned()]);
    // the friend sees it through the link, read-only, and cannot pass it on either
    let seen: Value = friend.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(seen["viewer_role"], "viewer");
    let refused = assert_problem(link(&friend, theirs_id, slug).await, 403).await;
    assert!(
        refused["detail"].as_str().unwrap().contains("link"),
        "{refused}"
    );

    // removed from the home: the link goes, and the card with it
    assert_eq!(
        owner
            .delete(&format!("/api/collections/{family_id}/members/{member_id}"))
            .await
            .status(),
        204
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(member.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_problem(friend.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_problem(link(&member, shelf_id, slug).await, 404).await;
    let shelf_now: Value = member
        .get_json(&format!("/api/collections/{shelf_id}"))
        .await;
    assert_eq!(shelf_now["card_count"], 0);

    // granted again: linking works again
    assert_eq!(
        owner
            .add_member(family_id, "member@example.com", "editor")
            .await
            .status(),
        204
    );
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    assert_eq!(cards_in(&member, shelf_id).await, vec![slug.to_owned()]);

    // demoted to viewer: the link goes, the member still sees the card in its home
    set_role(&owner, family_id, &member_id, "viewer").await;
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(friend.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_eq!(
        member.get(&format!("/api/cards/{slug}")).await.status(),
        200
    );

    // leaving ends the member's links too, but not somebody else's
    set_role(&owner, family_id, &member_id, "editor").await;
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    let other = owner.create_collection("Owner shelf").await;
    let other_id = other["id"].as_str().unwrap();
    assert_eq!(link(&owner, other_id, slug).await.status(), 204);
    assert_eq!(
        member
            .delete(&format!("/api/collections/{family_id}/members/{member_id}"))
            .await
            .status(),
        204
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(member.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_eq!(cards_in(&owner, other_id).await, vec![slug.to_owned()]);
}
