//! Players under `/device-v2`: list, full device with nested status, whole-block config PUT,
//! commands, the deprecated status call (403) and write-only shortcuts.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::caller::Caller;
use crate::error::ApiError;
use crate::seed::default_config;
use crate::state::{Account, Device, DeviceCommand, Doc, SharedState};

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/device-v2/devices/mine", get(list_devices))
        .route(
            "/device-v2/{device_id}/config",
            get(get_config).put(put_config),
        )
        .route("/device-v2/{device_id}/status", get(get_status))
        .route(
            "/device-v2/{device_id}/shortcuts",
            get(get_shortcuts).put(put_shortcuts),
        )
        .route("/device-v2/{device_id}/command/{*command}", post(command))
}

type ApiResult = Result<Json<Value>, ApiError>;

fn ok() -> ApiResult {
    Ok(Json(json!({ "status": "ok" })))
}

/// Runs `f` on the caller's device and the account's command log, or answers 404.
fn with_device<T>(
    shared: &SharedState,
    caller: &Caller,
    device_id: &str,
    f: impl FnOnce(&mut Device, &mut Vec<DeviceCommand>) -> T,
) -> Result<T, ApiError> {
    let mut world = shared.world();
    let Account {
        devices, commands, ..
    } = world
        .account_mut(&caller.user_id)
        .ok_or_else(|| ApiError::unauthorized("Unknown account"))?;
    let device = devices
        .get_mut(device_id)
        .ok_or_else(|| ApiError::not_found(format!("Device {device_id} not found")))?;
    Ok(f(device, commands))
}

/// Parses a JSON object body, answering the platform's 400 otherwise.
pub fn json_object(body: &[u8]) -> Result<Doc, ApiError> {
    match serde_json::from_slice(body) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(ApiError::bad_request("Request body must be a JSON object")),
    }
}

async fn list_devices(State(shared): State<SharedState>, caller: Caller) -> ApiResult {
    caller.require("family:devices:view")?;
    let world = shared.world();
    let devices: Vec<Value> = world
        .accounts
        .get(&caller.user_id)
        .map(|a| {
            a.devices
                .values()
                .map(|d| Value::Object(d.summary.clone()))
                .collect()
        })
        .unwrap_or_default();
    Ok(Json(json!({ "devices": devices })))
}

async fn get_config(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(device_id): Path<String>,
) -> ApiResult {
    caller.require("family:devices:view")?;
    with_device(&shared, &caller, &device_id, |device, _| {
        let mut full = device.summary.clone();
        full.extend(device.details.clone());
        full.insert("status".into(), Value::Object(device.status.clone()));
        full.insert("config".into(), Value::Object(device.config.clone()));
        full.insert("shortcuts".into(), device.shortcuts.clone());
        Json(json!({ "device": full }))
    })
}

/// Replaces the whole settings block: keys the body leaves out fall back to firmware defaults,
/// exactly the trap real clients fell into.
async fn put_config(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(device_id): Path<String>,
    body: Bytes,
) -> ApiResult {
    caller.require("family:devices:manage")?;
    let body = json_object(&body)?;
    let Some(Value::Object(settings)) = body.get("config") else {
        return Err(ApiError::bad_request("config must be an object"));
    };
    let name = match body.get("name") {
        None | Some(Value::Null) => None,
        Some(Value::String(n)) if !n.trim().is_empty() && n.chars().count() <= 100 => {
            Some(n.clone())
        }
        Some(_) => return Err(ApiError::bad_request("name must be 1–100 characters")),
    };
    with_device(&shared, &caller, &device_id, |device, _| {
        let mut config = default_config();
        config.extend(settings.clone());
        device.config = config;
        if let Some(name) = name {
            device.summary.insert("name".into(), name.into());
        }
    })?;
    ok()
}

/// Deprecated upstream: answers 403 to every valid token.
async fn get_status(_caller: Caller, Path(_device_id): Path<String>) -> ApiResult {
    Err(ApiError::forbidden(
        "This endpoint is deprecated; read status from the device config",
    ))
}

/// Shortcuts are write-only upstream; read them from the device config.
async fn get_shortcuts(_caller: Caller, Path(_device_id): Path<String>) -> ApiResult {
    Err(ApiError::forbidden("Forbidden"))
}

async fn put_shortcuts(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(device_id): Path<String>,
    body: Bytes,
) -> ApiResult {
    caller.require("family:devices:manage")?;
    let body = json_object(&body)?;
    let Some(shortcuts @ Value::Object(_)) = body.get("shortcuts") else {
        return Err(ApiError::bad_request("shortcuts must be an object"));
    };
    with_device(&shared, &caller, &device_id, |device, _| {
        device.shortcuts = shortcuts.clone();
    })?;
    ok()
}

/// What a real player reports after a command: the card it plays, whether it plays, volume.
pub(crate) fn play_along(status: &mut Doc, command: &str, body: &Value) {
    let mut set = |key: &str, value: Value| {
        status.insert(key.to_owned(), value);
    };
    match command {
        "card/start" => {
            let uri = body["uri"].as_str().unwrap_or_default();
            let card = uri.rsplit('/').next().unwrap_or_default();
            set("activeCard", json!(card));
            set("cardInserted", json!(2));
            set("playingStatus", json!("playing"));
        }
        "card/pause" => set("playingStatus", json!("paused")),
        "card/resume" => set("playingStatus", json!("playing")),
        "card/stop" => {
            set("activeCard", json!("none"));
            set("cardInserted", json!(0));
            set("playingStatus", json!("stopped"));
        }
        "volume/set" => {
            if let Some(volume) = body["volume"].as_u64() {
                set("userVolume", json!(volume));
            }
        }
        _ => {}
    }
}

/// Accepts the REST command paths (`status`, `card/start`, `volume/set`, …), records them and
/// changes the player's status as the player would.
async fn command(
    State(shared): State<SharedState>,
    caller: Caller,
    Path((device_id, command)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    caller.require("family:devices:control")?;
    const KNOWN: &[&str] = &[
        "status",
        "card/start",
        "card/stop",
        "card/pause",
        "card/resume",
        "volume/set",
        "sleep-timer/set",
        "ambients/set",
        "reboot",
        "events",
        "bluetooth/on",
        "bluetooth/off",
        "display/preview",
    ];
    if !KNOWN.contains(&command.as_str()) {
        return Err(ApiError::not_found(format!("Unknown command {command}")));
    }
    let body = if body.is_empty() {
        json!({})
    } else {
        Value::Object(json_object(&body)?)
    };
    with_device(&shared, &caller, &device_id, |device, commands| {
        play_along(&mut device.status, &command, &body);
        commands.push(DeviceCommand {
            device_id: device_id.clone(),
            command,
            body,
        });
    })?;
    ok()
}
