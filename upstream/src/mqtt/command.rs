//! The commands a player takes on `device/{id}/command/…`, with the documented payloads
//! (upstream contract §6.5), and the key each is acknowledged under on `device/{id}/response`.

use serde_json::{json, Value};

/// The players' volume scale: 17 steps, 0–16 (what the events report).
pub const VOLUME_STEPS: u8 = 16;

/// The percentage the `volume/set` command takes for `step` (0–16): the platform's map
/// 0, 7, 13, 19, 25, … 100 (each step's share of 100, rounded up).
pub fn volume_percent(step: u8) -> u8 {
    let step = u16::from(step.min(VOLUME_STEPS));
    ((step * 100).div_ceil(u16::from(VOLUME_STEPS))) as u8
}

/// Where to start a card: a chapter (and track) by key, and seconds into it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartAt {
    pub chapter_key: Option<String>,
    pub track_key: Option<String>,
    pub seconds_in: Option<u32>,
}

/// One command to a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerCommand {
    /// Plays the card (`https://yoto.io/<cardId>`), from a chapter and second when given.
    Start {
        card_id: String,
        at: StartAt,
    },
    Pause,
    Resume,
    Stop,
    /// Volume as a step of [`VOLUME_STEPS`]; the caller caps it at the player's maximum.
    Volume {
        step: u8,
    },
    /// Stops playback after this many seconds; 0 turns the timer off.
    SleepTimer {
        seconds: u32,
    },
    /// The night light's colour.
    Ambient {
        r: u8,
        g: u8,
        b: u8,
    },
    /// Asks for a `data/status` message.
    StatusRequest,
    /// Asks for a `data/events` message with everything the player is doing.
    EventsRequest,
    /// Shows an icon on the player's display for `timeout` seconds.
    DisplayPreview {
        uri: String,
        timeout: u32,
        animated: bool,
    },
}

impl PlayerCommand {
    /// The topic's tail after `device/{id}/command/`.
    pub fn path(&self) -> &'static str {
        match self {
            Self::Start { .. } => "card/start",
            Self::Pause => "card/pause",
            Self::Resume => "card/resume",
            Self::Stop => "card/stop",
            Self::Volume { .. } => "volume/set",
            Self::SleepTimer { .. } => "sleep-timer/set",
            Self::Ambient { .. } => "ambients/set",
            Self::StatusRequest => "status/request",
            Self::EventsRequest => "events/request",
            Self::DisplayPreview { .. } => "display/preview",
        }
    }

    /// The JSON payload; commands without one send an empty object.
    pub fn payload(&self) -> Value {
        match self {
            Self::Start { card_id, at } => {
                let mut body = json!({ "uri": format!("https://yoto.io/{card_id}") });
                if let Some(chapter) = &at.chapter_key {
                    body["chapterKey"] = json!(chapter);
                }
                if let Some(track) = &at.track_key {
                    body["trackKey"] = json!(track);
                }
                if let Some(seconds) = at.seconds_in {
                    body["secondsIn"] = json!(seconds);
                }
                body
            }
            Self::Volume { step } => json!({ "volume": volume_percent(*step) }),
            Self::SleepTimer { seconds } => json!({ "seconds": seconds }),
            Self::Ambient { r, g, b } => json!({ "r": r, "g": g, "b": b }),
            Self::DisplayPreview {
                uri,
                timeout,
                animated,
            } => json!({ "uri": uri, "timeout": timeout, "animated": u8::from(*animated) }),
            Self::Pause | Self::Resume | Self::Stop | Self::StatusRequest | Self::EventsRequest => {
                json!({})
            }
        }
    }

    /// The keys of the `status` object an acknowledgement of this command carries. Players
    /// answer under the command's first level (`card`, `volume`, …); some firmware writes the
    /// whole path (`status/request`) or camel case (`sleepTimer`).
    pub fn ack_keys(&self) -> &'static [&'static str] {
        match self {
            Self::Start { .. } | Self::Pause | Self::Resume | Self::Stop => &["card"],
            Self::Volume { .. } => &["volume"],
            Self::SleepTimer { .. } => &["sleep-timer", "sleepTimer"],
            Self::Ambient { .. } => &["ambients"],
            Self::StatusRequest => &["status", "status/request"],
            Self::EventsRequest => &["events", "events/request"],
            Self::DisplayPreview { .. } => &["display"],
        }
    }

    /// Parses what arrives on a command topic (the players' side): the path after
    /// `command/` and the payload. `None` for an unknown path or a malformed payload.
    pub fn from_wire(path: &str, payload: &[u8]) -> Option<Self> {
        let body: Value = if payload.is_empty() {
            json!({})
        } else {
            serde_json::from_slice(payload).ok()?
        };
        let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::to_owned);
        let number = |key: &str| body.get(key).and_then(Value::as_u64);
        let byte = |key: &str| number(key).and_then(|n| u8::try_from(n).ok());
        Some(match path {
            "card/start" => {
                let uri = text("uri")?;
                let card_id = uri.strip_prefix("https://yoto.io/")?.to_owned();
                Self::Start {
                    card_id,
                    at: StartAt {
                        chapter_key: text("chapterKey"),
                        track_key: text("trackKey"),
                        seconds_in: number("secondsIn").and_then(|n| u32::try_from(n).ok()),
                    },
                }
            }
            "card/pause" => Self::Pause,
            "card/resume" => Self::Resume,
            "card/stop" => Self::Stop,
            "volume/set" => {
                let percent = byte("volume")?.min(100);
                // back to the step whose percentage it is (or the nearest below)
                let step = (0..=VOLUME_STEPS)
                    .rev()
                    .find(|s| volume_percent(*s) <= percent)
                    .unwrap_or(0);
                Self::Volume { step }
            }
            "sleep-timer/set" => Self::SleepTimer {
                seconds: u32::try_from(number("seconds")?).ok()?,
            },
            "ambients/set" => Self::Ambient {
                r: byte("r")?,
                g: byte("g")?,
                b: byte("b")?,
            },
            "status/request" => Self::StatusRequest,
            "events/request" => Self::EventsRequest,
            "display/preview" => Self::DisplayPreview {
                uri: text("uri")?,
                timeout: u32::try_from(number("timeout").unwrap_or(10)).ok()?,
                animated: number("animated") == Some(1),
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_follows_the_seventeen_step_map() {
        let map: Vec<u8> = (0..=16).map(volume_percent).collect();
        assert_eq!(
            map,
            [0, 7, 13, 19, 25, 32, 38, 44, 50, 57, 63, 69, 75, 82, 88, 94, 100]
        );
        assert_eq!(volume_percent(40), 100);
    }

    #[test]
    fn every_command_survives_the_wire() {
        let commands = [
            PlayerCommand::Start {
                card_id: "abc12".into(),
                at: StartAt {
                    chapter_key: Some("03".into()),
                    track_key: Some("03".into()),
                    seconds_in: Some(42),
                },
            },
            PlayerCommand::Start {
                card_id: "abc12".into(),
                at: StartAt::default(),
            },
            PlayerCommand::Pause,
            PlayerCommand::Resume,
            PlayerCommand::Stop,
            PlayerCommand::Volume { step: 9 },
            PlayerCommand::SleepTimer { seconds: 900 },
            PlayerCommand::Ambient {
                r: 255,
                g: 64,
                b: 0,
            },
            PlayerCommand::StatusRequest,
            PlayerCommand::EventsRequest,
            PlayerCommand::DisplayPreview {
                uri: "https://example.test/icon.png".into(),
                timeout: 10,
                animated: false,
            },
        ];
        for command in commands {
            let wire = serde_json::to_vec(&command.payload()).unwrap();
            assert_eq!(
                PlayerCommand::from_wire(command.path(), &wire),
                Some(command.clone())
            );
        }
        assert_eq!(
            PlayerCommand::from_wire("card/start", b"{\"uri\":\"elsewhere\"}"),
            None
        );
        assert_eq!(PlayerCommand::from_wire("reboot", b"{}"), None);
        assert_eq!(PlayerCommand::from_wire("volume/set", b"not json"), None);
    }
}
