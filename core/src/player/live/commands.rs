//! Commands to a player over its account's live channel.

use std::time::Duration;

use cardsmith_model::device::{rgb, DeviceCommandInput};
use cardsmith_upstream::mqtt::{CommandError, DeviceId, PlayerCommand, StartAt};
use cardsmith_upstream::AccountClient;

use super::LiveWatch;
use crate::{Core, CoreError, CoreResult};

/// How long a command waits for a connection being opened before taking the REST path.
const CONNECT_WAIT: Duration = Duration::from_secs(3);

/// The player command a checked request asks for.
pub fn from_input(input: &DeviceCommandInput) -> PlayerCommand {
    match input.command.as_str() {
        "play" => PlayerCommand::Start {
            card_id: input
                .card_id
                .as_deref()
                .unwrap_or_default()
                .trim()
                .to_owned(),
            at: StartAt {
                chapter_key: input.chapter_key.clone(),
                track_key: None,
                seconds_in: input.seconds,
            },
        },
        "pause" => PlayerCommand::Pause,
        "resume" => PlayerCommand::Resume,
        "stop" => PlayerCommand::Stop,
        "volume" => PlayerCommand::Volume {
            step: input.volume.unwrap_or_default().min(16),
        },
        "sleep_timer" => PlayerCommand::SleepTimer {
            seconds: input.seconds.unwrap_or_default(),
        },
        "ambient" => {
            let (r, g, b) = input.colour.as_deref().and_then(rgb).unwrap_or_default();
            PlayerCommand::Ambient { r, g, b }
        }
        "events" => PlayerCommand::EventsRequest,
        _ => PlayerCommand::StatusRequest,
    }
}

/// `next_chapter` / `previous_chapter`: the card the player has in, started at the chapter
/// after (or before) the one it plays, as the platform's card lists them. Before the first
/// chapter is the first chapter again, from its start, as a player's left button does.
pub async fn skip_chapter(
    core: &Core,
    client: &AccountClient,
    account_id: &str,
    device_id: &str,
    forward: bool,
) -> CoreResult<PlayerCommand> {
    let live = watch(core, client, account_id).await?;
    let now = live
        .players()
        .into_iter()
        .find(|p| p.device_id == device_id);
    let (Some(card_id), Some(chapter)) = now
        .filter(|p| p.card_in().is_some())
        .map_or((None, None), |p| (p.card_id, p.chapter_key))
    else {
        return Err(CoreError::Conflict(
            "the player is not playing a card it has told us about".into(),
        ));
    };
    let card = platform_card(core, client, account_id, &card_id).await?;
    let keys: Vec<&str> = card
        .content
        .chapters
        .as_deref()
        .unwrap_or_default()
        .iter()
        .map(|c| c.key.as_str())
        .collect();
    let at = keys.iter().position(|k| *k == chapter).unwrap_or(0);
    let to = if forward {
        keys.get(at + 1)
            .ok_or_else(|| CoreError::Conflict("this is the card's last chapter".into()))?
    } else {
        keys.get(at.saturating_sub(1))
            .ok_or_else(|| CoreError::NotFound("the card has no chapters".into()))?
    };
    Ok(PlayerCommand::Start {
        card_id,
        at: StartAt {
            chapter_key: Some((*to).to_owned()),
            track_key: None,
            seconds_in: None,
        },
    })
}

/// The card as the platform has it now (a failure as every platform call's: relink, 404, …).
async fn platform_card(
    core: &Core,
    client: &AccountClient,
    account_id: &str,
    card_id: &str,
) -> CoreResult<cardsmith_upstream::model::content::Card> {
    match client.card(card_id).await {
        Ok(card) => Ok(card),
        Err(e) => Err(super::super::accounts::call_failed(core, account_id, e).await),
    }
}

/// How long an icon preview shows when the request does not say.
const PREVIEW_SECONDS: u32 = 10;

/// The `display_preview` a checked request asks for: the icon of the platform card's chapter
/// (`chapter_key`, else its first), as the card on the platform has it now.
pub async fn display_preview(
    core: &Core,
    client: &AccountClient,
    account_id: &str,
    input: &DeviceCommandInput,
) -> CoreResult<PlayerCommand> {
    let card_id = input.card_id.as_deref().unwrap_or_default().trim();
    let card = platform_card(core, client, account_id, card_id).await?;
    let chapters = card.content.chapters.as_deref().unwrap_or_default();
    let chapter = match input.chapter_key.as_deref() {
        Some(key) => chapters.iter().find(|c| c.key == key),
        None => chapters.first(),
    }
    .ok_or_else(|| CoreError::NotFound("no such chapter on that card".into()))?;
    let uri = chapter
        .display
        .icon16x16
        .clone()
        .filter(|icon| !icon.is_empty())
        .ok_or_else(|| CoreError::Conflict("that chapter has no icon to show".into()))?;
    Ok(PlayerCommand::DisplayPreview {
        uri,
        timeout: input.seconds.unwrap_or(PREVIEW_SECONDS),
        animated: false,
    })
}

/// A hold on the account's live view, opening it (with the account's players, listed once)
/// when nobody holds one.
pub async fn watch(core: &Core, client: &AccountClient, account_id: &str) -> CoreResult<LiveWatch> {
    let devices = match core.live.devices_of(account_id) {
        Some(devices) => devices,
        None => match client.list_devices().await {
            Ok(found) => found.into_iter().map(|d| (d.device_id, d.name)).collect(),
            Err(e) => return Err(super::super::accounts::call_failed(core, account_id, e).await),
        },
    };
    core.live.watch(core, account_id, &devices)
}

/// Sends `command` over the live channel: `Some("mqtt")` once the player acknowledged it,
/// `None` when the broker cannot be reached (the caller takes the REST path). The volume is
/// capped at the player's maximum when the channel knows it.
pub async fn send(
    core: &Core,
    client: &AccountClient,
    account_id: &str,
    device_id: &str,
    command: &mut PlayerCommand,
) -> CoreResult<Option<&'static str>> {
    let device = DeviceId::parse(device_id)
        .ok_or_else(|| CoreError::NotFound(format!("no player {device_id}")))?;
    let live = watch(core, client, account_id).await?;
    if !live.devices.contains(&device) {
        return Err(CoreError::NotFound(format!(
            "no player {device_id} on this account"
        )));
    }
    let Some(channel) = live.channel.clone() else {
        return Ok(None);
    };
    if !channel.connected(CONNECT_WAIT).await {
        return Ok(None);
    }
    if let PlayerCommand::Volume { step } = command {
        let most = live
            .players()
            .into_iter()
            .find(|p| p.device_id == device_id)
            .and_then(|p| p.volume_max);
        if let Some(most) = most {
            *step = (*step).min(most);
        }
    }
    match channel.send(&device, command).await {
        Ok(()) => Ok(Some("mqtt")),
        Err(CommandError::NotConnected) => Ok(None),
        Err(CommandError::NoAnswer) => {
            live.mark_silent(device_id);
            Err(CoreError::Conflict(
                "the player did not answer: it may be switched off or out of Wi-Fi".into(),
            ))
        }
        Err(CommandError::Refused) => {
            Err(CoreError::Conflict("the player refused the command".into()))
        }
    }
}

/// The caller's hold on one of their accounts' live view, opened if needed, after waiting
/// up to `settle` for the connection (so a first answer already says `live`).
pub async fn view(
    core: &Core,
    actor: &crate::auth::Actor,
    account_id: &str,
    settle: Duration,
) -> CoreResult<LiveWatch> {
    let (_, client) = super::super::devices::linked(core, actor, account_id).await?;
    let live = watch(core, &client, account_id).await?;
    if let Some(channel) = live.channel.clone() {
        channel.connected(settle).await;
    }
    Ok(live)
}
