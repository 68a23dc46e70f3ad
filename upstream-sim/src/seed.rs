//! Seed data: players, cards and public icons, shaped like real answers.

use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::ids;
use crate::state::{Device, Doc};

/// A player to pre-create. Everything but the name has a realistic default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceSeed {
    pub device_id: Option<String>,
    pub name: String,
    /// `v3e` (a Player) or `minie` (a Mini).
    pub device_type: String,
    pub online: bool,
    /// Overrides of the nested status (batteryLevel, activeCard, …).
    pub status: Doc,
    /// Overrides of the firmware-default settings.
    pub config: Doc,
}

impl Default for DeviceSeed {
    fn default() -> Self {
        Self {
            device_id: None,
            name: "Player".to_owned(),
            device_type: "v3e".to_owned(),
            online: true,
            status: Doc::new(),
            config: Doc::new(),
        }
    }
}

impl DeviceSeed {
    pub fn named(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            ..Self::default()
        }
    }

    pub fn mini(name: &str) -> Self {
        Self {
            device_type: "minie".to_owned(),
            ..Self::named(name)
        }
    }

    pub(crate) fn build(self) -> (String, Device) {
        let device_id = self.device_id.unwrap_or_else(|| ids::alphanumeric(24));
        let mini = self.device_type.starts_with("mini");
        let summary = json!({
            "deviceId": device_id,
            "name": self.name,
            "description": self.name,
            "online": self.online,
            "releaseChannel": "general",
            "deviceType": self.device_type,
            "deviceFamily": if mini { "mini" } else { "v3" },
            "deviceGroup": "",
            "generation": "gen3",
            "formFactor": if mini { "mini" } else { "standard" },
            "hasUserGivenName": true,
        });
        let details = json!({
            "errorCode": null,
            "fwVersion": "v2.17.5",
            "popCode": ids::alphanumeric(6),
            "releaseChannelId": "general",
            "releaseChannelVersion": "v2.17.5",
            "activationPopCode": ids::alphanumeric(8),
            "registrationCode": ids::alphanumeric(8),
            "mac": "b4:8a:0a:00:00:01",
            "geoTimezone": "Europe/London",
            "getPosix": "GMT0BST,M3.5.0/1,M10.5.0",
        });
        let mut status = default_status(self.online);
        status.extend(self.status);
        let mut config = default_config();
        config.extend(self.config);
        let device = Device {
            summary: as_doc(summary),
            details: as_doc(details),
            status,
            config,
            shortcuts: json!({ "modes": { "day": { "content": [] }, "night": { "content": [] } }, "versionId": ids::hex_id(40) }),
            added_at: Utc::now(),
        };
        (device_id, device)
    }
}

/// What the firmware fills in for every key a config write leaves out.
pub fn default_config() -> Doc {
    as_doc(json!({
        "alarms": [],
        "ambientColour": "#40bfd9",
        "bluetoothEnabled": "1",
        "btHeadphonesEnabled": true,
        "clockFace": "digital-sun",
        "dayDisplayBrightness": "auto",
        "dayTime": "07:00",
        "dayYotoDaily": "3nC80/daily/<TIME(7)>",
        "dayYotoRadio": "3nC80/radio-day/01",
        "daySoundsOff": "0",
        "displayDimBrightness": "0",
        "displayDimTimeout": "60",
        "headphonesVolumeLimited": false,
        "hourFormat": "12",
        "locale": "en",
        "maxVolumeLimit": "16",
        "nightAmbientColour": "#f57399",
        "nightDisplayBrightness": "auto",
        "nightMaxVolumeLimit": "10",
        "nightTime": "19:30",
        "nightYotoDaily": "0",
        "nightYotoRadio": "0",
        "nightSoundsOff": "1",
        "pausePowerButton": true,
        "pauseVolumeDown": false,
        "repeatAll": false,
        "showDiagnostics": true,
        "shutdownTimeout": "3600",
        "systemVolume": "100",
        "timezone": "",
        "volumeLevel": "safe",
    }))
}

fn default_status(online: bool) -> Doc {
    as_doc(json!({
        "activeCard": "none",
        "batteryLevel": 87,
        "charging": 0,
        "cardInserted": 0,
        "day": 1,
        "isOnline": online,
        "playingStatus": "stopped",
        "powerSrc": 2,
        "userVolume": 50,
        "volume": 8,
        "wifiStrength": -52,
        "shutDown": "nA",
        "temperatureCelcius": "23",
        "updatedAt": crate::state::timestamp(Utc::now()),
    }))
}

/// A user-made card with `tracks` tracks (one chapter each) pointing at `audio_hash`.
pub fn user_made_card(title: &str, tracks: usize, audio_hash: &str) -> Value {
    let chapters: Vec<Value> = (1..=tracks)
        .map(|n| {
            let key = format!("{n:02}");
            json!({
                "key": key, "title": format!("Chapter {n}"), "overlayLabel": n.to_string(),
                "duration": 60, "fileSize": 960000,
                "display": { "icon16x16": format!("yoto:#{}", PUBLIC_ICONS[0].0) },
                "tracks": [{
                    "key": key, "title": format!("Track {n}"), "overlayLabel": n.to_string(),
                    "trackUrl": format!("yoto:#{audio_hash}"), "type": "audio", "format": "aac",
                    "channels": "stereo", "duration": 60, "fileSize": 960000,
                    "display": { "icon16x16": format!("yoto:#{}", PUBLIC_ICONS[0].0) },
                }],
            })
        })
        .collect();
    json!({
        "title": title,
        "content": { "activity": "yoto_Player", "chapters": chapters, "config": { "onlineOnly": false },
                     "playbackType": "linear", "restricted": false, "version": "1" },
        "metadata": { "media": { "duration": 60 * tracks, "fileSize": 960000 * tracks, "hasStreams": false } },
    })
}

/// A shop-bought physical card: owned by the publisher, not editable.
pub fn purchased_card(title: &str, audio_hash: &str) -> Value {
    let mut card = user_made_card(title, 2, audio_hash);
    card["userId"] = "yoto".into();
    card["metadata"]["author"] = "A. Publisher".into();
    card
}

/// A podcast/streaming card: online only, fed by an RSS feed, `stream` tracks.
pub fn streaming_card(title: &str, rss_url: &str) -> Value {
    json!({
        "title": title,
        "userId": "yoto",
        "content": {
            "activity": "yoto_Player",
            "config": { "onlineOnly": true },
            "editSettings": { "rssUrl": rss_url, "podcastType": "episodic" },
            "playbackType": "linear",
            "version": "1",
            "chapters": [{
                "key": "ep1", "title": "Episode 1", "display": { "icon16x16": null },
                "tracks": [{ "key": "ep1", "title": "Episode 1", "trackUrl": "https://feeds.example/ep1.mp3",
                             "type": "stream", "format": "mp3", "duration": 1200, "fileSize": 0 }],
            }],
        },
        "metadata": { "category": "podcast", "media": { "hasStreams": true } },
    })
}

/// Public icons: (mediaId, title, tags).
pub const PUBLIC_ICONS: &[(&str, &str, &[&str])] = &[
    (
        "aUm9i3ex3qqAMYBv-i-O-pYMKuMJGICtR3Vhf289u2Q",
        "Star",
        &["star", "night"],
    ),
    (
        "8U6yfbHJtXSpnEWCg4z8jzfpmjMJsahh9emPkbJAXpo",
        "Rocket",
        &["space", "rocket"],
    ),
    (
        "b6H0Fq0R1tyQ8ryUoSVhS6GdrNKyFe1O4Xd2tiX4hLk",
        "Cat",
        &["animal", "cat"],
    ),
    (
        "kX2qTtYwV3n7rH0EJx8mFZ1iCwCqk3sWlmP5LgqA8dE",
        "Music note",
        &["music"],
    ),
];

pub fn public_icon_docs(base_url: &str) -> Vec<Doc> {
    PUBLIC_ICONS
        .iter()
        .enumerate()
        .map(|(n, (media_id, title, tags))| {
            as_doc(json!({
                "mediaId": media_id,
                "userId": "yoto",
                "createdAt": "2021-03-04T10:00:00.000Z",
                "new": false,
                "publicTags": tags,
                "title": title,
                "url": format!("{base_url}/card-content/yoto/{media_id}"),
                "public": true,
                "displayIconId": format!("5f1c0d6c3a6f4b00{n:08x}"),
            }))
        })
        .collect()
}

/// A 1×1 transparent PNG, served for public icons.
pub const TINY_PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];

pub fn as_doc(value: Value) -> Doc {
    match value {
        Value::Object(map) => map,
        _ => Doc::new(),
    }
}
