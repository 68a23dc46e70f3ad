//! No list asks the database once per row: the connections each listing takes from the pool
//! (one per query on the pool, `db::acquisitions`) are the same for 3 cards and for 40.

use cardsmith_core::cards::{search, service as cards};
use cardsmith_core::collections::service as collections;
use cardsmith_core::db::acquisitions;
use cardsmith_core::{Actor, Core};
use cardsmith_model::library::CardQuery;
use serde_json::json;

use crate::support::audio_fixtures::{tone, upload_track};
use crate::support::helpers::{spawn_app, User};

/// The queries each list runs for `actor`, by name.
async fn counts(core: &Core, actor: &Actor, shelf: &str) -> Vec<(&'static str, u64)> {
    let (all, n_all) = acquisitions::count(cards::list_cards(core, actor)).await;
    let (within, n_within) =
        acquisitions::count(cards::list_collection_cards(core, actor, shelf)).await;
    let (mine, n_mine) = acquisitions::count(collections::list(core, actor)).await;
    let (page, n_page) =
        acquisitions::count(search::search(core, actor, &CardQuery::default())).await;
    assert!(all.is_ok() && within.is_ok() && mine.is_ok() && page.is_ok());
    vec![
        ("GET /cards", n_all),
        ("GET /collections/{id}/cards", n_within),
        ("GET /collections", n_mine),
        ("the library's page of cards", n_page),
    ]
}

async fn actor_of(user: &User) -> Actor {
    Actor {
        user: serde_json::from_value(user.get_json("/api/auth/me").await).unwrap(),
        session_id: String::new(),
        ip: None,
        locale: Default::default(),
    }
}

#[tokio::test]
async fn lists_query_the_same_number_of_times_for_3_cards_and_for_40() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let actor = actor_of(&admin).await;
    let shelf = admin.create_collection("Shelf").await;
    let shelf = shelf["id"].as_str().unwrap();
    let other = admin.create_collection("Other").await;
    let first = admin.create_card(shelf, "Story 0").await;
    admin.create_card(shelf, "Story 1").await;
    let linked = admin
        .create_card(other["id"].as_str().unwrap(), "Linked")
        .await;
    let r = admin
        .post_json(
            &format!("/api/collections/{shelf}/cards/link"),
            &json!({"card_id": linked["slug"]}),
        )
        .await;
    assert_eq!(r.status(), 204);
    upload_track(&admin, first["slug"].as_str().unwrap(), &tone(1, "wav")).await;

    let few = counts(&app.core, &actor, shelf).await;
    for i in 2..39 {
        admin.create_card(shelf, &format!("Story {i}")).await;
    }
    for i in 0..5 {
        admin.create_collection(&format!("More {i}")).await;
    }
    let many = counts(&app.core, &actor, shelf).await;
    for ((list, n_few), (_, n_many)) in few.iter().zip(&many) {
        assert!(*n_few > 0, "{list}: the count sees its queries");
        assert_eq!(
            n_few, n_many,
            "{list}: 3 cards {n_few} queries, 40 cards {n_many}"
        );
    }
    eprintln!("queries per list: {many:?}");
}
