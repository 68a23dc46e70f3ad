//! The demo family the built-in simulator starts with, so a newcomer sees what linking brings:
//! two players (one charging, one playing Grandma's songs) and cards of their own with covers to import, next
//! to a bought card and a podcast that the import browser rightly leaves out.

use cardsmith_core::media::icon;
use cardsmith_upstream_sim::seed::{purchased_card, streaming_card, user_made_card};
use cardsmith_upstream_sim::{DeviceSeed, Inserted, SimHandle};
use serde_json::json;

/// Seeds the simulator's signed-in account; chapters get icons of their own, as cards made
/// in the official app have. Audio is a short tone made with ffmpeg (which the
/// server needs anyway); without ffmpeg the cards are left out and the players stay.
pub async fn seed_family(sim: &SimHandle) {
    let family = sim.default_user();
    let mut bedroom = DeviceSeed::named("Bedroom player");
    bedroom.status.insert("batteryLevel".into(), json!(76));
    bedroom.status.insert("userVolume".into(), json!(6));
    let mut mini = DeviceSeed::mini("Travel mini");
    mini.status.insert("batteryLevel".into(), json!(18));
    mini.status.insert("charging".into(), json!(1));
    let bedroom = sim.seed_device(&family, bedroom);
    sim.seed_device(&family, mini);

    let Some(audio) = tone_m4a().await else {
        tracing::warn!("demo mode: ffmpeg could not make demo audio; no demo cards");
        return;
    };
    let audio = sim.seed_audio(&audio);
    let mut playing = None;
    for (title, chapters) in [("Grandma's songs", 3), ("Bedtime stories", 2)] {
        let mut card = user_made_card(title, chapters, &audio);
        for chapter in card["content"]["chapters"]
            .as_array_mut()
            .into_iter()
            .flatten()
        {
            let name = format!("{title} {}", chapter["key"]);
            if let Ok(png) = icon::encode_png(&icon::default_icon(&name, &name)) {
                let icon = json!({ "icon16x16": sim.seed_icon(&png) });
                chapter["display"] = icon.clone();
                chapter["tracks"][0]["display"] = icon;
            }
        }
        if let Some(cover) = cover_png(title) {
            card["metadata"]["cover"] = json!({ "imageL": sim.seed_cover(&cover, "image/png") });
        }
        let card_id = sim.seed_card(&family, card);
        playing = playing.or(card_id);
    }
    // a living family: the bedroom player is playing Grandma's songs, on repeat
    if let (Some(device_id), Some(card_id)) = (bedroom, playing) {
        let inserted = Inserted {
            device_id,
            card_id,
            chapter_key: Some("02".into()),
            repeat: true,
        };
        if let Err(e) = sim.insert_card(inserted).await {
            tracing::info!(error = %e, "demo mode: no broker, so no player is playing");
        }
    }
    sim.seed_card(&family, purchased_card("The Gruffalo", &audio));
    sim.seed_card(
        &family,
        streaming_card("Story podcast", "https://feeds.example/stories.rss"),
    );
}

/// Three seconds of a soft tone, as the platform would hold it (AAC in M4A).
async fn tone_m4a() -> Option<Vec<u8>> {
    let out = std::env::temp_dir().join(format!("cardsmith-demo-{}.m4a", std::process::id()));
    let status = tokio::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"])
        .args([
            "-i",
            "sine=frequency=392:duration=3",
            "-c:a",
            "aac",
            "-b:a",
            "64k",
            "-f",
            "mp4",
        ])
        .arg(&out)
        .status()
        .await
        .ok()?;
    let bytes = if status.success() {
        tokio::fs::read(&out).await.ok()
    } else {
        None
    };
    let _ = tokio::fs::remove_file(&out).await;
    bytes
}

/// A cover drawn like Cardsmith's default icons, enlarged.
fn cover_png(title: &str) -> Option<Vec<u8>> {
    let drawn = icon::enlarge(&icon::default_icon(title, title), icon::ENLARGED_SIZE);
    icon::encode_png(&drawn).ok()
}
