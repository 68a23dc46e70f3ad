//! The players' live channel: the client crate's MQTT channel against the simulator's real
//! broker (mosquitto with the simulated authorizer) and its simulated players.

use std::sync::Arc;
use std::time::Duration;

use cardsmith_upstream::mqtt::{
    ChannelConfig, ChannelState, CommandError, DeviceId, PlayerChannel, PlayerCommand, PlayerEvent,
    PlayerMessage, StartAt,
};
use cardsmith_upstream_sim::{DeviceSeed, Inserted, SimConfig, Simulator};
use serde_json::json;
use tokio::sync::broadcast;

use crate::helpers::*;

const WAIT: Duration = Duration::from_secs(10);

async fn channel(sim: &Simulator, linked: &Linked, devices: &[&str]) -> PlayerChannel {
    let config = ChannelConfig {
        broker: sim
            .broker_url()
            .await
            .expect("mosquitto runs (scripts/bootstrap)"),
        ack_timeout: Duration::from_secs(2),
        retry: Duration::from_millis(200),
        ..ChannelConfig::default()
    };
    let devices = devices
        .iter()
        .map(|d| DeviceId::parse(d).unwrap())
        .collect();
    PlayerChannel::open(config, Arc::new(linked.account.clone()), devices).unwrap()
}

/// The next `data/events` message of `device`.
async fn next_event(
    messages: &mut broadcast::Receiver<PlayerMessage>,
    device: &str,
) -> PlayerEvent {
    let wait = async {
        loop {
            if let Ok(PlayerMessage::Events(from, event)) = messages.recv().await {
                if from.as_str() == device {
                    return event;
                }
            }
        }
    };
    tokio::time::timeout(WAIT, wait)
        .await
        .expect("an event arrives")
}

#[tokio::test]
async fn every_command_is_acknowledged_and_the_player_reports_what_it_does() {
    let sim = start().await;
    let user = sim.default_user();
    let mut seed = DeviceSeed::named("Kitchen");
    seed.config.insert("maxVolumeLimit".into(), json!("10"));
    let kitchen = sim.seed_device(&user, seed).unwrap();
    let card = sim
        .seed_card(
            &user,
            json!({"title": "Tales", "content": {"chapters": [
                {"key": "01", "title": "The start", "tracks": [{"key": "01", "duration": 60}]},
                {"key": "02", "title": "The middle", "tracks": [{"key": "01", "duration": 60}]},
                {"key": "03", "title": "The end", "tracks": [{"key": "01", "duration": 60}]}
            ]}}),
        )
        .unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&kitchen]).await;
    assert!(live.connected(WAIT).await, "{:?}", *live.state().borrow());
    let player = DeviceId::parse(&kitchen).unwrap();
    let mut messages = live.messages();

    // play from chapter 3, ten seconds in
    let start = PlayerCommand::Start {
        card_id: card.clone(),
        at: StartAt {
            chapter_key: Some("03".into()),
            track_key: Some("01".into()),
            seconds_in: Some(10),
        },
    };
    live.send(&player, &start).await.unwrap();
    let event = next_event(&mut messages, &kitchen).await;
    assert_eq!(event.card_id.as_deref(), Some(card.as_str()));
    assert_eq!(event.chapter_title.as_deref(), Some("The end"));
    assert_eq!(event.playback_status.as_deref(), Some("playing"));
    assert!(event.position.unwrap() >= 10);

    live.send(&player, &PlayerCommand::Pause).await.unwrap();
    assert_eq!(
        next_event(&mut messages, &kitchen)
            .await
            .playback_status
            .as_deref(),
        Some("paused")
    );
    live.send(&player, &PlayerCommand::Resume).await.unwrap();
    assert_eq!(
        next_event(&mut messages, &kitchen)
            .await
            .playback_status
            .as_deref(),
        Some("playing")
    );

    // the loudest step is capped at the player's maximum
    live.send(&player, &PlayerCommand::Volume { step: 16 })
        .await
        .unwrap();
    let event = next_event(&mut messages, &kitchen).await;
    assert_eq!((event.volume, event.volume_max), (Some(10), Some(10)));

    live.send(&player, &PlayerCommand::SleepTimer { seconds: 600 })
        .await
        .unwrap();
    let event = next_event(&mut messages, &kitchen).await;
    assert_eq!(event.sleep_timer_active, Some(true));
    assert!(event.sleep_timer_seconds.unwrap() > 590);

    for command in [
        PlayerCommand::Ambient {
            r: 255,
            g: 120,
            b: 0,
        },
        PlayerCommand::StatusRequest,
        PlayerCommand::EventsRequest,
        PlayerCommand::DisplayPreview {
            uri: "https://example.test/icon.png".into(),
            timeout: 5,
            animated: false,
        },
        PlayerCommand::Stop,
    ] {
        live.send(&player, &command)
            .await
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
}

#[tokio::test]
async fn a_sleep_timer_stops_playback_by_itself() {
    let sim = start().await;
    let user = sim.default_user();
    let kitchen = sim
        .seed_device(&user, DeviceSeed::named("Kitchen"))
        .unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&kitchen]).await;
    assert!(live.connected(WAIT).await);
    let player = DeviceId::parse(&kitchen).unwrap();
    let mut messages = live.messages();
    let start = PlayerCommand::Start {
        card_id: "unknown1".into(),
        at: StartAt::default(),
    };
    live.send(&player, &start).await.unwrap();
    live.send(&player, &PlayerCommand::SleepTimer { seconds: 2 })
        .await
        .unwrap();
    let stopped = async {
        loop {
            if next_event(&mut messages, &kitchen)
                .await
                .playback_status
                .as_deref()
                == Some("stopped")
            {
                return;
            }
        }
    };
    tokio::time::timeout(WAIT, stopped)
        .await
        .expect("the timer stops the player");
}

#[tokio::test]
async fn a_card_put_in_by_hand_plays_and_repeats_from_the_first_chapter() {
    let sim = start().await;
    let user = sim.default_user();
    let kitchen = sim
        .seed_device(&user, DeviceSeed::named("Kitchen"))
        .unwrap();
    let card = sim
        .seed_card(
            &user,
            json!({"title": "Songs", "content": {"chapters": [
                {"key": "01", "title": "One", "tracks": [{"key": "01", "duration": 1}]},
                {"key": "02", "title": "Two", "tracks": [{"key": "01", "duration": 1}]}
            ]}}),
        )
        .unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&kitchen]).await;
    assert!(live.connected(WAIT).await);
    let mut messages = live.messages();
    sim.insert_card(Inserted {
        device_id: kitchen.clone(),
        card_id: card.clone(),
        chapter_key: Some("02".into()),
        repeat: true,
    })
    .await
    .unwrap();
    let first = next_event(&mut messages, &kitchen).await;
    assert_eq!(first.card_id.as_deref(), Some(card.as_str()));
    assert_eq!(first.chapter_key.as_deref(), Some("02"));
    assert_eq!(first.playback_status.as_deref(), Some("playing"));
    // the last chapter ends: on repeat, the first plays again
    let again = next_event(&mut messages, &kitchen).await;
    assert_eq!(again.chapter_key.as_deref(), Some("01"));
    assert_eq!(again.playback_status.as_deref(), Some("playing"));
    // the platform's REST status says the card is in, too
    let status = sim.device_status(&user, &kitchen).unwrap();
    assert_eq!(status["activeCard"], json!(card));
}

#[tokio::test]
async fn an_offline_player_does_not_answer_and_the_wait_is_bounded() {
    let sim = start().await;
    let user = sim.default_user();
    let mut seed = DeviceSeed::named("Attic");
    seed.online = false;
    let attic = sim.seed_device(&user, seed).unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&attic]).await;
    assert!(live.connected(WAIT).await);
    let began = std::time::Instant::now();
    let answer = live
        .send(&DeviceId::parse(&attic).unwrap(), &PlayerCommand::Pause)
        .await;
    assert_eq!(answer, Err(CommandError::NoAnswer));
    assert!(
        began.elapsed() < Duration::from_secs(4),
        "{:?}",
        began.elapsed()
    );
}

#[tokio::test]
async fn another_familys_player_is_out_of_reach() {
    let sim = start().await;
    let ours = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Ours"))
        .unwrap();
    let neighbour = sim.add_user("neighbour@example.com");
    let theirs = sim
        .seed_device(&neighbour, DeviceSeed::named("Theirs"))
        .unwrap();
    let linked = link(&sim).await;
    // a client that asks for the neighbour's player as well
    let live = channel(&sim, &linked, &[&ours, &theirs]).await;
    assert!(live.connected(WAIT).await);
    let answer = live
        .send(&DeviceId::parse(&theirs).unwrap(), &PlayerCommand::Pause)
        .await;
    assert_eq!(
        answer,
        Err(CommandError::NoAnswer),
        "the broker let a command through"
    );
    // nor may a connection name the neighbour's player with our token
    let named = channel(&sim, &linked, &[&theirs]).await;
    assert!(!named.connected(Duration::from_secs(2)).await);
    live.send(&DeviceId::parse(&ours).unwrap(), &PlayerCommand::Pause)
        .await
        .unwrap();
}

#[tokio::test]
async fn an_expired_token_is_refreshed_and_the_channel_comes_back_subscribed() {
    let sim = start_with(SimConfig {
        access_token_ttl: Duration::from_secs(3),
        ..SimConfig::default()
    })
    .await;
    let kitchen = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Kitchen"))
        .unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&kitchen]).await;
    assert!(live.connected(WAIT).await);
    let grants = sim.stats().refresh_grants;
    // the broker drops the connection when the token runs out
    let mut state = live.state();
    tokio::time::timeout(
        WAIT,
        state.wait_for(|s| matches!(s, ChannelState::Reconnecting(_))),
    )
    .await
    .expect("the broker drops an expired connection")
    .unwrap();
    assert!(live.connected(WAIT).await, "{:?}", *live.state().borrow());
    assert!(
        sim.stats().refresh_grants > grants,
        "a new token was fetched"
    );
    assert_eq!(sim.stats().refresh_token_reuse, 0);
    // subscribed again: a command's answer arrives
    live.send(
        &DeviceId::parse(&kitchen).unwrap(),
        &PlayerCommand::EventsRequest,
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_revoked_link_stops_the_channel() {
    let sim = start().await;
    let kitchen = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Kitchen"))
        .unwrap();
    let linked = link(&sim).await;
    let live = channel(&sim, &linked, &[&kitchen]).await;
    assert!(live.connected(WAIT).await);
    sim.revoke_refresh_tokens();
    sim.expire_access_tokens();
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;
    let mut state = live.state();
    tokio::time::timeout(WAIT, state.wait_for(|s| *s == ChannelState::NeedsRelink))
        .await
        .expect("the channel says the account must be linked again")
        .unwrap();
}
