//! Importing from the simulator: the library lists only user-made cards, an import brings
//! audio (fetched again when its signed URL expired), icons and cover, and publishing then
//! importing reproduces a card. What the platform's answers name elsewhere must be at public
//! addresses (unless private ones are allowed) and within the audio limit.

use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::publish::{local_bytes, publish_card};
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{
    assert_problem, png_bytes, pointers, spawn_app_with, upload_ready_track, User, ADMIN_EMAIL,
};

/// Imports `player_card` of the linked `account` and waits for the job: the new card's slug
/// and the finished job.
pub async fn import_card(user: &User, account: &str, player_card: &str) -> (String, Value) {
    let r = user
        .post_json(
            "/api/cards/import-from-player",
            &json!({"account_id": account, "player_card_id": player_card}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let started: Value = r.json().await.unwrap();
    let done = wait_job(user, started["job_id"].as_str().unwrap()).await;
    (started["card_slug"].as_str().unwrap().to_owned(), done)
}

#[tokio::test]
async fn the_library_lists_own_cards_and_imports_them() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let me = sim.default_user();
    let audio = sim.seed_audio(&std::fs::read(tone(2, "m4a")).unwrap());
    let mine = sim
        .seed_card(
            &me,
            cardsmith_upstream_sim::seed::user_made_card("Grandma's songs", 2, &audio),
        )
        .unwrap();
    sim.seed_card(
        &me,
        cardsmith_upstream_sim::seed::purchased_card("Shop card", &audio),
    )
    .unwrap();
    sim.seed_card(
        &me,
        cardsmith_upstream_sim::seed::streaming_card("Podcast", "https://feeds.example/rss"),
    )
    .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let library: Value = admin
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
    let cards = library.as_array().unwrap();
    assert_eq!(cards.len(), 1, "only user-made cards: {library}");
    assert_eq!(cards[0]["player_card_id"], mine.as_str());
    assert_eq!(cards[0]["chapter_count"], 2);
    assert_eq!(cards[0]["already_imported"], false);

    // URLs handed out before are revoked: the job asks for fresh ones when it runs
    sim.expire_signed_urls();
    let (slug, done) = import_card(&admin, &account, &mine).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["title"], "Grandma's songs");
    assert_eq!(card["track_count"], 2);
    // an imported card is on the account: its players can be told to play it
    let den = sim
        .seed_device(&me, cardsmith_upstream_sim::DeviceSeed::named("Den"))
        .unwrap();
    let playable: Value = admin
        .get_json(&format!("/api/devices/{account}/{den}/published"))
        .await;
    assert_eq!(playable["cards"][0]["card_slug"], slug);
    assert_eq!(playable["cards"][0]["player_card_id"], mine.as_str());
    assert_eq!(playable["cards"][0]["changed_locally"], false);
    for track in card["tracks"].as_array().unwrap() {
        assert_eq!(
            track["transcode_status"], "ready",
            "kept as already transcoded"
        );
        assert_eq!(track["source_type"], "import");
        assert_eq!(track["duration"], 2);
    }
    let library: Value = admin
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
    assert_eq!(library[0]["already_imported"], true);
    assert_eq!(library[0]["locally_edited"], false);
    assert_eq!(
        admin
            .put_json(
                &format!("/api/cards/{slug}"),
                &json!({"title": "Grandma's best songs", "description": ""})
            )
            .await
            .status(),
        204
    );
    let library: Value = admin
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
    assert_eq!(library[0]["locally_edited"], true);

    // publishing the edited import back updates the card it came from, with the new title
    let player_card = publish_card(&admin, &account, &slug).await;
    let published = serde_json::to_value(sim.card(&me, &player_card).unwrap()).unwrap();
    assert_eq!(published["title"], "Grandma's best songs");
    assert_eq!(
        published["content"]["chapters"].as_array().unwrap().len(),
        2
    );

    assert_problem(
        admin
            .post_json(
                "/api/cards/import-from-player",
                &json!({"account_id": account, "player_card_id": "zzzzz"}),
            )
            .await,
        422,
    )
    .await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(
        other
            .get(&format!("/api/player-accounts/{account}/library"))
            .await,
        404,
    )
    .await;
}

#[tokio::test]
async fn publishing_then_importing_reproduces_the_card() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Round trip").await;
    for seconds in [1, 2] {
        upload_ready_track(&admin, &card, &tone(seconds, "wav")).await;
    }
    let icon = admin
        .upload(
            &format!("/api/cards/{card}/tracks/2/icon"),
            png_bytes(32, 32),
            "moon.png",
        )
        .await;
    assert_eq!(icon.status(), 200);
    let cover = admin
        .upload(
            &format!("/api/cards/{card}/cover"),
            png_bytes(64, 100),
            "c.png",
        )
        .await;
    assert_eq!(cover.status(), 204);
    let player_card = publish_card(&admin, &account, &card).await;

    let (copy, done) = import_card(&admin, &account, &player_card).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_ne!(copy, card);

    let original: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let imported: Value = admin.get_json(&format!("/api/cards/{copy}")).await;
    assert_eq!(imported["title"], original["title"]);
    assert_eq!(imported["track_count"], 2);
    assert!(
        imported["cover_hash"].is_string(),
        "the cover came along: {imported}"
    );
    for (a, b) in original["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .zip(imported["tracks"].as_array().unwrap())
    {
        assert_eq!(a["title"], b["title"]);
        assert_eq!(a["duration"], b["duration"]);
        assert_eq!(b["transcode_status"], "ready");
    }
    // every chapter's icon came back: the uploaded one and the drawn default alike
    for position in [1, 2] {
        assert_eq!(
            local_bytes(&admin, &format!("/api/cards/{copy}/icons/{position}")).await,
            local_bytes(&admin, &format!("/api/cards/{card}/icons/{position}")).await,
            "icon of chapter {position}"
        );
    }
}

/// A user-made card of the simulated account whose answers point the cover and, optionally,
/// the audio at `elsewhere` (the same simulator under another name, or any address).
pub fn card_pointing_at(
    sim: &cardsmith_upstream_sim::SimHandle,
    title: &str,
    audio_url: Option<&str>,
) -> String {
    let audio = sim.seed_audio(&std::fs::read(tone(1, "m4a")).unwrap());
    let mut card = cardsmith_upstream_sim::seed::user_made_card(title, 1, &audio);
    // the platform's own cover URL, under a name that is not the configured platform host
    let cover = sim
        .seed_cover(&png_bytes(64, 64), "image/png")
        .replace("127.0.0.1", "localhost");
    card["metadata"]["cover"] = json!({ "imageL": cover });
    if let Some(url) = audio_url {
        card["content"]["chapters"][0]["tracks"][0]["trackUrl"] = json!(url);
    }
    sim.seed_card(&sim.default_user(), card).unwrap()
}

/// Files the platform's answers name outside its configured host must be at public addresses:
/// a cover on a loopback name is left out, audio at the cloud metadata address or a private
/// host fails the import with a reason (without the URL); the platform's own host is fine.
#[tokio::test]
async fn platform_downloads_elsewhere_must_be_public() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let covered = card_pointing_at(&sim, "Loopback cover", None);
    let (slug, done) = import_card(&admin, &account, &covered).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["track_count"], 1, "audio from the platform's own host");
    assert!(
        card["cover_hash"].is_null(),
        "the loopback cover was refused"
    );

    let port = sim.api_url().port().unwrap();
    for url in [
        "http://169.254.169.254/latest/meta-data/iam?X-Amz-Signature=SECRET1".to_owned(),
        format!("http://localhost:{port}/secret-audio?X-Amz-Signature=SECRET2"),
        "http://[64:ff9b::7f00:1]/audio?X-Amz-Signature=SECRET3".to_owned(),
    ] {
        let sneaky = card_pointing_at(&sim, "Sneaky audio", Some(&url));
        let (_, done) = import_card(&admin, &account, &sneaky).await;
        assert_eq!(done["status"], "failed", "{url}: {done}");
        let error = done["error"].as_str().unwrap();
        assert!(error.contains("private network"), "{error}");
        assert!(!error.contains("SECRET"), "no signed query in {error}");
    }
}

/// With private addresses allowed (as for streams), the same cover comes along; and audio
/// larger than the audio limit is refused while it streams in.
#[tokio::test]
async fn platform_downloads_follow_the_private_address_setting_and_the_audio_limit() {
    let app = spawn_app_with(&["--demo-upstream", "--allow-private-streams"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let covered = card_pointing_at(&sim, "Loopback cover", None);
    let (slug, done) = import_card(&admin, &account, &covered).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert!(card["cover_hash"].is_string(), "{card}");

    let app = spawn_app_with(&["--demo-upstream", "--max-audio-bytes", "2000"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let big = card_pointing_at(&sim, "Too big", None);
    let (_, done) = import_card(&admin, &account, &big).await;
    assert_eq!(done["status"], "failed", "{done}");
    let error = done["error"].as_str().unwrap();
    assert!(error.contains("2000 bytes"), "{error}");
    let leftovers: Vec<_> = std::fs::read_dir(app.core.settings.data_dir.join("tmp"))
        .map(|d| d.flatten().collect())
        .unwrap_or_default();
    assert!(
        leftovers.is_empty(),
        "the partial download was removed: {leftovers:?}"
    );
}

/// Which collection an import goes into: the one asked for when the caller edits it (any other
/// is a 422 that makes nothing), else the default as before; the import page offers the last
/// one used first. A card published from here is "made here", named with its card and
/// collection; a card that came in by import is not.
#[tokio::test]
async fn an_import_goes_where_asked_and_cards_made_here_are_recognised() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let audio = sim.seed_audio(&std::fs::read(tone(1, "m4a")).unwrap());
    let theirs = sim
        .seed_card(
            &sim.default_user(),
            cardsmith_upstream_sim::seed::user_made_card("Grandma's songs", 1, &audio),
        )
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let shelf = admin.create_collection("Family imports").await;
    let shelf = shelf["id"].as_str().unwrap();
    let into = |collection: &str| json!({"account_id": account, "player_card_id": theirs, "collection_id": collection});
    let started: Value = admin
        .post_for_json("/api/cards/import-from-player", &into(shelf))
        .await;
    let done = wait_job(&admin, started["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let slug = started["card_slug"].as_str().unwrap();
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["collection_id"], shelf);
    assert_eq!(
        preselected(&admin, &account).await,
        shelf,
        "the last choice"
    );

    // someone else's collection, one the caller only views, none at all: refused, nothing made
    let (neighbour, _) = app.new_user("neighbour@example.com", "user").await;
    let others = neighbour.create_collection("Next door").await;
    let viewed = neighbour.create_collection("Shared with us").await;
    let viewed = viewed["id"].as_str().unwrap();
    assert_eq!(
        neighbour
            .add_member(viewed, ADMIN_EMAIL, "viewer")
            .await
            .status(),
        204
    );
    let cards = admin.get_list("/api/cards").await.len();
    for collection in [others["id"].as_str().unwrap(), viewed, "no-such-collection"] {
        let r = admin
            .post_json("/api/cards/import-from-player", &into(collection))
            .await;
        let problem = assert_problem(r, 422).await;
        assert_eq!(pointers(&problem), ["/collection_id"], "{collection}");
    }
    assert_eq!(admin.get_list("/api/cards").await.len(), cards);

    // without a collection, as before: the default one, made for the caller, now the last
    let (slug, done) = import_card(&admin, &account, &theirs).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["collection_name"], "My recordings");
    assert_eq!(
        preselected(&admin, &account).await,
        card["collection_id"].as_str().unwrap()
    );

    // a card made here and published is recognised; the imported one is only "already imported"
    let made = card_for(&admin, "Made at home").await;
    upload_ready_track(&admin, &made, &tone(1, "wav")).await;
    let player_card = publish_card(&admin, &account, &made).await;
    let library: Vec<Value> = admin
        .get_list(&format!("/api/player-accounts/{account}/library"))
        .await;
    let entry = |id: &str| {
        library
            .iter()
            .find(|c| c["player_card_id"] == id)
            .unwrap_or_else(|| panic!("{id} in {library:?}"))
            .clone()
    };
    let ours = entry(&player_card);
    assert_eq!(ours["already_imported"], true);
    assert_eq!(ours["made_here"]["card_slug"], made.as_str());
    assert_eq!(ours["made_here"]["collection_name"], "Made at home shelf");
    let imported = entry(&theirs);
    assert_eq!(imported["already_imported"], true);
    assert!(imported["made_here"].is_null(), "{imported}");
}

/// The collection the import page offers first, through its server function.
async fn preselected(user: &User, account: &str) -> String {
    let r = user
        .client
        .post(user.url("/rpc/import_page"))
        .header("accept", "application/json")
        .form(&[("account", account)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let page: Value = r.json().await.unwrap();
    page["preselected"].as_str().unwrap_or_default().to_owned()
}
