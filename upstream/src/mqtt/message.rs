//! What players publish: playback events, status, command acknowledgements, lifecycle. The
//! same types serve the players' side (the simulator writes them) and ours (we read them).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::topic::{parse_topic, DeviceId, TopicKind};

/// A `data/events` message. Players send only what changed, so every field is optional;
/// `volume` and `volumeMax` are on the 0–16 step scale.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerEvent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track_title: Option<String>,
    /// Seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track_length: Option<u32>,
    /// Seconds into the track.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u32>,
    /// `playing`, `paused`, `stopped` (or `loading`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playback_status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_max: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sleep_timer_active: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sleep_timer_seconds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streaming: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeat_all: Option<bool>,
    /// Unix seconds when the player wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_utc: Option<i64>,
}

/// A `response` message: `{"status": {"<key>": "OK"|"FAIL", "req_body": "…"}}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ack {
    pub status: BTreeMap<String, String>,
}

impl Ack {
    /// Whether this acknowledges a command answered under one of `keys`: `Some(true)` for
    /// OK, `Some(false)` for FAIL, `None` when it is about another command.
    pub fn answer(&self, keys: &[&str]) -> Option<bool> {
        keys.iter()
            .find_map(|k| self.status.get(*k))
            .map(|v| v.eq_ignore_ascii_case("ok"))
    }
}

/// One message from a player, by topic.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerMessage {
    Events(DeviceId, PlayerEvent),
    /// The `status` object of `data/status` (battery, charging, volume in percent, …).
    Status(DeviceId, Map<String, Value>),
    Ack(DeviceId, Ack),
    /// The legacy status topic's `shutDown` (`nA` while running).
    Lifecycle(DeviceId, String),
}

impl PlayerMessage {
    /// Reads a message; `None` for topics and payloads that are not a player's messages.
    pub fn parse(topic: &str, payload: &[u8]) -> Option<Self> {
        let (device, kind) = parse_topic(topic)?;
        Some(match kind {
            TopicKind::Events => Self::Events(device, serde_json::from_slice(payload).ok()?),
            TopicKind::Status => {
                let mut body: Map<String, Value> = serde_json::from_slice(payload).ok()?;
                match body.remove("status")? {
                    Value::Object(status) => Self::Status(device, status),
                    _ => return None,
                }
            }
            TopicKind::Response => {
                let body: Value = serde_json::from_slice(payload).ok()?;
                let status = body.get("status")?.as_object()?;
                let status = status
                    .iter()
                    .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                    .collect();
                Self::Ack(device, Ack { status })
            }
            TopicKind::LegacyStatus => {
                let body: Value = serde_json::from_slice(payload).ok()?;
                let shut_down = body.get("status")?.get("shutDown")?.as_str()?;
                Self::Lifecycle(device, shut_down.to_owned())
            }
            TopicKind::Command(_) => return None,
        })
    }

    pub fn device(&self) -> &DeviceId {
        match self {
            Self::Events(d, _) | Self::Status(d, _) | Self::Ack(d, _) | Self::Lifecycle(d, _) => d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_by_topic() {
        let events =
            br#"{"cardId":"abc","position":12,"playbackStatus":"playing","volume":8,"unknown":1}"#;
        let Some(PlayerMessage::Events(device, event)) =
            PlayerMessage::parse("device/p1/data/events", events)
        else {
            panic!("events")
        };
        assert_eq!(device.as_str(), "p1");
        assert_eq!(event.card_id.as_deref(), Some("abc"));
        assert_eq!(event.position, Some(12));
        assert_eq!(event.volume, Some(8));

        let ack = br#"{"status":{"volume":"OK","req_body":"{\"volume\":50}"}}"#;
        let Some(PlayerMessage::Ack(_, ack)) = PlayerMessage::parse("device/p1/response", ack)
        else {
            panic!("ack")
        };
        assert_eq!(ack.answer(&["volume"]), Some(true));
        assert_eq!(ack.answer(&["card"]), None);

        let status = br#"{"status":{"batteryLevel":80,"charging":1}}"#;
        assert!(matches!(
            PlayerMessage::parse("device/p1/data/status", status),
            Some(PlayerMessage::Status(_, s)) if s["batteryLevel"] == 80
        ));
        let legacy = br#"{"status":{"shutDown":"userShutdown"}}"#;
        assert_eq!(
            PlayerMessage::parse("device/p1/status", legacy),
            Some(PlayerMessage::Lifecycle(
                DeviceId::parse("p1").unwrap(),
                "userShutdown".into()
            ))
        );
        assert_eq!(PlayerMessage::parse("device/p1/data/events", b"[1]"), None);
        assert_eq!(PlayerMessage::parse("device/+/data/events", events), None);
    }
}
