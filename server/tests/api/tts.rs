//! Speech: the voice list, previews (real WAV, cached, rate-limited) and card tracks spoken
//! from text, which go through the upload pipeline and keep what they were spoken from.
//! These run the real engines (espeak-ng and flite, installed by `scripts/bootstrap`).

use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, wait_settled};
use crate::support::helpers::{assert_problem, pointers, spawn_app, TestApp, User};

/// Seconds of audio in a PCM WAV, from its header and data chunk.
fn wav_seconds(bytes: &[u8]) -> f64 {
    assert_eq!(&bytes[..4], b"RIFF", "a RIFF file");
    assert_eq!(&bytes[8..12], b"WAVE", "of WAVE audio");
    let channels = u16::from_le_bytes(bytes[22..24].try_into().unwrap());
    let rate = u32::from_le_bytes(bytes[24..28].try_into().unwrap());
    let bits = u16::from_le_bytes(bytes[34..36].try_into().unwrap());
    let pcm = bytes.len().saturating_sub(44) as f64;
    pcm / f64::from(channels) / f64::from(bits / 8) / f64::from(rate)
}

fn has_flite(voices: &[Value]) -> bool {
    voices.iter().any(|v| v["id"] == "flite:slt")
}

async fn preview(user: &User, body: Value) -> reqwest::Response {
    user.post_json("/api/tts/preview", &body).await
}

async fn card_tracks(user: &User, card: &str) -> Vec<Value> {
    let card: Value = user.get_json(&format!("/api/cards/{card}")).await;
    card["tracks"].as_array().cloned().unwrap_or_default()
}

async fn add_spoken(user: &User, card: &str, body: Value) -> reqwest::Response {
    user.post_json(&format!("/api/cards/{card}/tracks/tts"), &body)
        .await
}

/// A user who is a member of `admin`'s collection holding `card`, with `role`.
async fn member(
    app: &TestApp,
    admin: &User,
    card: &str,
    email: &str,
    role: &str,
) -> (User, String) {
    let card: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let collection = card["collection_id"].as_str().unwrap();
    app.member_of(admin, collection, email, role).await
}

#[tokio::test]
async fn every_installed_offline_voice_is_listed_with_its_language() {
    let app = spawn_app().await;
    let user = app.admin().await;
    let voices = user.get_list("/api/tts/voices").await;
    let ids: Vec<&str> = voices.iter().map(|v| v["id"].as_str().unwrap()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "each voice once");
    for v in &voices {
        for field in ["id", "name", "provider", "description"] {
            assert!(!v[field].as_str().unwrap().is_empty(), "{field} of {v}");
        }
        let provider = v["provider"].as_str().unwrap();
        assert!(
            ["espeak", "flite"].contains(&provider),
            "no remote voices without a provider: {v}"
        );
        assert!(v["id"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{provider}:")));
    }
    let find = |id: &str| voices.iter().find(|v| v["id"] == id).cloned();
    let us = find("espeak:en-us").expect("espeak-ng's American English");
    assert!(
        us["description"]
            .as_str()
            .unwrap()
            .contains("English (America)"),
        "{us}"
    );
    let german = find("espeak:de").expect("every espeak-ng language, once");
    assert!(
        german["description"].as_str().unwrap().contains("German"),
        "{german}"
    );
    assert!(
        find("espeak:en-us+f3").is_some(),
        "English comes in variants too"
    );
    assert!(
        find("espeak:de+f3").is_none(),
        "other languages only with their default voice"
    );
    assert!(
        voices.len() > 100,
        "espeak-ng's ~100 languages: {}",
        voices.len()
    );
    if has_flite(&voices) {
        for id in ["flite:slt", "flite:rms", "flite:awb", "flite:kal"] {
            let v = find(id).unwrap_or_else(|| panic!("{id} listed"));
            assert!(
                v["description"].as_str().unwrap().contains("English"),
                "{v}"
            );
        }
    } else {
        eprintln!("flite is not installed (scripts/bootstrap installs it); its voices skipped");
    }
    assert_problem(app.anonymous().get("/api/tts/voices").await, 401).await;
}

#[tokio::test]
async fn a_preview_is_real_wav_and_the_second_comes_from_the_cache() {
    let app = spawn_app().await;
    let user = app.admin().await;
    let voice = if has_flite(&user.get_list("/api/tts/voices").await) {
        "flite:slt"
    } else {
        "espeak:en-us"
    };
    let body = json!({"text": "Hello, little bear. Time to sleep.", "voice": voice});
    let r = preview(&user, body.clone()).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "audio/wav");
    let first = r.bytes().await.unwrap().to_vec();
    let seconds = wav_seconds(&first);
    assert!(seconds > 1.0, "the sentence was spoken: {seconds} s");

    // exactly one cache entry; replacing its audio shows the next answer is read from it
    let dir = app.core.settings.data_dir.join("cache").join("tts");
    let entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    let second = preview(&user, body.clone())
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();
    assert_eq!(second, first, "the same request answers the same audio");
    let mut marked = first.clone();
    let last = marked.len() - 1;
    marked[last] ^= 0x55;
    std::fs::write(&entries[0], &marked).unwrap();
    let third = preview(&user, body).await.bytes().await.unwrap().to_vec();
    assert_eq!(third, marked, "answered from the cache, no engine run");

    // another text is another entry
    let other = preview(&user, json!({"text": "Good night.", "voice": voice})).await;
    assert_eq!(other.status(), 200);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
}

#[tokio::test]
async fn bad_previews_are_refused_naming_the_field() {
    let app = spawn_app().await;
    let user = app.admin().await;
    let cases = [
        (
            json!({"text": "a".repeat(501), "voice": "espeak:en-us"}),
            "/text",
        ),
        (json!({"text": "   ", "voice": "espeak:en-us"}), "/text"),
        (
            json!({"text": "Hi", "voice": "espeak:xx-nowhere"}),
            "/voice",
        ),
        (json!({"text": "Hi", "voice": "flite:-o"}), "/voice"),
        (json!({"text": "Hi", "voice": "openai:coral"}), "/voice"),
        (json!({"text": "Hi", "voice": ""}), "/voice"),
        (
            json!({"text": "Hi", "voice": "espeak:en-us", "instructions": "Whisper"}),
            "/instructions",
        ),
        (json!({"voice": "espeak:en-us"}), "/text"),
    ];
    for (body, field) in cases {
        let problem = assert_problem(preview(&user, body.clone()).await, 422).await;
        assert_eq!(pointers(&problem), [field], "{body}");
    }
    assert_problem(
        preview(
            &app.anonymous(),
            json!({"text": "Hi", "voice": "espeak:en-us"}),
        )
        .await,
        401,
    )
    .await;
    let dir = app.core.settings.data_dir.join("cache").join("tts");
    assert!(!dir.exists() || std::fs::read_dir(&dir).unwrap().count() == 0);
}

#[tokio::test]
async fn previews_are_rate_limited_per_user() {
    let app = spawn_app().await;
    let user = app.admin().await;
    let body = json!({"text": "One more.", "voice": "espeak:en-us"});
    for i in 0..20 {
        assert_eq!(
            preview(&user, body.clone()).await.status(),
            200,
            "preview {i}"
        );
    }
    let r = preview(&user, body.clone()).await;
    let retry: i64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    let problem = assert_problem(r, 429).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("speech"),
        "{problem}"
    );
    // the limit is the user's: somebody else still gets previews
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_eq!(preview(&other, body).await.status(), 200);
}

#[tokio::test]
async fn a_spoken_track_is_transcoded_and_keeps_what_it_was_spoken_from() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let voices = admin.get_list("/api/tts/voices").await;
    let (voice, provider) = if has_flite(&voices) {
        ("flite:slt", "flite")
    } else {
        ("espeak:en-us+f3", "espeak")
    };
    let card = card_for(&admin, "Spoken").await;
    let text = "The moon rose over the quiet hill. The little fox yawned and curled up to sleep.";
    let r = add_spoken(&admin, &card, json!({"text": text, "voice": voice})).await;
    assert_eq!(r.status(), 201);
    let track: Value = r.json().await.unwrap();
    assert_eq!(track["source_type"], "tts");
    assert_eq!(
        track["title"], "The moon rose over the quiet",
        "first words"
    );
    assert_eq!(track["position"], 1);
    assert!(matches!(
        track["transcode_status"].as_str(),
        Some("pending" | "processing")
    ));

    let slug = track["slug"].as_str().unwrap();
    let detail = wait_settled(&admin, &card, slug).await;
    assert_eq!(detail["transcode_status"], "ready", "{detail}");
    assert_eq!(detail["transcoded_format"], "m4a");
    assert_eq!(detail["original_format"], "wav");
    assert!(detail["duration_ms"].as_i64().unwrap() > 2000, "{detail}");
    assert_eq!(detail["tts_text"], text);
    assert_eq!(detail["tts_voice"], voice);
    assert_eq!(detail["tts_provider"], provider);
    assert!(detail["tts_instructions"].is_null());
    let peaks = admin
        .get(&format!("/api/cards/{card}/tracks/{slug}/peaks"))
        .await;
    assert_eq!(peaks.status(), 200, "the waveform is there too");
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_json["source_types"], json!(["tts"]));
    assert_eq!(card_json["track_count"], 1);

    // a given title is used as it is
    let r = add_spoken(
        &admin,
        &card,
        json!({"text": "Good night.", "voice": "espeak:en-gb", "title": "Bedtime"}),
    )
    .await;
    assert_eq!(r.status(), 201);
    let titled: Value = r.json().await.unwrap();
    assert_eq!(titled["title"], "Bedtime");
    let detail = wait_settled(&admin, &card, titled["slug"].as_str().unwrap()).await;
    assert_eq!(detail["tts_provider"], "espeak");
}

#[tokio::test]
async fn position_puts_the_spoken_track_at_that_chapter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Ordered").await;
    for title in ["One", "Two"] {
        let body = json!({"text": title, "voice": "espeak:en-us", "title": title});
        assert_eq!(add_spoken(&admin, &card, body).await.status(), 201);
    }
    let body =
        json!({"text": "First of all", "voice": "espeak:en-us", "title": "Zero", "position": 1});
    let r = add_spoken(&admin, &card, body).await;
    assert_eq!(r.status(), 201);
    let zero: Value = r.json().await.unwrap();
    assert_eq!(zero["position"], 1, "the answer has the new place");
    let body = json!({"text": "Between", "voice": "espeak:en-us", "title": "Half", "position": 3});
    assert_eq!(add_spoken(&admin, &card, body).await.status(), 201);
    let body = json!({"text": "The end", "voice": "espeak:en-us", "title": "End", "position": 99});
    assert_eq!(add_spoken(&admin, &card, body).await.status(), 201);
    let tracks = card_tracks(&admin, &card).await;
    let order: Vec<(&str, i64)> = tracks
        .iter()
        .map(|t| {
            (
                t["title"].as_str().unwrap(),
                t["position"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [("Zero", 1), ("One", 2), ("Half", 3), ("Two", 4), ("End", 5)]
    );
}

#[tokio::test]
async fn bad_spoken_tracks_are_refused_and_create_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Refused").await;
    let cases = [
        (
            json!({"text": "Hi", "voice": "espeak:xx-nowhere"}),
            "/voice",
        ),
        (json!({"text": "Hi", "voice": "openai:coral"}), "/voice"),
        (
            json!({"text": "a".repeat(5001), "voice": "espeak:en-us"}),
            "/text",
        ),
        (json!({"text": "", "voice": "espeak:en-us"}), "/text"),
        (
            json!({"text": "Hi", "voice": "espeak:en-us", "position": 0}),
            "/position",
        ),
        (
            json!({"text": "Hi", "voice": "espeak:en-us", "title": "x".repeat(121)}),
            "/title",
        ),
        (
            json!({"text": "Hi", "voice": "espeak:en-us", "instructions": "Softly"}),
            "/instructions",
        ),
    ];
    for (body, field) in cases {
        let problem = assert_problem(add_spoken(&admin, &card, body.clone()).await, 422).await;
        assert_eq!(pointers(&problem), [field], "{body}");
    }
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_json["track_count"], 0);
    let media = app.core.settings.data_dir.join("tmp");
    let leftovers = std::fs::read_dir(&media).map_or(0, |d| d.count());
    assert_eq!(leftovers, 0, "no speech or upload file left behind");
}

#[tokio::test]
async fn only_editors_add_spoken_tracks_and_the_role_is_checked_before_the_body() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Shared").await;
    let body = json!({"text": "Hello", "voice": "espeak:en-us"});
    let (viewer, viewer_id) = member(&app, &admin, &card, "viewer@example.com", "viewer").await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_problem(add_spoken(&viewer, &card, body.clone()).await, 403).await;
    assert_problem(add_spoken(&stranger, &card, body.clone()).await, 404).await;
    // a broken body does not tell them more
    let broken = |u: &User| {
        u.client
            .post(u.url(&format!("/api/cards/{card}/tracks/tts")))
            .header("content-type", "application/json")
            .body("{not json")
            .send()
    };
    assert_problem(broken(&viewer).await.unwrap(), 403).await;
    assert_problem(broken(&stranger).await.unwrap(), 404).await;
    assert_problem(broken(&admin).await.unwrap(), 400).await;
    assert_problem(add_spoken(&app.anonymous(), &card, body.clone()).await, 401).await;
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_json["track_count"], 0, "nothing was created");

    // granted editor: allowed; revoked back to viewer: refused again
    let collection = card_json["collection_id"].as_str().unwrap().to_owned();
    let role_url = format!("/api/collections/{collection}/members/{viewer_id}");
    let editor = json!({"role": "editor"});
    let viewer_role = json!({"role": "viewer"});
    assert_eq!(admin.put_json(&role_url, &editor).await.status(), 204);
    assert_eq!(add_spoken(&viewer, &card, body.clone()).await.status(), 201);
    assert_eq!(admin.put_json(&role_url, &viewer_role).await.status(), 204);
    assert_problem(add_spoken(&viewer, &card, body).await, 403).await;
    assert_eq!(card_tracks(&admin, &card).await.len(), 1);
}

/// A remote voice (`openai:coral`) is listed once the user has an OpenAI provider, and is
/// spoken through it: the preview and the track come from the provider simulator's speech
/// route, with the instructions, and the track records `openai` as its provider.
#[tokio::test]
async fn a_remote_voice_speaks_through_the_users_provider() {
    let (app, sim) = crate::llm_providers::app_with_sim().await;
    let user = app.admin().await;
    let provider = json!({"provider": "openai", "model": "gpt-4o-mini-tts", "api_key": sim.api_key(),
        "budget_usd": 5.0, "enabled": true, "priority": 1});
    let r = user
        .post_json("/api/settings/llm-providers", &provider)
        .await;
    assert_eq!(r.status(), 201);
    let voices = user.get_list("/api/tts/voices").await;
    let coral = voices
        .iter()
        .find(|v| v["id"] == "openai:coral")
        .expect("OpenAI's voices are listed");
    assert_eq!(coral["provider"], "openai");
    assert!(
        voices.iter().any(|v| v["id"] == "espeak:en-us"),
        "offline voices stay"
    );

    let body = json!({"text": "Hello from far away.", "voice": "openai:coral",
        "instructions": "Warm and slow"});
    let r = preview(&user, body).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "audio/wav");
    assert!(wav_seconds(&r.bytes().await.unwrap()) > 0.0);

    let card = card_for(&user, "Remote").await;
    let text = "The owl flew home across the silver lake.";
    let body = json!({"text": text, "voice": "openai:coral", "instructions": "Whisper softly"});
    let r = add_spoken(&user, &card, body).await;
    assert_eq!(r.status(), 201);
    let track: Value = r.json().await.unwrap();
    let detail = wait_settled(&user, &card, track["slug"].as_str().unwrap()).await;
    assert_eq!(detail["transcode_status"], "ready", "{detail}");
    assert_eq!(detail["tts_voice"], "openai:coral");
    assert_eq!(detail["tts_provider"], "openai");
    assert_eq!(detail["tts_instructions"], "Whisper softly");
    assert!(detail["duration_ms"].as_i64().unwrap() > 0);
    let spoken = sim
        .calls()
        .iter()
        .filter(|c| c.path == "/v1/audio/speech")
        .count();
    assert_eq!(
        spoken, 2,
        "one paid call for the preview, one for the track"
    );
}
