//! Topic names of the players' channel, built only from checked device ids.
//!
//! A device id goes into a topic name, where `+` and `#` are wildcards and `/` a level: an
//! unchecked id such as `+` or `x/#` would subscribe to, or command, every player on the
//! broker. [`DeviceId::parse`] is the only way to make one, and it takes letters, digits, `-`
//! and `_` (the platform's ids look like `y23Ht5G9w5qhBpp3GZZakJPO`).

use std::fmt;

/// Longest device id we accept; the platform's are 24 characters.
pub const MAX_DEVICE_ID_LEN: usize = 64;

/// A player's id, safe to put in a topic name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeviceId(String);

impl DeviceId {
    /// The id, if it is 1–64 ASCII letters, digits, `-` or `_`.
    pub fn parse(raw: &str) -> Option<Self> {
        let ok = !raw.is_empty()
            && raw.len() <= MAX_DEVICE_ID_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        ok.then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Where the player publishes what it is doing (partial updates).
    pub fn events_topic(&self) -> String {
        format!("device/{}/data/events", self.0)
    }

    /// Where the player publishes its status (battery, volume, …).
    pub fn status_topic(&self) -> String {
        format!("device/{}/data/status", self.0)
    }

    /// Where the player acknowledges commands.
    pub fn response_topic(&self) -> String {
        format!("device/{}/response", self.0)
    }

    /// The older status topic, the only one that says when a player shuts down.
    pub fn legacy_status_topic(&self) -> String {
        format!("device/{}/status", self.0)
    }

    /// The four topics a client follows for this player.
    pub fn subscriptions(&self) -> [String; 4] {
        [
            self.events_topic(),
            self.status_topic(),
            self.response_topic(),
            self.legacy_status_topic(),
        ]
    }

    /// Where a command goes: `device/{id}/command/{path}`.
    pub fn command_topic(&self, path: &str) -> String {
        format!("device/{}/command/{path}", self.0)
    }
}

impl fmt::Display for DeviceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What an incoming topic is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TopicKind {
    Events,
    Status,
    Response,
    LegacyStatus,
    /// `device/{id}/command/{path}`: seen by the players' side (the simulator).
    Command(String),
}

/// Splits `device/{id}/…` into the player and the kind; `None` for anything else.
pub fn parse_topic(topic: &str) -> Option<(DeviceId, TopicKind)> {
    let rest = topic.strip_prefix("device/")?;
    let (id, kind) = rest.split_once('/')?;
    let device = DeviceId::parse(id)?;
    let kind = match kind {
        "data/events" => TopicKind::Events,
        "data/status" => TopicKind::Status,
        "response" => TopicKind::Response,
        "status" => TopicKind::LegacyStatus,
        other => TopicKind::Command(other.strip_prefix("command/")?.to_owned()),
    };
    Some((device, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_ids_make_topics() {
        assert!(DeviceId::parse("y23Ht5G9w5qhBpp3GZZakJPO").is_some());
        assert!(DeviceId::parse("sim-device_1").is_some());
        for hostile in [
            "",
            "+",
            "#",
            "a/b",
            "a/#",
            "x+",
            "é",
            " a",
            "a\0",
            &"a".repeat(65),
        ] {
            assert!(DeviceId::parse(hostile).is_none(), "{hostile:?}");
        }
    }

    #[test]
    fn topics_round_trip() {
        let id = DeviceId::parse("abc").unwrap();
        for (topic, kind) in [
            (id.events_topic(), TopicKind::Events),
            (id.status_topic(), TopicKind::Status),
            (id.response_topic(), TopicKind::Response),
            (id.legacy_status_topic(), TopicKind::LegacyStatus),
            (
                id.command_topic("card/start"),
                TopicKind::Command("card/start".into()),
            ),
        ] {
            assert_eq!(parse_topic(&topic), Some((id.clone(), kind)));
        }
        assert_eq!(parse_topic("device/+/data/events"), None);
        assert_eq!(parse_topic("other/abc/data/events"), None);
        assert_eq!(parse_topic("device/abc/elsewhere"), None);
    }
}
