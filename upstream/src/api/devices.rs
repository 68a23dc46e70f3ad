//! Players: list, full device, settings, commands, shortcuts.

use reqwest::Method;
use serde_json::Value;

use crate::client::{AccountClient, ApiRequest};
use crate::error::Result;
use crate::model::devices::{
    Device, DeviceConfig, DeviceConfigUpdate, DeviceEnvelope, DeviceList, DeviceSummary, Shortcuts,
};
use crate::model::StatusOk;

impl AccountClient {
    /// `GET /device-v2/devices/mine` (not a bare devices path).
    pub async fn list_devices(&self) -> Result<Vec<DeviceSummary>> {
        let list: DeviceList = self
            .call(ApiRequest::new(
                Method::GET,
                &["device-v2", "devices", "mine"],
            ))
            .await?;
        Ok(list.devices)
    }

    /// `GET /device-v2/{id}/config`: the full device including its nested `status` (the
    /// status endpoint itself is deprecated and answers 403).
    pub async fn device(&self, device_id: &str) -> Result<Device> {
        let envelope: DeviceEnvelope = self
            .call(ApiRequest::new(
                Method::GET,
                &["device-v2", device_id, "config"],
            ))
            .await?;
        Ok(envelope.device)
    }

    /// `PUT /device-v2/{id}/config`. This replaces the WHOLE settings block: keys left out are
    /// reset to firmware defaults. Prefer [`Self::edit_device_config`].
    pub async fn put_device_config(
        &self,
        device_id: &str,
        update: &DeviceConfigUpdate,
    ) -> Result<StatusOk> {
        self.call(ApiRequest::new(Method::PUT, &["device-v2", device_id, "config"]).json(update)?)
            .await
    }

    /// Reads the current settings, lets `edit` change them, writes them all back. Reading
    /// right before writing (never from a cache) is what keeps other settings intact.
    pub async fn edit_device_config(
        &self,
        device_id: &str,
        edit: impl FnOnce(&mut DeviceConfig),
    ) -> Result<DeviceConfig> {
        let mut config = self.device(device_id).await?.config;
        edit(&mut config);
        let update = DeviceConfigUpdate { name: None, config };
        self.put_device_config(device_id, &update).await?;
        Ok(update.config)
    }

    /// `POST /device-v2/{id}/command/{command}`, e.g. `status` (asks the player to publish
    /// its status) or `card/start`. `command` may contain slashes.
    pub async fn send_device_command(
        &self,
        device_id: &str,
        command: &str,
        body: &Value,
    ) -> Result<StatusOk> {
        let mut segments = vec!["device-v2", device_id, "command"];
        segments.extend(command.split('/').filter(|s| !s.is_empty()));
        self.call(ApiRequest::new(Method::POST, &segments).json(body)?)
            .await
    }

    /// `PUT /device-v2/{id}/shortcuts` (beta). Shortcuts cannot be read back through their own
    /// path (403); read them from [`Device::shortcuts`].
    pub async fn put_shortcuts(&self, device_id: &str, shortcuts: &Shortcuts) -> Result<StatusOk> {
        let body = serde_json::json!({ "shortcuts": shortcuts });
        self.call(ApiRequest::new(Method::PUT, &["device-v2", device_id, "shortcuts"]).json(&body)?)
            .await
    }
}
