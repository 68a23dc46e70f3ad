//! A story card in one step: `POST /collections/{id}/stories/draft` and
//! `POST /collections/{id}/stories` with real offline speech (flite/espeak-ng), real ffmpeg
//! transcodes and the real job queue.

use serde_json::{json, Value};

use crate::support::audio_fixtures::{wait_job, wait_settled};
use crate::support::helpers::{assert_problem, pointers, spawn_app, User};

const STORY: &str = "Chapter 1: The Boat\nMia found a little blue boat by the lake.\n\n\
                     It bobbed on the water.\n\nChapter 2: The Island\nThey sailed to an island \
                     full of friendly birds, and then home for supper.";

async fn collection(user: &User) -> String {
    user.create_collection("Bedtime").await["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn cards_in(user: &User, collection: &str) -> Vec<Value> {
    user.get_json(&format!("/api/collections/{collection}"))
        .await["cards"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn a_written_story_becomes_a_card_of_spoken_chapters() {
    let app = spawn_app().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let id = collection(&parent).await;
    let r = parent
        .post_json(
            &format!("/api/collections/{id}/stories"),
            &json!({"title": "The Blue Boat", "text": STORY}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let made: Value = r.json().await.unwrap();
    assert_eq!(made["chapters"], 2);
    let slug = made["card_slug"].as_str().unwrap();
    let job = wait_job(&parent, made["job_id"].as_str().unwrap()).await;
    assert_eq!(job["status"], "succeeded", "{job}");

    let card = parent.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["title"], "The Blue Boat");
    assert_eq!(
        card["description"],
        "Mia found a little blue boat by the lake."
    );
    let tracks = card["tracks"].as_array().unwrap();
    let titles: Vec<_> = tracks
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["The Boat", "The Island"]);
    for t in tracks {
        assert_eq!(t["source_type"], "tts");
        let settled = wait_settled(&parent, slug, t["slug"].as_str().unwrap()).await;
        assert_eq!(settled["transcode_status"], "ready", "{settled}");
        assert!(settled["duration"].as_i64().unwrap() >= 1, "{settled}");
        // what it was spoken from is kept, as for any spoken track
        let provider = settled["tts_provider"].as_str().unwrap();
        assert!(matches!(provider, "flite" | "espeak"), "{settled}");
        let voice = settled["tts_voice"].as_str().unwrap();
        assert!(voice.starts_with(&format!("{provider}:")), "{settled}");
    }
    let first = parent
        .get_json(&format!(
            "/api/cards/{slug}/tracks/{}",
            tracks[0]["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(
        first["tts_text"],
        "Mia found a little blue boat by the lake.\n\nIt bobbed on the water."
    );
    // the card got a generated (here: drawn) cover, as a real PNG
    assert!(card["cover_hash"].is_string(), "{card}");
    let cover = parent.get(&format!("/api/cards/{slug}/cover")).await;
    assert_eq!(cover.status(), 200);
    assert!(cover.bytes().await.unwrap().starts_with(b"\x89PNG"));
    let result: Value = serde_json::from_str(job["result"].as_str().unwrap()).unwrap();
    assert_eq!(result["cover"], "generated", "{result}");
    assert_eq!(result["icons"], "2 generated", "{result}");
    for t in tracks {
        let position = t["position"].as_i64().unwrap();
        let icon = parent
            .get(&format!("/api/cards/{slug}/icons/{position}"))
            .await;
        assert_eq!(icon.status(), 200);
        let png = image::load_from_memory(&icon.bytes().await.unwrap()).unwrap();
        assert_eq!((png.width(), png.height()), (16, 16));
    }
}

#[tokio::test]
async fn without_a_text_provider_the_draft_asks_the_parent_to_write() {
    let app = spawn_app().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let id = collection(&parent).await;
    let body = assert_problem(
        parent
            .post_json(
                &format!("/api/collections/{id}/stories/draft"),
                &json!({"idea": "a dragon who bakes bread"}),
            )
            .await,
        409,
    )
    .await;
    assert!(
        body["detail"].as_str().unwrap().contains("write or paste"),
        "{body}"
    );
    let body = assert_problem(
        parent
            .post_json(
                &format!("/api/collections/{id}/stories/draft"),
                &json!({"idea": " "}),
            )
            .await,
        422,
    )
    .await;
    assert_eq!(pointers(&body), ["/idea"]);
}

#[tokio::test]
async fn bad_stories_and_strangers_change_nothing() {
    let app = spawn_app().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let id = collection(&parent).await;
    let (grandma, grandma_id) = app
        .member_of(&parent, &id, "grandma@example.com", "viewer")
        .await;
    let url = format!("/api/collections/{id}/stories");
    for (body, field) in [
        (json!({"title": "", "text": STORY}), "/title"),
        (json!({"title": "T", "text": "   "}), "/text"),
        (json!({"title": "T", "text": "x".repeat(20_001)}), "/text"),
        (
            json!({"title": "T", "text": STORY, "voice": "nobody:nothing"}),
            "/voice",
        ),
        // a preset the collection does not have: the collection is there, the body is wrong
        (
            json!({"title": "T", "text": STORY, "preset_id": "01a22ad1-e223-7390-bf6c-7e7c827d3f7b"}),
            "/preset_id",
        ),
    ] {
        let problem = assert_problem(parent.post_json(&url, &body).await, 422).await;
        assert_eq!(pointers(&problem), [field], "{body}");
    }
    let story = json!({"title": "Mine", "text": STORY});
    assert_problem(stranger.post_json(&url, &story).await, 404).await;
    assert_problem(grandma.post_json(&url, &story).await, 403).await;
    assert_problem(app.anonymous().post_json(&url, &story).await, 401).await;
    assert!(cards_in(&parent, &id).await.is_empty());
    // a viewer made editor may; made viewer again, may not
    let member = format!("/api/collections/{id}/members/{grandma_id}");
    let role = |r: &str| json!({ "role": r });
    assert_eq!(
        parent.put_json(&member, &role("editor")).await.status(),
        204
    );
    assert_eq!(grandma.post_json(&url, &story).await.status(), 202);
    assert_eq!(cards_in(&parent, &id).await.len(), 1);
    assert_eq!(
        parent.put_json(&member, &role("viewer")).await.status(),
        204
    );
    assert_problem(grandma.post_json(&url, &story).await, 403).await;
    assert_eq!(cards_in(&parent, &id).await.len(), 1);
}

/// Whether the collection page's data (`/rpc/collection_page`, the UI's one call) says a
/// provider can draft: the story panel offers "Write a draft" or a template from it.
async fn page_can_draft(user: &User, slug: &str) -> bool {
    let r = user
        .client
        .post(user.url("/rpc/collection_page"))
        .header("accept", "application/json")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("slug={slug}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json::<Value>().await.unwrap()["can_draft"]
        .as_bool()
        .expect("can_draft")
}

#[tokio::test]
async fn a_provider_drafts_the_story_and_avoided_themes_keep_it_out() {
    let (app, sim) = crate::llm_providers::app_with_sim().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let id = collection(&parent).await;
    // offline: the page says so before anyone asks for a draft
    assert!(!page_can_draft(&parent, "bedtime").await);
    let profile = json!({"child_name": "Mia", "child_age": 5, "friends": "Leo", "interests": "foxes",
        "notes": "", "pets": "", "avoid_themes": "spiders, the dark", "prompt_template": "",
        "vocab_level": "simple", "voice_id": "", "duration_min": 3});
    let r = parent
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/collections/{id}/profile"),
            &profile,
        )
        .await;
    assert!(r.status().is_success());
    let provider = json!({"provider": "openai", "model": "gpt-4o-mini", "api_key": sim.api_key(),
        "budget_usd": 5.0, "enabled": true, "priority": 1});
    let r = parent
        .post_json("/api/settings/llm-providers", &provider)
        .await;
    assert_eq!(r.status(), 201);
    assert!(page_can_draft(&parent, "bedtime").await);
    let url = format!("/api/collections/{id}/stories/draft");
    let idea = json!({"idea": "a fox finds a lantern in the snow"});

    sim.queue_any_reply("Title: The Fox and the Lantern\nChapter 1: Snow\nA fox found a lantern.\n\nChapter 2: Home\nIt glowed all the way home.");
    let draft = parent.post_for_json(&url, &idea).await;
    assert_eq!(draft["title"], "The Fox and the Lantern");
    assert_eq!(draft["provider"], "openai");
    assert!(draft["text"]
        .as_str()
        .unwrap()
        .starts_with("Chapter 1: Snow"));

    // a story that strays into an avoided theme is asked for again, and never shown
    sim.queue_any_reply("Title: Night\nThe fox met a spider in the dark.");
    sim.queue_any_reply("Title: Night again\nSpiders everywhere.");
    let body = assert_problem(parent.post_json(&url, &idea).await, 409).await;
    assert!(
        body["detail"].as_str().unwrap().contains("avoids"),
        "{body}"
    );
    let asked = sim
        .calls()
        .iter()
        .filter(|c| c.path == "/v1/chat/completions")
        .count();
    assert_eq!(asked, 3, "one draft, then two tries");
}

/// A story of about `chars` characters in paragraphs (no chapter lines): long to speak.
fn long_story(chars: usize) -> String {
    let paragraph = "Mia and the fox walked along the river, counting the smooth stones and \
                     naming every bird they saw on the way home.\n\n";
    paragraph.repeat(chars / paragraph.len() + 1)
}

/// One parent cannot flood the generation queue: at most two of their stories are made at
/// once (a third is refused, 409), story requests past six a minute are refused (429 with
/// `Retry-After`), and the queue takes users in turn, so another parent's story made after
/// their two runs before the second of them.
#[tokio::test]
async fn one_parent_cannot_flood_the_story_queue() {
    let app = spawn_app().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    let id = collection(&parent).await;
    let url = format!("/api/collections/{id}/stories");
    let long = json!({"title": "The Long Walk", "text": long_story(2_000)});
    let mut made = Vec::new();
    for _ in 0..2 {
        let r = parent.post_json(&url, &long).await;
        assert_eq!(r.status(), 202);
        made.push(
            r.json::<Value>().await.unwrap()["job_id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let problem = assert_problem(parent.post_json(&url, &long).await, 409).await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("still being made"),
        "{problem}"
    );
    assert_eq!(
        cards_in(&parent, &id).await.len(),
        2,
        "the refused story made no card"
    );
    // three more requests (drafts, which have no provider here) use up the minute's six
    let draft = format!("/api/collections/{id}/stories/draft");
    for _ in 0..3 {
        assert_problem(
            parent.post_json(&draft, &json!({"idea": "a fox"})).await,
            409,
        )
        .await;
    }
    let refused = parent.post_json(&draft, &json!({"idea": "a fox"})).await;
    assert!(refused.headers().contains_key("retry-after"));
    assert_problem(refused, 429).await;

    // another parent is not held back, and their story does not wait for both long ones
    let theirs = collection(&other).await;
    let r = other
        .post_json(
            &format!("/api/collections/{theirs}/stories"),
            &json!({"title": "Short", "text": STORY}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let job = r.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(wait_job(&other, &job).await["status"], "succeeded");
    let second = parent.get_json(&format!("/api/jobs/{}", made[1])).await;
    assert_ne!(second["status"], "succeeded", "users take turns: {second}");
}
