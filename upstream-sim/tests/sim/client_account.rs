//! Devices, cards, icons and covers through the client's typed calls.

use bytes::Bytes;
use cardsmith_upstream::model::content::CardKind;
use cardsmith_upstream::model::devices::Shortcuts;
use cardsmith_upstream::model::media::CoverType;
use cardsmith_upstream::UpstreamError;
use cardsmith_upstream_sim::{seed, DeviceSeed};
use serde_json::json;

use crate::helpers::*;

const PNG_16: &[u8] = &[
    0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R', 0, 0, 0,
    16, 0, 0, 0, 16, 8, 6, 0, 0, 0,
];

#[tokio::test]
async fn device_settings_are_edited_without_losing_other_keys() {
    let sim = start().await;
    let user = sim.default_user();
    let mut seed = DeviceSeed::named("Kitchen");
    seed.config.insert("nightTime".into(), "20:15".into());
    seed.status.insert("batteryLevel".into(), json!(42));
    let device_id = sim.seed_device(&user, seed).unwrap();
    let linked = link(&sim).await;

    let devices = linked.account.list_devices().await.unwrap();
    assert_eq!(devices[0].device_id, device_id);
    assert_eq!(devices[0].form_factor.as_deref(), Some("standard"));
    let device = linked.account.device(&device_id).await.unwrap();
    assert_eq!(device.status.battery_level, Some(42.0));

    linked
        .account
        .edit_device_config(&device_id, |config| config.set("maxVolumeLimit", "10"))
        .await
        .unwrap();
    let config = sim.device_config(&user, &device_id).unwrap();
    assert_eq!(config["maxVolumeLimit"], "10");
    assert_eq!(
        config["nightTime"], "20:15",
        "read-modify-write keeps the other settings"
    );

    let shortcuts = Shortcuts {
        version_id: Some("v2".into()),
        ..Shortcuts::default()
    };
    linked
        .account
        .put_shortcuts(&device_id, &shortcuts)
        .await
        .unwrap();
    assert_eq!(
        linked
            .account
            .device(&device_id)
            .await
            .unwrap()
            .shortcuts
            .unwrap()["versionId"],
        "v2"
    );

    linked
        .account
        .send_device_command(
            &device_id,
            "card/start",
            &json!({ "uri": "https://yoto.io/abcde" }),
        )
        .await
        .unwrap();
    let commands = sim.commands(&user);
    assert_eq!(
        (commands[0].command.as_str(), &commands[0].body["uri"]),
        ("card/start", &json!("https://yoto.io/abcde"))
    );
}

#[tokio::test]
async fn the_library_is_classified_and_cards_round_trip() {
    let sim = start().await;
    let user = sim.default_user();
    let audio = sim.seed_audio(b"a");
    let own = sim
        .seed_card(&user, seed::user_made_card("Mine", 2, &audio))
        .unwrap();
    sim.seed_card(&user, seed::purchased_card("Bought", &audio))
        .unwrap();
    sim.seed_card(
        &user,
        seed::streaming_card("Pod", "https://feed.example/rss"),
    )
    .unwrap();
    let linked = link(&sim).await;

    let cards = linked.account.my_cards(false).await.unwrap();
    let mut kinds: Vec<CardKind> = cards.iter().map(|c| c.kind(&linked.key)).collect();
    kinds.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(
        kinds,
        [CardKind::Purchased, CardKind::Streaming, CardKind::UserMade]
    );
    assert!(cards.iter().all(|c| c.content.chapters.is_none()));
    let summary = cards
        .iter()
        .find(|c| c.card_id.as_deref() == Some(own.as_str()))
        .unwrap();
    let refused = linked.account.save_card(summary).await.unwrap_err();
    assert!(
        matches!(refused, UpstreamError::InvalidRequest(_)),
        "{refused:?}"
    );

    // GET, change, POST the whole card back: unknown fields survive.
    let mut card = linked.account.card(&own).await.unwrap();
    assert_eq!(card.tracks().count(), 2);
    card.title = "Renamed".into();
    let saved = linked.account.save_card(&card).await.unwrap();
    assert_eq!(saved.title, "Renamed");
    let stored = sim.card(&user, &own).unwrap();
    assert_eq!(stored["content"]["restricted"], false);
    assert_eq!(stored["metadata"]["authors"], json!([]));
    assert_eq!(
        stored["content"]["chapters"][0]["tracks"][0]["channels"],
        "stereo"
    );

    linked.account.delete_card(&own).await.unwrap();
    assert!(linked.account.card(&own).await.unwrap_err().is_not_found());
}

#[tokio::test]
async fn icons_and_covers_upload_and_list() {
    let sim = start().await;
    let linked = link(&sim).await;
    let icon = linked
        .account
        .upload_icon(Bytes::from_static(PNG_16), "image/png", false, "star")
        .await
        .unwrap();
    assert_eq!(icon.new, Some(true));
    assert!(icon.url.is_some());
    let again = linked
        .account
        .upload_icon(Bytes::from_static(PNG_16), "image/png", true, "star")
        .await
        .unwrap();
    assert_eq!((again.url, again.new), (None, None));
    assert_eq!(again.media_id, icon.media_id);

    assert_eq!(linked.account.my_icons().await.unwrap().len(), 1);
    let public = linked.account.public_icons().await.unwrap();
    assert!(public
        .iter()
        .all(|i| i.public == Some(true) && i.title.is_some()));

    let cover = linked
        .account
        .upload_cover(
            Bytes::from_static(PNG_16),
            "image/png",
            CoverType::Myo,
            "c.png",
        )
        .await
        .unwrap();
    assert_eq!(
        linked
            .account
            .download_signed(&cover.media_url, 1 << 20)
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .as_ref(),
        PNG_16
    );
}
