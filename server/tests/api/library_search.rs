//! The library's search (`/rpc/library_answer`): one page of a large library at a time,
//! found by title, author, description or a track's title, filtered, ordered, with bounded
//! pages, and answered as the page shows it (the server renders the tiles or rows); another
//! user's cards never answer until a collection is shared and stop answering when it is not;
//! hostile words match literally or are refused. The REST list (`GET /api/cards`) keeps its
//! contract.

use std::collections::{HashMap, HashSet};

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, spawn_app, TestApp, User};

async fn ask(user: &User, scope: Value, query: Value) -> Response {
    user.client
        .post(user.url("/rpc/library_answer"))
        .header("accept", "application/json")
        .json(&json!({ "scope": scope, "query": query }))
        .send()
        .await
        .unwrap()
}

/// Every card the caller can reach, asked `query`.
async fn search(user: &User, query: Value) -> Response {
    ask(user, json!("Everything"), query).await
}

/// The cards of the collection `slug`, asked `query`.
async fn search_in(user: &User, slug: &str, query: Value) -> Response {
    ask(user, json!({ "Collection": slug }), query).await
}

/// A refused call: its status, and the problem document a server function answers with.
async fn refused(response: Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    let problem: Value = response.json().await.unwrap();
    assert_eq!(problem["status"], status, "{problem}");
    problem
}

/// A page that must be a 200, read as its reader sees it: the answer (`html`, `page`,
/// `announcement`), under `total` the count it states, and under `titles` the titles of the
/// cards it links to, in order.
async fn page(user: &User, query: Value) -> Value {
    let r = search(user, query.clone()).await;
    assert_eq!(r.status(), 200, "{query}");
    read(user, r.json().await.unwrap()).await
}

/// A page of the collection `slug` that must be a 200, read as [`page`] reads one.
async fn page_in(user: &User, slug: &str, query: Value) -> Value {
    let r = search_in(user, slug, query.clone()).await;
    assert_eq!(r.status(), 200, "{slug}: {query}");
    read(user, r.json().await.unwrap()).await
}

/// `answer` with the titles of the cards it shows, in order (each tile or row links to its
/// card's page once; the titles are the REST list's).
async fn read(user: &User, mut answer: Value) -> Value {
    let all: Vec<Value> = user.get("/api/cards").await.json().await.unwrap();
    let title_of: HashMap<&str, &str> = all
        .iter()
        .map(|c| (c["slug"].as_str().unwrap(), c["title"].as_str().unwrap()))
        .collect();
    let html = answer["html"].as_str().unwrap().to_owned();
    let titles: Vec<&str> = html
        .split("href=\"/cards/")
        .skip(1)
        .map(|rest| title_of[&rest[..rest.find('"').unwrap()]])
        .collect();
    answer["titles"] = json!(titles);
    answer["total"] = json!(total_of(answer["announcement"].as_str().unwrap()));
    answer
}

/// How many cards answer, all pages together, as the count says it: "Showing 1–48 of 155
/// cards", "No cards of 1,000 shown"; none for "No cards match" or "No cards".
fn total_of(count: &str) -> u64 {
    count.rsplit_once(" of ").map_or(0, |(_, rest)| {
        let number = rest.split(' ').next().unwrap();
        number.replace(',', "").parse().unwrap()
    })
}

fn titles(page: &Value) -> Vec<String> {
    page["titles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect()
}

/// How often `needle` occurs in the answer's HTML.
fn shows(page: &Value, needle: &str) -> usize {
    page["html"].as_str().unwrap().matches(needle).count()
}

/// `n` cards titled `{prefix} 000`… homed in `collection_id`, inserted directly (one
/// transaction), created and updated one minute apart in title order.
async fn seed_cards(app: &TestApp, collection_id: &str, prefix: &str, n: usize) -> Vec<String> {
    let mut tx = app.core.db.pool().begin().await.unwrap();
    let mut slugs = Vec::new();
    for i in 0..n {
        let slug = format!("{}-{i:03}", prefix.to_lowercase().replace(' ', "-"));
        let at = format!(
            "2026-01-{:02}T{:02}:{:02}:00Z",
            1 + i / 1440,
            i / 60 % 24,
            i % 60
        );
        sqlx::query(
            "INSERT INTO cards (id, slug, home_collection_id, title, description, author, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'A story', '', $5, $5)",
        )
        .bind(cardsmith_core::new_id())
        .bind(&slug)
        .bind(collection_id)
        .bind(format!("{prefix} {i:03}"))
        .bind(&at)
        .execute(&mut *tx)
        .await
        .unwrap();
        slugs.push(slug);
    }
    tx.commit().await.unwrap();
    slugs
}

/// Gives the card `slug` a track titled `title` (a playable one, or a kept source that is not
/// searched) and counts its playable tracks, as the track services would.
async fn add_track(app: &TestApp, slug: &str, title: &str, source: bool) {
    let pool = app.core.db.pool();
    let card_id: String = sqlx::query_scalar("SELECT id FROM cards WHERE slug = $1")
        .bind(slug)
        .fetch_one(pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO tracks (id, card_id, slug, title, position, is_source, source_type, transcode_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 1, $5, 'upload', 'ready', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
    )
    .bind(cardsmith_core::new_id())
    .bind(&card_id)
    .bind(format!("t-{}", cardsmith_core::new_id()))
    .bind(title)
    .bind(i64::from(source))
    .execute(pool)
    .await
    .unwrap();
    sqlx::query(
        "UPDATE cards SET track_count = (SELECT COUNT(*) FROM tracks WHERE card_id = $1 AND is_source = 0),
                          total_duration_ms = 61000 WHERE id = $1",
    )
    .bind(&card_id)
    .execute(pool)
    .await
    .unwrap();
}

fn id_of(collection: &Value) -> String {
    collection["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_large_library_is_searched_filtered_ordered_and_paged_on_the_server() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.create_collection("Shelf").await;
    let attic = admin.create_collection("Attic").await;
    let slugs = seed_cards(&app, &id_of(&shelf), "Shelf card", 150).await;
    seed_cards(&app, &id_of(&attic), "Attic card", 5).await;
    // one Shelf card is linked into the Attic too
    let r = admin
        .post_json(
            &format!("/api/collections/{}/cards/link", id_of(&attic)),
            &json!({"card_id": slugs[3]}),
        )
        .await;
    assert_eq!(r.status(), 204);
    let pool = app.core.db.pool();
    sqlx::query("UPDATE cards SET author = 'Roald Dahl' WHERE slug = $1")
        .bind(&slugs[7])
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("UPDATE cards SET description = 'About a lighthouse keeper' WHERE slug = $1")
        .bind(&slugs[8])
        .execute(pool)
        .await
        .unwrap();
    add_track(&app, &slugs[9], "Twinkle Twinkle Little Star", false).await;
    add_track(&app, &slugs[10], "Rain song", false).await;
    add_track(&app, &slugs[11], "Hidden original take", true).await;

    // the first page of everything, by title: 48 tiles of 155, the count and the badges' records
    let first = page(&admin, json!({})).await;
    assert_eq!(first["total"], 155);
    assert_eq!(first["page"], 1);
    assert_eq!(first["announcement"], "Showing 1–48 of 155 cards");
    assert_eq!(shows(&first, "Showing 1–48 of 155 cards"), 1);
    assert_eq!(shows(&first, "aria-label=\"Page 4\""), 1, "the pager");
    let shown = titles(&first);
    assert_eq!(shown.len(), 48);
    assert_eq!(shown[0], "Attic card 000");
    let mut sorted = shown.clone();
    sorted.sort_by_key(|t| t.to_lowercase());
    assert_eq!(shown, sorted, "title order");

    // every page together is the library, each card once
    let mut seen = HashSet::new();
    for n in 1..=4 {
        let p = page(&admin, json!({"page": n})).await;
        assert_eq!(p["page"], n);
        for t in titles(&p) {
            assert!(seen.insert(t.clone()), "{t} on two pages");
        }
    }
    assert_eq!(seen.len(), 155);
    let last = page(&admin, json!({"page": 4})).await;
    assert_eq!(titles(&last).len(), 155 - 3 * 48);
    // past the end: the last page, saying so
    let past = page(&admin, json!({"page": 99})).await;
    assert_eq!(past["page"], 4);
    assert_eq!(titles(&past), titles(&last));
    // the list view holds 100 rows
    let rows = page(&admin, json!({"view": "list", "page": 2})).await;
    assert_eq!(rows["announcement"], "Showing 101–155 of 155 cards");
    assert_eq!(titles(&rows).len(), 55);

    // words: a track's title (not a kept source's), the author, the description, all words
    let found = |q: &'static str| {
        let admin = &admin;
        async move { titles(&page(admin, json!({ "q": q })).await) }
    };
    assert_eq!(found("twinkle").await, ["Shelf card 009"]);
    assert_eq!(
        found("  STAR   little ").await,
        ["Shelf card 009"],
        "case and order"
    );
    assert_eq!(found("rain").await, ["Shelf card 010"]);
    assert!(
        found("hidden original").await.is_empty(),
        "sources are not searched"
    );
    assert_eq!(found("dahl").await, ["Shelf card 007"]);
    assert_eq!(found("lighthouse").await, ["Shelf card 008"]);
    assert_eq!(found("shelf 149").await, ["Shelf card 149"]);
    assert!(
        found("twinkle dahl").await.is_empty(),
        "every word must match"
    );

    // filters: tracks, and a collection (its own cards and the ones linked in)
    let with = page(&admin, json!({"tracks": "with-tracks", "view": "list"})).await;
    assert_eq!(titles(&with), ["Shelf card 009", "Shelf card 010"]);
    assert_eq!(
        shows(&with, "1 track · 1:01"),
        2,
        "the rows' tracks and length"
    );
    let empty = page(&admin, json!({"tracks": "empty"})).await;
    assert_eq!(empty["total"], 153);
    let attic_only = page(&admin, json!({"collection": attic["slug"]})).await;
    assert_eq!(attic_only["total"], 6);
    assert!(titles(&attic_only).contains(&"Shelf card 003".to_owned()));
    let within = page_in(
        &admin,
        attic["slug"].as_str().unwrap(),
        json!({"q": "shelf"}),
    )
    .await;
    assert_eq!(titles(&within), ["Shelf card 003"]);
    assert_eq!(shows(&within, ">Linked<"), 1, "homed elsewhere, linked in");
    let both = page(
        &admin,
        json!({"collection": shelf["slug"], "q": "twinkle", "tracks": "empty"}),
    )
    .await;
    assert_eq!(both["total"], 0);
    assert_eq!(both["page"], 1);
    // nothing matches: said so, with a link to the same library asked nothing
    assert_eq!(both["announcement"], "No cards match");
    assert_eq!(shows(&both, "Clear search and filters"), 1);
    assert_eq!(shows(&both, "href=\"/cards\""), 1);
    assert_eq!(shows(&both, "data-ask-in-place"), 1);

    // orders: recently updated and recently created
    sqlx::query("UPDATE cards SET updated_at = '2027-01-01T00:00:00Z' WHERE slug = $1")
        .bind(&slugs[42])
        .execute(pool)
        .await
        .unwrap();
    let updated = page(&admin, json!({"sort": "updated"})).await;
    assert_eq!(titles(&updated)[0], "Shelf card 042");
    let created = page(&admin, json!({"sort": "created", "view": "list"})).await;
    let created = titles(&created);
    assert_eq!(created[0], "Shelf card 149", "newest first");
    assert_eq!(created[1], "Shelf card 148");

    // publish states, from the caller's own records (one linked account)
    let user_id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(crate::support::helpers::ADMIN_EMAIL)
        .fetch_one(pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO player_accounts (id, user_id, platform_user_id, label, tokens, status, created_at, updated_at)
         VALUES ('acct', $1, 'family', 'family@example.com', 'sealed', 'linked', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
    )
    .bind(&user_id)
    .execute(pool)
    .await
    .unwrap();
    let hash_of = |slug: &str| {
        let admin = &admin;
        let slug = slug.to_owned();
        async move {
            admin.get_json(&format!("/api/cards/{slug}")).await["content_hash"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    for (slug, status, hash) in [
        (&slugs[20], "published", hash_of(&slugs[20]).await),
        (&slugs[21], "published", "an older version".to_owned()),
        (&slugs[22], "queued", hash_of(&slugs[22]).await),
        (&slugs[23], "failed", hash_of(&slugs[23]).await),
    ] {
        sqlx::query(
            "INSERT INTO publish_records (id, card_id, player_account_id, status, content_hash_at_publish, created_at, updated_at)
             SELECT $1, id, 'acct', $2, $3, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM cards WHERE slug = $4",
        )
        .bind(cardsmith_core::new_id())
        .bind(status)
        .bind(&hash)
        .bind(slug)
        .execute(pool)
        .await
        .unwrap();
    }
    for (state, expected) in [
        ("on-player", "Shelf card 020"),
        ("changed", "Shelf card 021"),
        ("publishing", "Shelf card 022"),
        ("failed", "Shelf card 023"),
    ] {
        let p = page(&admin, json!({"publish": state})).await;
        assert_eq!(titles(&p), [expected], "{state}");
        assert_eq!(p["total"], 1);
        assert_eq!(shows(&p, "data-testid=\"publish-badge\""), 1, "{state}");
    }
    assert_eq!(
        page(&admin, json!({"publish": "never"})).await["total"],
        151
    );
    let first = page(&admin, json!({"q": "card 02"})).await;
    assert_eq!(shows(&first, "data-testid=\"publish-badge\""), 4);

    // the REST list without parameters keeps its contract: every card, as an array
    let r = admin.get("/api/cards").await;
    assert_eq!(r.status(), 200);
    let all: Vec<Value> = r.json().await.unwrap();
    assert_eq!(all.len(), 155);
    // with them, the same search, a page at a time
    let r = admin
        .get("/api/cards?publish=never&per_page=100&page=2")
        .await;
    assert_eq!(r.headers()["x-total-count"], "151");
    assert_eq!(r.json::<Vec<Value>>().await.unwrap().len(), 51);
}

#[tokio::test]
async fn another_users_cards_answer_only_while_their_collection_is_shared() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (friend, friend_id) = app.new_user("search-friend@example.com", "user").await;
    let mine = admin.create_collection("Mine").await;
    seed_cards(&app, &id_of(&mine), "Mine", 3).await;
    let theirs = friend.create_collection("Theirs").await;
    let their_slugs = seed_cards(&app, &id_of(&theirs), "Secret", 4).await;
    add_track(&app, &their_slugs[0], "Lullaby of the friend", false).await;
    let their_slug = theirs["slug"].as_str().unwrap().to_owned();
    let my_slug = mine["slug"].as_str().unwrap().to_owned();

    // apart: each sees only their own, by any door of the search
    assert_eq!(page(&admin, json!({})).await["total"], 3);
    assert_eq!(page(&admin, json!({"q": "secret"})).await["total"], 0);
    assert_eq!(page(&admin, json!({"q": "lullaby"})).await["total"], 0);
    let named = page(&admin, json!({"collection": their_slug})).await;
    assert_eq!(
        named["total"], 0,
        "naming a stranger's collection finds nothing"
    );
    refused(search_in(&admin, &their_slug, json!({})).await, 404).await;
    refused(
        search_in(&admin, "no-such-collection", json!({})).await,
        404,
    )
    .await;
    // a slug longer than any collection's names none, like an unknown one
    let long = refused(
        search_in(&admin, &"s".repeat(100_000), json!({})).await,
        404,
    )
    .await;
    let unknown = refused(
        search_in(&admin, "no-such-collection", json!({})).await,
        404,
    )
    .await;
    assert_eq!(long["detail"], unknown["detail"]);
    assert_eq!(page(&friend, json!({})).await["total"], 4);
    assert_eq!(page(&friend, json!({"q": "mine"})).await["total"], 0);
    refused(search_in(&friend, &my_slug, json!({})).await, 404).await;

    // the friend shares with the admin: their cards answer, a track's title too
    let r = friend
        .add_member(
            &id_of(&theirs),
            crate::support::helpers::ADMIN_EMAIL,
            "viewer",
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_eq!(page(&admin, json!({"q": "secret"})).await["total"], 4);
    assert_eq!(
        titles(&page(&admin, json!({"q": "lullaby"})).await),
        ["Secret 000"]
    );
    assert_eq!(
        page(&admin, json!({"collection": their_slug})).await["total"],
        4
    );
    assert_eq!(
        search_in(&admin, &their_slug, json!({})).await.status(),
        200
    );
    // an empty collection invites whoever may add a card to add one, and only them
    let empty = friend.create_collection("Empty shelf").await;
    let empty_slug = empty["slug"].as_str().unwrap().to_owned();
    let r = friend
        .add_member(
            &id_of(&empty),
            crate::support::helpers::ADMIN_EMAIL,
            "viewer",
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let as_viewer = page_in(&admin, &empty_slug, json!({})).await;
    assert_eq!(as_viewer["announcement"], "No cards");
    assert_eq!(shows(&as_viewer, "Nobody has added a card"), 1);
    let as_owner = page_in(&friend, &empty_slug, json!({})).await;
    assert_eq!(
        shows(&as_owner, "Add the first card with the form below"),
        1
    );
    // the admin shares back: the friend sees the admin's
    let r = admin
        .add_member(&id_of(&mine), "search-friend@example.com", "editor")
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_eq!(page(&friend, json!({"q": "mine"})).await["total"], 3);

    // both revoked: gone again, everywhere
    let admin_id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(crate::support::helpers::ADMIN_EMAIL)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    let r = friend
        .delete(&format!(
            "/api/collections/{}/members/{admin_id}",
            id_of(&theirs)
        ))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let r = admin
        .delete(&format!(
            "/api/collections/{}/members/{friend_id}",
            id_of(&mine)
        ))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_eq!(page(&admin, json!({"q": "secret"})).await["total"], 0);
    assert_eq!(page(&admin, json!({"q": "lullaby"})).await["total"], 0);
    assert_eq!(
        page(&admin, json!({"collection": their_slug})).await["total"],
        0
    );
    refused(search_in(&admin, &their_slug, json!({})).await, 404).await;
    assert_eq!(page(&friend, json!({"q": "mine"})).await["total"], 0);
    assert_eq!(page(&friend, json!({})).await["total"], 4);

    // and nobody signed in gets nothing
    assert_eq!(search(&app.anonymous(), json!({})).await.status(), 401);
}

#[tokio::test]
async fn hostile_words_match_literally_and_unbounded_ones_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Odd titles").await;
    let cid = id_of(&c);
    for title in [
        "100% juice",
        "snake_case tales",
        "O'Brien's \"quoted\" song",
        "back\\slash story",
        "plain one",
        "plain two",
    ] {
        admin.create_card(&cid, title).await;
    }
    let found = |q: String| {
        let admin = &admin;
        async move { titles(&page(admin, json!({ "q": q })).await) }
    };
    assert_eq!(
        found("%".into()).await,
        ["100% juice"],
        "% is not a wildcard"
    );
    assert_eq!(
        found("_".into()).await,
        ["snake_case tales"],
        "_ is not a wildcard"
    );
    assert_eq!(found("'".into()).await, ["O'Brien's \"quoted\" song"]);
    assert_eq!(
        found("\"quoted\"".into()).await,
        ["O'Brien's \"quoted\" song"]
    );
    assert_eq!(found("\\".into()).await, ["back\\slash story"]);
    assert!(found("' OR 1=1 --".into()).await.is_empty());
    assert!(found("x'); DROP TABLE cards; --".into()).await.is_empty());
    assert_eq!(
        page(&admin, json!({})).await["total"],
        6,
        "nothing was dropped"
    );
    // a title is text in the answer, never markup
    admin
        .create_card(&cid, "<img src=x onerror=alert(1)> & co")
        .await;
    let markup = page(&admin, json!({"q": "onerror"})).await;
    assert_eq!(titles(&markup), ["<img src=x onerror=alert(1)> & co"]);
    // escaped wherever it stands: the tile's text, and its checkbox's label and data
    assert_eq!(
        shows(&markup, "&lt;img src=x onerror=alert(1)&gt; &amp; co"),
        3
    );
    assert_eq!(shows(&markup, "<img src=x"), 0);
    // many words: the first ten count, the search still answers
    assert!(found("a ".repeat(99)).await.len() <= 7);
    // 200 characters are fine (trimmed first), 201 are refused naming the field
    assert!(found(format!("  {}  ", "é".repeat(200))).await.is_empty());
    let problem = refused(search(&admin, json!({"q": "x".repeat(201)})).await, 422).await;
    assert_eq!(problem["errors"][0]["pointer"], "/q");
    let problem = refused(search(&admin, json!({"page": 0})).await, 422).await;
    assert_eq!(problem["errors"][0]["pointer"], "/page");
    refused(search(&admin, json!({"page": 100_001})).await, 422).await;
    let problem = refused(
        search(&admin, json!({"collection": "c".repeat(121)})).await,
        422,
    )
    .await;
    assert_eq!(problem["errors"][0]["pointer"], "/collection");
    // words outside the choices are refused before the function runs (server_fn 0.8 answers
    // an argument it cannot decode with a 500 whose problem names the mistake)
    for (bad, says) in [
        (json!({"sort": "sideways"}), "unknown variant `sideways`"),
        (json!({"page": -1}), "invalid value"),
        (json!({"q": 7}), "invalid type"),
    ] {
        let r = search(&admin, bad.clone()).await;
        assert!(!r.status().is_success(), "{bad}");
        let problem: Value = r.json().await.unwrap();
        assert!(
            problem["detail"].as_str().unwrap().contains(says),
            "{bad}: {problem}"
        );
    }
}

/// `GET /cards` answers the library's questions for API clients: without parameters the
/// whole list (the spec's answer), with them one page in the asked order, counted in
/// `X-Total-Count` with `Link`s to the next and previous pages; bad values are refused.
#[tokio::test]
async fn the_rest_card_list_takes_the_librarys_optional_questions() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (other, _) = app.new_user("other-shelf@example.com", "user").await;
    let theirs = other.create_collection("Not yours").await;
    let shelf = admin.create_collection("Shelf").await;
    let shelf = shelf["id"].as_str().unwrap().to_owned();
    for title in ["Apple Tale", "Banana Tale", "Cherry Song"] {
        admin.create_card(&shelf, title).await;
    }
    let titles = |cards: &[Value]| -> Vec<String> {
        cards
            .iter()
            .map(|c| c["title"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(admin.get_list("/api/cards").await.len(), 3);

    let first = admin.get("/api/cards?q=tale&per_page=1").await;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["x-total-count"], "2");
    assert_eq!(first.headers()["x-page"], "1");
    let link = first.headers()["link"].to_str().unwrap().to_owned();
    assert!(
        link.contains("page=2") && link.contains("rel=\"next\""),
        "{link}"
    );
    assert!(!link.contains("rel=\"prev\""), "{link}");
    assert_eq!(
        titles(&first.json::<Vec<Value>>().await.unwrap()),
        ["Apple Tale"]
    );
    let second = admin.get("/api/cards?q=tale&per_page=1&page=2").await;
    let link = second.headers()["link"].to_str().unwrap().to_owned();
    assert!(
        link.contains("rel=\"prev\"") && !link.contains("rel=\"next\""),
        "{link}"
    );
    assert_eq!(
        titles(&second.json::<Vec<Value>>().await.unwrap()),
        ["Banana Tale"]
    );
    let newest = admin.get_list("/api/cards?sort=created").await;
    assert_eq!(
        titles(&newest),
        ["Cherry Song", "Banana Tale", "Apple Tale"]
    );
    let elsewhere = theirs["slug"].as_str().unwrap();
    assert!(admin
        .get_list(&format!("/api/cards?collection={elsewhere}"))
        .await
        .is_empty());

    assert_problem(admin.get("/api/cards?sort=sideways").await, 400).await;
    for bad in ["per_page=0", "per_page=201", "page=0"] {
        assert_problem(admin.get(&format!("/api/cards?{bad}")).await, 422).await;
    }
    let long = "q".repeat(201);
    assert_problem(admin.get(&format!("/api/cards?q={long}")).await, 422).await;
}
