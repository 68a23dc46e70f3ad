//! Players (devices) of linked accounts: what they report and what can be changed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::validate::Checker;
use crate::FieldError;

/// A player as last seen. `cached` is true when the platform could not be reached and this is
/// the snapshot from `last_updated`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InfoSnapshot {
    pub account_id: String,
    pub account_label: String,
    pub device_id: String,
    pub name: String,
    pub device_type: String,
    pub device_family: String,
    pub form_factor: String,
    pub generation: String,
    pub fw_version: String,
    pub online: bool,
    pub cached: bool,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub last_updated: String,
    /// The player's settings block, as the platform reports it.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub settings: Value,
    /// Battery, charging, active card, volume… as the player reported them.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub status: Value,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ListDevicesOutputBody {
    pub devices: Option<Vec<InfoSnapshot>>,
    /// Accounts whose players could not be listed live (their snapshots are cached).
    pub unreachable_accounts: Vec<String>,
}

/// Whether a snapshot of the player is kept for when the platform is unreachable.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CacheStatusOut {
    pub account_id: String,
    pub device_id: String,
    pub cached: bool,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub last_updated: Option<String>,
}

/// Commands a player takes: `play` (needs `card_id`; `chapter_key` and `seconds` say where
/// to start, which is also how a chapter is skipped to), `pause`, `resume`, `stop`, `status`,
/// `volume` (needs `volume`, 0–16), `sleep_timer` (needs `seconds`, 0 turns it off),
/// `ambient` (needs `colour`, `#rrggbb`), `next_chapter` and `previous_chapter` (of the card
/// the player has in), `events` (the player reports what it plays) and `display_preview` (needs `card_id`: the icon of the card's chapter `chapter_key`, or of its
/// first, shows on the player's display for `seconds`, 10 by default, at most 300).
pub const COMMANDS: &[&str] = &[
    "play",
    "pause",
    "resume",
    "stop",
    "status",
    "volume",
    "sleep_timer",
    "ambient",
    "next_chapter",
    "previous_chapter",
    "events",
    "display_preview",
];

/// Longest icon preview on a player's display, in seconds.
pub const MAX_PREVIEW_SECONDS: u32 = 300;

/// Longest sleep timer: a day.
pub const MAX_SLEEP_SECONDS: u32 = 86_400;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeviceCommandInput {
    /// `play` (with `card_id`), `pause`, `resume`, `stop`, `status`, `volume` (with
    /// `volume`), `sleep_timer` (with `seconds`), `ambient` (with `colour`), `next_chapter`,
    /// `previous_chapter`, `events` or `display_preview` (with `card_id`).
    #[cfg_attr(
        feature = "openapi",
        schema(
            pattern = "^(play|pause|resume|stop|status|volume|sleep_timer|ambient|next_chapter|previous_chapter|events|display_preview)$"
        )
    )]
    pub command: String,
    /// The platform card id to play, or whose icon to show (`display_preview`).
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 64, pattern = "^\\s*[A-Za-z0-9_-]*\\s*$")
    )]
    pub card_id: Option<String>,
    /// `play`: the chapter to start at (its key on the card, e.g. `03`); `display_preview`:
    /// the chapter whose icon to show.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 64, pattern = "^[A-Za-z0-9_-]+$")
    )]
    pub chapter_key: Option<String>,
    /// `play`: seconds into the chapter; `sleep_timer`: seconds until the player stops (0
    /// turns the timer off); `display_preview`: how long the icon shows (1–300). At most a
    /// day.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 86400))]
    pub seconds: Option<u32>,
    /// `volume`: 0–16, the players' steps; more than the player allows is capped.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 16))]
    pub volume: Option<u8>,
    /// `ambient`: the night light's colour, `#rrggbb`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(pattern = "^#[0-9A-Fa-f]{6}$"))]
    pub colour: Option<String>,
}

impl DeviceCommandInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check(
            "command",
            (!COMMANDS.contains(&self.command.as_str()))
                .then(|| format!("must be one of {}", COMMANDS.join(", "))),
        );
        let card = self.card_id.as_deref().map(str::trim);
        if self.command == "play" && card.is_none_or(str::is_empty) {
            c.check("card_id", Some("is required to play"));
        }
        if self.command == "display_preview" {
            if card.is_none_or(str::is_empty) {
                c.check("card_id", Some("is required to show its icon"));
            }
            if self
                .seconds
                .is_some_and(|s| s == 0 || s > MAX_PREVIEW_SECONDS)
            {
                c.check("seconds", Some("must be 1–300 for a preview"));
            }
        }
        let plain = |v: &str| {
            !v.is_empty()
                && v.len() <= 64
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if card.is_some_and(|v| !v.is_empty() && !plain(v)) {
            c.check(
                "card_id",
                Some("must be letters, digits, - or _ (at most 64)"),
            );
        }
        if self.chapter_key.as_deref().is_some_and(|v| !plain(v)) {
            c.check(
                "chapter_key",
                Some("must be letters, digits, - or _ (at most 64)"),
            );
        }
        if self.seconds.is_some_and(|s| s > MAX_SLEEP_SECONDS) {
            c.check("seconds", Some("must be at most 86400 (a day)"));
        }
        if self.command == "sleep_timer" && self.seconds.is_none() {
            c.check(
                "seconds",
                Some("is required for a sleep timer (0 turns it off)"),
            );
        }
        match (self.command.as_str(), self.volume) {
            ("volume", None) => {
                c.check("volume", Some("is required to set the volume"));
            }
            (_, Some(v)) if v > 16 => {
                c.check("volume", Some("must be 0–16"));
            }
            _ => {}
        }
        match (self.command.as_str(), self.colour.as_deref()) {
            ("ambient", None) => {
                c.check("colour", Some("is required for the light"));
            }
            (_, Some(colour)) if rgb(colour).is_none() => {
                c.check("colour", Some("must be #rrggbb"));
            }
            _ => {}
        }
        c.finish()
    }
}

/// `#rrggbb` as three bytes.
pub fn rgb(colour: &str) -> Option<(u8, u8, u8)> {
    let hex = colour
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some((byte(0)?, byte(2)?, byte(4)?))
}

/// Settings to change; absent ones stay as they are.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeviceSettingsInput {
    /// 1 to 64 characters, not blank.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 64, pattern = "\\S")
    )]
    pub clock_face: Option<String>,
    /// `auto` or 0–100.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*(auto|0*(100|[1-9]?[0-9]))\\s*$")
    )]
    pub day_brightness: Option<String>,
    /// 0–16.
    #[cfg_attr(feature = "openapi", schema(pattern = "^\\s*0*(1[0-6]|[0-9])\\s*$"))]
    pub day_max_volume: Option<String>,
    /// `HH:MM`.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*([01][0-9]|2[0-3]):[0-5][0-9]\\s*$")
    )]
    pub day_time: Option<String>,
    /// `auto` or 0–100.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*(auto|0*(100|[1-9]?[0-9]))\\s*$")
    )]
    pub night_brightness: Option<String>,
    /// 0–16.
    #[cfg_attr(feature = "openapi", schema(pattern = "^\\s*0*(1[0-6]|[0-9])\\s*$"))]
    pub night_max_volume: Option<String>,
    /// `HH:MM`.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*([01][0-9]|2[0-3]):[0-5][0-9]\\s*$")
    )]
    pub night_time: Option<String>,
    /// Minutes, 0–1440.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*0*(1440|14[0-3][0-9]|1[0-3][0-9][0-9]|[1-9]?[0-9]?[0-9])\\s*$")
    )]
    pub shutdown_timeout_min: Option<String>,
    /// IANA name, e.g. `Europe/London`.
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 64, pattern = "^\\s*\\S*\\s*$")
    )]
    pub timezone: Option<String>,
}

/// `v` as a number written in decimal digits only (no sign), if it is one no larger than `max`.
fn number_at_most(v: &str, max: u32) -> Option<u32> {
    let digits = v.trim_start_matches('0');
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 5 {
        return None;
    }
    let n = if digits.is_empty() {
        0
    } else {
        digits.parse().ok()?
    };
    (n <= max).then_some(n)
}
fn brightness(v: &str) -> Option<&'static str> {
    (v != "auto" && number_at_most(v, 100).is_none()).then_some("must be auto or 0 to 100")
}
fn volume(v: &str) -> Option<&'static str> {
    number_at_most(v, 16).is_none().then_some("must be 0 to 16")
}
fn clock(v: &str) -> Option<&'static str> {
    let ok = v.len() == 5
        && v.split_once(':').is_some_and(|(h, m)| {
            h.len() == 2 && number_at_most(h, 23).is_some() && number_at_most(m, 59).is_some()
        });
    (!ok).then_some("must be a time as HH:MM")
}

impl DeviceSettingsInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        let mut check =
            |field: &str, value: &Option<String>, rule: fn(&str) -> Option<&'static str>| {
                if let Some(v) = value {
                    c.check(field, rule(v.trim()));
                }
            };
        check("day_brightness", &self.day_brightness, brightness);
        check("night_brightness", &self.night_brightness, brightness);
        check("day_max_volume", &self.day_max_volume, volume);
        check("night_max_volume", &self.night_max_volume, volume);
        check("day_time", &self.day_time, clock);
        check("night_time", &self.night_time, clock);
        check("shutdown_timeout_min", &self.shutdown_timeout_min, |v| {
            number_at_most(v, 1440)
                .is_none()
                .then_some("must be 0 to 1440 minutes")
        });
        check("clock_face", &self.clock_face, |v| {
            (v.is_empty() || v.chars().count() > 64).then_some("must be 1 to 64 characters")
        });
        check("timezone", &self.timezone, |v| {
            (v.chars().count() > 64 || v.chars().any(char::is_whitespace))
                .then_some("must be an IANA time zone name")
        });
        c.finish()
    }

    /// `(platform key, value)` of every setting given; shutdown minutes become seconds.
    pub fn changes(&self) -> Vec<(&'static str, String)> {
        let pairs = [
            ("clockFace", &self.clock_face),
            ("dayDisplayBrightness", &self.day_brightness),
            ("maxVolumeLimit", &self.day_max_volume),
            ("dayTime", &self.day_time),
            ("nightDisplayBrightness", &self.night_brightness),
            ("nightMaxVolumeLimit", &self.night_max_volume),
            ("nightTime", &self.night_time),
            ("timezone", &self.timezone),
        ];
        let mut out: Vec<_> = pairs
            .into_iter()
            .filter_map(|(k, v)| v.as_ref().map(|v| (k, v.trim().to_owned())))
            .collect();
        if let Some(min) = self
            .shutdown_timeout_min
            .as_deref()
            .and_then(|m| m.trim().parse::<u32>().ok())
        {
            out.push(("shutdownTimeout", (min * 60).to_string()));
        }
        out
    }
}

/// One shortcut button: in `mode` (`day` or `night`) it plays `card_id` (optionally a chapter
/// and track).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShortcutInput {
    #[cfg_attr(feature = "openapi", schema(pattern = "^(day|night)$"))]
    pub mode: String,
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub card_id: String,
    #[serde(default)]
    pub chapter: Option<String>,
    #[serde(default)]
    pub track: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShortcutsInput {
    pub shortcuts: Vec<ShortcutInput>,
}

impl ShortcutsInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        for (i, s) in self.shortcuts.iter().enumerate() {
            c.check(
                &format!("shortcuts/{i}/mode"),
                (!matches!(s.mode.as_str(), "day" | "night")).then_some("must be day or night"),
            );
            c.check(
                &format!("shortcuts/{i}/card_id"),
                s.card_id.trim().is_empty().then_some("is required"),
            );
        }
        c.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked_and_mapped() {
        let ok = DeviceSettingsInput {
            day_brightness: Some("auto".into()),
            night_max_volume: Some("8".into()),
            day_time: Some("07:30".into()),
            shutdown_timeout_min: Some("30".into()),
            ..Default::default()
        };
        assert!(ok.validate().is_ok());
        assert!(ok.changes().contains(&("shutdownTimeout", "1800".into())));
        assert!(ok.changes().contains(&("nightMaxVolumeLimit", "8".into())));
        let bad = DeviceSettingsInput {
            day_max_volume: Some("17".into()),
            night_time: Some("25:00".into()),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().len(), 2);
    }

    #[test]
    fn play_needs_a_card() {
        assert!(DeviceCommandInput {
            command: "play".into(),
            ..Default::default()
        }
        .validate()
        .is_err());
        assert!(DeviceCommandInput {
            command: "pause".into(),
            ..Default::default()
        }
        .validate()
        .is_ok());
        assert!(DeviceCommandInput {
            command: "explode".into(),
            ..Default::default()
        }
        .validate()
        .is_err());
    }
}
