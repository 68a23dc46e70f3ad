//! Folding what a player publishes into its [`LivePlayer`]: events carry only what changed,
//! status messages another vocabulary (volume in percent, charging as 0/1). Pure, so it is
//! tested here without a broker.

use cardsmith_model::live::LivePlayer;
use cardsmith_upstream::mqtt::{PlayerEvent, PlayerMessage};
use serde_json::{Map, Value};

use crate::time;

/// Applies `message` to `player`; false when it said nothing the page shows (an ack).
pub fn apply(player: &mut LivePlayer, message: &PlayerMessage) -> bool {
    match message {
        PlayerMessage::Events(_, event) => events(player, event),
        PlayerMessage::Status(_, status) => self::status(player, status),
        PlayerMessage::Lifecycle(_, shut_down) => {
            // `nA` while running; anything else is the player going off
            player.online = Some(shut_down == "nA");
            if shut_down != "nA" {
                player.playback = Some("stopped".into());
            }
        }
        PlayerMessage::Ack(..) => return false,
    }
    player.updated_at = Some(time::now_str());
    true
}

fn events(player: &mut LivePlayer, event: &PlayerEvent) {
    let now = time::now_str();
    player.online = Some(true);
    // another card: its title is looked up anew
    if event.card_id.is_some() && event.card_id != player.card_id {
        player.card_title = None;
    }
    macro_rules! take {
        ($($field:ident),*) => {$(
            if let Some(value) = &event.$field {
                player.$field = Some(value.clone());
            }
        )*};
    }
    take!(
        card_id,
        chapter_key,
        track_key,
        chapter_title,
        track_title,
        track_length
    );
    if let Some(status) = &event.playback_status {
        player.playback = Some(status.clone());
    }
    if let Some(position) = event.position {
        player.position = Some(position);
        player.position_at = Some(now.clone());
    }
    if let Some(volume) = event.volume {
        player.volume = Some(volume.min(16));
    }
    if let Some(max) = event.volume_max {
        player.volume_max = Some(max.min(16));
    }
    match (event.sleep_timer_active, event.sleep_timer_seconds) {
        (Some(false), _) => player.sleep_timer_seconds = Some(0),
        (_, Some(seconds)) => player.sleep_timer_seconds = Some(seconds),
        _ => {}
    }
    if event.position.is_none() && event.sleep_timer_seconds.is_some() {
        // the timer's seconds count from now too
        player.position_at.get_or_insert(now);
    }
}

fn status(player: &mut LivePlayer, status: &Map<String, Value>) {
    let number = |key: &str| status.get(key).and_then(Value::as_f64);
    player.online = Some(true);
    if let Some(level) = number("batteryLevel") {
        player.battery_level = Some(level.clamp(0.0, 100.0) as u8);
    }
    if let Some(charging) = status.get("charging") {
        player.charging = Some(
            charging
                .as_bool()
                .unwrap_or_else(|| charging.as_f64() == Some(1.0)),
        );
    }
    if let Some(percent) = number("userVolume") {
        // percent of the 0–16 scale
        player.volume = Some(((percent.clamp(0.0, 100.0) * 16.0) / 100.0).round() as u8);
    }
    if let Some(card) = status.get("activeCard").and_then(Value::as_str) {
        let card = (card != "none").then(|| card.to_owned());
        if card != player.card_id {
            player.card_title = None;
        }
        player.card_id = card;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsmith_upstream::mqtt::DeviceId;
    use serde_json::json;

    fn device() -> DeviceId {
        DeviceId::parse("p1").unwrap()
    }

    #[test]
    fn partial_events_keep_what_they_do_not_mention() {
        let mut player = LivePlayer::default();
        let first = PlayerEvent {
            card_id: Some("abc".into()),
            chapter_title: Some("One".into()),
            playback_status: Some("playing".into()),
            position: Some(10),
            volume: Some(8),
            ..PlayerEvent::default()
        };
        assert!(apply(&mut player, &PlayerMessage::Events(device(), first)));
        let paused = PlayerEvent {
            playback_status: Some("paused".into()),
            ..PlayerEvent::default()
        };
        apply(&mut player, &PlayerMessage::Events(device(), paused));
        assert_eq!(player.card_id.as_deref(), Some("abc"));
        assert_eq!(player.chapter_title.as_deref(), Some("One"));
        assert_eq!(player.playback.as_deref(), Some("paused"));
        assert_eq!((player.position, player.volume), (Some(10), Some(8)));
        assert_eq!(player.online, Some(true));
        assert!(player.updated_at.is_some());
    }

    #[test]
    fn another_card_forgets_the_title_of_the_one_before() {
        let mut player = LivePlayer::default();
        let playing = |card: &str| {
            PlayerMessage::Events(
                device(),
                PlayerEvent {
                    card_id: Some(card.into()),
                    ..PlayerEvent::default()
                },
            )
        };
        apply(&mut player, &playing("abc12"));
        player.card_title = Some("Songs".into());
        apply(&mut player, &playing("abc12"));
        assert_eq!(player.card_title.as_deref(), Some("Songs"));
        apply(&mut player, &playing("xyz34"));
        assert_eq!(player.card_title, None);
    }

    #[test]
    fn status_speaks_percent_and_numbers() {
        let mut player = LivePlayer::default();
        let status =
            json!({"batteryLevel": 64, "charging": 1, "userVolume": 50, "activeCard": "none"});
        let Value::Object(status) = status else {
            unreachable!()
        };
        apply(&mut player, &PlayerMessage::Status(device(), status));
        assert_eq!(player.battery_level, Some(64));
        assert_eq!(player.charging, Some(true));
        assert_eq!(player.volume, Some(8));
        assert_eq!(player.card_id, None);
        apply(
            &mut player,
            &PlayerMessage::Lifecycle(device(), "userShutdown".into()),
        );
        assert_eq!(player.online, Some(false));
        assert_eq!(player.playback.as_deref(), Some("stopped"));
    }
}
