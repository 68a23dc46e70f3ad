//! Players: the device list, the full device (config call) and the settings block.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::wire::{opt_flag, opt_number, opt_text};
use super::Extra;

/// `GET /device-v2/devices/mine`.
#[derive(Debug, Clone, Deserialize)]
pub struct DeviceList {
    #[serde(default)]
    pub devices: Vec<DeviceSummary>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSummary {
    pub device_id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub online: Option<bool>,
    /// e.g. `minie`, `v3e`.
    #[serde(default)]
    pub device_type: Option<String>,
    /// e.g. `mini`, `v3`.
    #[serde(default)]
    pub device_family: Option<String>,
    #[serde(default)]
    pub device_group: Option<String>,
    #[serde(default, deserialize_with = "opt_text::deserialize")]
    pub generation: Option<String>,
    /// `mini` or `standard`.
    #[serde(default)]
    pub form_factor: Option<String>,
    #[serde(default)]
    pub release_channel: Option<String>,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub has_user_given_name: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `{"device": …}` of `GET /device-v2/{id}/config`.
#[derive(Debug, Clone, Deserialize)]
pub struct DeviceEnvelope {
    pub device: Device,
}

/// The full device. Its `status` is the only status source: the status endpoint is 403.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Device {
    pub device_id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub online: Option<bool>,
    #[serde(default)]
    pub device_type: Option<String>,
    #[serde(default)]
    pub device_family: Option<String>,
    #[serde(default, deserialize_with = "opt_text::deserialize")]
    pub fw_version: Option<String>,
    #[serde(default)]
    pub geo_timezone: Option<String>,
    #[serde(default)]
    pub status: DeviceStatus,
    #[serde(default)]
    pub config: DeviceConfig,
    /// Current shortcuts; reading them here is the only way (their own GET is 403).
    #[serde(default)]
    pub shortcuts: Option<Value>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceStatus {
    #[serde(default, deserialize_with = "opt_text::deserialize")]
    pub active_card: Option<String>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub battery_level: Option<f64>,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub charging: Option<bool>,
    /// 0 none, 1 physical card, 2 remote.
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub card_inserted: Option<f64>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub user_volume: Option<f64>,
    #[serde(default, deserialize_with = "opt_text::deserialize")]
    pub playing_status: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// The settings block, kept as the raw map: the firmware fills in keys we do not know, and a
/// `PUT` replaces the whole block, so every key must survive a read-modify-write. Values are
/// mostly strings even when numeric (`"maxVolumeLimit": "16"`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DeviceConfig(pub Extra);

impl DeviceConfig {
    /// A setting as text (numbers and booleans are rendered).
    pub fn get(&self, key: &str) -> Option<String> {
        match self.0.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Null => None,
            other => Some(other.to_string()),
        }
    }

    /// Sets a setting to any JSON value (use strings for numeric settings).
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<Value>) {
        self.0.insert(key.into(), value.into());
    }
}

/// Body of `PUT /device-v2/{id}/config`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct DeviceConfigUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub config: DeviceConfig,
}

/// Body of `PUT /device-v2/{id}/shortcuts` (beta).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Shortcuts {
    /// `{"day": {"content": [...]}, "night": {...}}`.
    #[serde(default)]
    pub modes: serde_json::Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version_id: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_reads_nested_status_and_keeps_config_keys() {
        let d: DeviceEnvelope = serde_json::from_str(
            r#"{"device":{"deviceId":"y1","name":"Kitchen","online":true,"fwVersion":1.2,
            "status":{"activeCard":"none","batteryLevel":"87","charging":1,"cardInserted":0,"wifi":-50},
            "config":{"maxVolumeLimit":"16","alarms":["1111111,0700,x,,,8"],"newKey":{"a":1}}}}"#,
        )
        .unwrap();
        let d = d.device;
        assert_eq!(d.status.battery_level, Some(87.0));
        assert_eq!(d.status.charging, Some(true));
        assert_eq!(d.status.extra["wifi"], -50);
        assert_eq!(d.config.get("maxVolumeLimit").as_deref(), Some("16"));
        assert_eq!(d.fw_version.as_deref(), Some("1.2"));
        let back = serde_json::to_value(&d.config).unwrap();
        assert_eq!(back["newKey"]["a"], 1);
    }
}
