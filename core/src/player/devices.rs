//! Players of linked accounts: info (from the config call, where the status is nested; the
//! status call is deprecated), a cached snapshot when the platform is unreachable, settings
//! written read-merge-write (a PUT replaces the whole block), shortcuts written only (they
//! cannot be read back), and commands.

use cardsmith_i18n::t;
use cardsmith_model::device::{
    CacheStatusOut, DeviceCommandInput, DeviceSettingsInput, InfoSnapshot, ListDevicesOutputBody,
    ShortcutsInput,
};
use cardsmith_model::player::{account_status, PlayerAccountOut};
use cardsmith_model::publish::PublishedCardOut;
use cardsmith_upstream::model::devices::{Device, DeviceSummary, Shortcuts};
use cardsmith_upstream::mqtt::PlayerCommand;
use cardsmith_upstream::{AccountClient, UpstreamError};
use serde_json::{json, Map, Value};

use super::accounts::{self, account_client, call_failed};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::{time, Core, CoreError, CoreResult};

/// The caller's account, linked and usable, with a client for it.
pub(super) async fn linked(
    core: &Core,
    actor: &Actor,
    account_id: &str,
) -> CoreResult<(PlayerAccountOut, AccountClient)> {
    super::client(core)?;
    let account = accounts::get(core, actor, account_id).await?;
    if account.status != account_status::LINKED {
        return Err(CoreError::Conflict(format!(
            "{} needs to be linked again",
            account.label
        )));
    }
    let client = account_client(core, &account.id)?;
    Ok((account, client))
}

fn text(v: Option<String>) -> String {
    v.unwrap_or_default()
}

fn snapshot(
    account: &PlayerAccountOut,
    device: Device,
    summary: Option<&DeviceSummary>,
) -> InfoSnapshot {
    let extra = |key: &str| {
        device
            .extra
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let mut status = Map::new();
    let s = &device.status;
    status.insert("activeCard".into(), json!(s.active_card));
    status.insert("batteryLevel".into(), json!(s.battery_level));
    status.insert("charging".into(), json!(s.charging));
    status.insert("cardInserted".into(), json!(s.card_inserted));
    status.insert("userVolume".into(), json!(s.user_volume));
    status.insert("playingStatus".into(), json!(s.playing_status));
    for (k, v) in &s.extra {
        status.entry(k.clone()).or_insert_with(|| v.clone());
    }
    InfoSnapshot {
        account_id: account.id.clone(),
        account_label: account.label.clone(),
        device_id: device.device_id.clone(),
        name: device.name.clone(),
        device_type: text(device.device_type.clone()),
        device_family: text(device.device_family.clone()),
        form_factor: text(
            summary
                .and_then(|s| s.form_factor.clone())
                .or_else(|| extra("formFactor")),
        ),
        generation: text(
            summary
                .and_then(|s| s.generation.clone())
                .or_else(|| extra("generation")),
        ),
        fw_version: text(device.fw_version.clone()),
        online: device.online.unwrap_or(false),
        cached: false,
        last_updated: time::now_str(),
        settings: Value::Object(device.config.0.clone().into_iter().collect()),
        status: Value::Object(status),
    }
}

async fn remember(core: &Core, info: &InfoSnapshot) -> CoreResult<()> {
    sqlx::query(
        "INSERT INTO device_snapshots (account_id, device_id, snapshot, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, device_id) DO UPDATE SET snapshot = excluded.snapshot, updated_at = excluded.updated_at",
    )
    .bind(&info.account_id)
    .bind(&info.device_id)
    .bind(serde_json::to_string(info).expect("snapshot serialises"))
    .bind(&info.last_updated)
    .execute(core.db.pool())
    .await?;
    Ok(())
}

pub(super) async fn cached(
    core: &Core,
    account_id: &str,
    device_id: Option<&str>,
) -> CoreResult<Vec<InfoSnapshot>> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT snapshot FROM device_snapshots WHERE account_id = $1 AND ($2 IS NULL OR device_id = $2) ORDER BY device_id",
    )
    .bind(account_id)
    .bind(device_id)
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows
        .iter()
        .filter_map(|r| serde_json::from_str::<InfoSnapshot>(r).ok())
        .map(|mut s| {
            s.cached = true;
            s
        })
        .collect())
}

/// Every player of every linked account; an unreachable account contributes its snapshots.
pub async fn list(core: &Core, actor: &Actor) -> CoreResult<ListDevicesOutputBody> {
    let mut devices = Vec::new();
    let mut unreachable = Vec::new();
    for account in accounts::list(core, actor).await? {
        let live = match linked(core, actor, &account.id).await {
            Ok((account, client)) => live_devices(core, &account, &client).await,
            Err(e) => Err(e),
        };
        match live {
            Ok(mut found) => devices.append(&mut found),
            Err(e) => {
                tracing::info!(account = %account.id, error = %e, "listing players failed; using snapshots");
                unreachable.push(account.id.clone());
                devices.extend(cached(core, &account.id, None).await?);
            }
        }
    }
    Ok(ListDevicesOutputBody {
        devices: Some(devices),
        unreachable_accounts: unreachable,
    })
}

async fn live_devices(
    core: &Core,
    account: &PlayerAccountOut,
    client: &AccountClient,
) -> CoreResult<Vec<InfoSnapshot>> {
    let summaries = match client.list_devices().await {
        Ok(s) => s,
        Err(e) => return Err(call_failed(core, &account.id, e).await),
    };
    let mut out = Vec::new();
    for summary in &summaries {
        let device = match client.device(&summary.device_id).await {
            Ok(d) => d,
            Err(e) => return Err(call_failed(core, &account.id, e).await),
        };
        let info = snapshot(account, device, Some(summary));
        remember(core, &info).await?;
        out.push(info);
    }
    Ok(out)
}

/// One player, live; its last snapshot (`cached: true`) when the platform is unreachable.
pub async fn info(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
) -> CoreResult<InfoSnapshot> {
    let (account, client) = linked(core, actor, account_id).await?;
    match client.device(device_id).await {
        Ok(device) => {
            let info = snapshot(&account, device, None);
            remember(core, &info).await?;
            Ok(info)
        }
        Err(UpstreamError::Api { status: 404, .. }) => {
            Err(CoreError::not_found("no such player on this account"))
        }
        Err(e) => {
            let error = call_failed(core, account_id, e).await;
            cached(core, account_id, Some(device_id))
                .await?
                .pop()
                .ok_or(error)
        }
    }
}

/// Cards on the player's account that it can be told to play. The player must be one of the
/// account's (404 otherwise): asked of the platform, or, while it cannot be reached, known
/// from an earlier snapshot.
pub async fn published(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
) -> CoreResult<Vec<PublishedCardOut>> {
    accounts::get(core, actor, account_id).await?;
    let asked = match linked(core, actor, account_id).await {
        Ok((_, client)) => match client.device(device_id).await {
            Ok(_) => Ok(()),
            Err(UpstreamError::Api { status: 404, .. }) => {
                return Err(CoreError::not_found("no such player on this account"))
            }
            Err(e) => Err(call_failed(core, account_id, e).await),
        },
        Err(e) => Err(e),
    };
    if let Err(error) = asked {
        if cached(core, account_id, Some(device_id)).await?.is_empty() {
            return Err(error);
        }
    }
    super::publish::published_to(core, actor, account_id).await
}

pub async fn cache_status(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
) -> CoreResult<CacheStatusOut> {
    accounts::get(core, actor, account_id).await?;
    let updated: Option<String> = sqlx::query_scalar(
        "SELECT updated_at FROM device_snapshots WHERE account_id = $1 AND device_id = $2",
    )
    .bind(account_id)
    .bind(device_id)
    .fetch_optional(core.db.pool())
    .await?;
    Ok(CacheStatusOut {
        account_id: account_id.into(),
        device_id: device_id.into(),
        cached: updated.is_some(),
        last_updated: updated,
    })
}

/// Sends a command over the players' live channel, or over the platform's REST command path
/// when no broker can be reached; answers what was done and which way it went (`mqtt` or
/// `rest`). A player that does not acknowledge in time did not get it: it is most likely off.
pub async fn command(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
    input: DeviceCommandInput,
) -> CoreResult<(String, &'static str)> {
    input.validate()?;
    let (_, client) = linked(core, actor, account_id).await?;
    let mut player_command = match input.command.as_str() {
        "display_preview" => {
            super::live::commands::display_preview(core, &client, account_id, &input).await?
        }
        skip @ ("next_chapter" | "previous_chapter") => {
            let forward = skip == "next_chapter";
            super::live::commands::skip_chapter(core, &client, account_id, device_id, forward)
                .await?
        }
        _ => super::live::commands::from_input(&input),
    };
    let via = match super::live::commands::send(
        core,
        &client,
        account_id,
        device_id,
        &mut player_command,
    )
    .await?
    {
        Some(via) => via,
        None => {
            // the broker cannot be reached: the REST path, with the same payload
            let path = match player_command {
                PlayerCommand::StatusRequest => "status",
                ref other => other.path(),
            };
            if let Err(e) = client
                .send_device_command(device_id, path, &player_command.payload())
                .await
            {
                return Err(call_failed(core, account_id, e).await);
            }
            "rest"
        }
    };
    let done = format!("sent {} to the player ({via})", input.command);
    let shown = match input.command.as_str() {
        "play" => t!(actor.locale, "player-sent-play"),
        "pause" => t!(actor.locale, "player-sent-pause"),
        "resume" => t!(actor.locale, "player-sent-resume"),
        "stop" => t!(actor.locale, "player-sent-stop"),
        "volume" => t!(actor.locale, "player-sent-volume"),
        "sleep_timer" => t!(actor.locale, "player-sent-sleep-timer"),
        "ambient" => t!(actor.locale, "player-sent-ambient"),
        "next_chapter" => t!(actor.locale, "player-sent-next"),
        "previous_chapter" => t!(actor.locale, "player-sent-previous"),
        "events" => t!(actor.locale, "player-sent-events"),
        "display_preview" => t!(actor.locale, "player-sent-preview"),
        _ => t!(actor.locale, "player-sent-status"),
    };
    let shown = audited(core, actor, "device.command_sent", device_id, done, shown).await?;
    Ok((shown, via))
}

/// Changes the given settings and keeps every other one (read, merge, write). A body that
/// names none changes nothing, like any other that names the values the player already has.
pub async fn settings(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
    input: DeviceSettingsInput,
) -> CoreResult<String> {
    input.validate()?;
    let changes = input.changes();
    let (_, client) = linked(core, actor, account_id).await?;
    let count = changes.len();
    let edited = client
        .edit_device_config(device_id, move |config| {
            for (key, value) in changes {
                config.set(key, value);
            }
        })
        .await;
    match edited {
        Ok(_) => {
            let done = format!("{count} setting(s) saved on the player");
            let shown = t!(actor.locale, "player-settings-saved", count = count);
            audited(
                core,
                actor,
                "device.settings_changed",
                device_id,
                done,
                shown,
            )
            .await
        }
        Err(e) => Err(call_failed(core, account_id, e).await),
    }
}

/// Replaces the player's shortcuts (they are write-only on the platform).
pub async fn shortcuts(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    device_id: &str,
    input: ShortcutsInput,
) -> CoreResult<String> {
    input.validate()?;
    let (_, client) = linked(core, actor, account_id).await?;
    let mut modes = Map::new();
    for mode in ["day", "night"] {
        let content: Vec<Value> = input
            .shortcuts
            .iter()
            .filter(|s| s.mode == mode)
            .map(|s| {
                let mut params = Map::new();
                params.insert("card".into(), json!(s.card_id.trim()));
                if let Some(chapter) = &s.chapter {
                    params.insert("chapter".into(), json!(chapter));
                }
                if let Some(track) = &s.track {
                    params.insert("track".into(), json!(track));
                }
                json!({ "cmd": "track-play", "params": params })
            })
            .collect();
        modes.insert(mode.into(), json!({ "content": content }));
    }
    let body = Shortcuts {
        modes,
        ..Default::default()
    };
    match client.put_shortcuts(device_id, &body).await {
        Ok(_) => {
            let count = input.shortcuts.len();
            let done = format!("{count} shortcut(s) saved on the player");
            let shown = t!(actor.locale, "player-shortcuts-saved", count = count);
            audited(core, actor, "device.shortcuts_set", device_id, done, shown).await
        }
        Err(e) => Err(call_failed(core, account_id, e).await),
    }
}

/// Records a change made on a player and passes its description on. The platform holds the
/// player's state; the trail says who asked for the change, from where and when.
async fn audited(
    core: &Core,
    actor: &Actor,
    action: &str,
    device_id: &str,
    done: String,
    shown: String,
) -> CoreResult<String> {
    let detail = format!("{device_id}: {done}");
    audit::record(core.db.pool(), AuditEvent::own(actor, action, detail)).await?;
    Ok(shown)
}
