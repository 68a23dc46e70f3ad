//! One linked account's live view: its MQTT channel, the last known state of each of its
//! players, and the stream of changes every open page and REST stream shares.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex, Weak};

use cardsmith_model::live::{connection, LivePlayer};
use cardsmith_upstream::mqtt::{
    ChannelState, DeviceId, PlayerChannel, PlayerCommand, PlayerMessage,
};
use tokio::sync::broadcast;

use super::merge;
use crate::Core;

/// An account's channel and players. Lives while someone watches, and a linger after.
pub struct AccountLive {
    pub(super) account_id: String,
    /// `None` when no broker is configured: nothing is live.
    pub(super) channel: Option<PlayerChannel>,
    pub(super) devices: Vec<DeviceId>,
    players: Mutex<BTreeMap<String, LivePlayer>>,
    updates: broadcast::Sender<LivePlayer>,
    /// Pages, streams and commands using it now.
    pub(super) watchers: AtomicUsize,
    /// Bumped by every new watcher, so a linger that started before it does not close it.
    pub(super) generation: AtomicU64,
    /// Card titles looked up on the platform, by card id.
    titles: Mutex<BTreeMap<String, String>>,
    /// Becomes true when the view ends for good (the account was unlinked, or must be
    /// linked again): open streams end with it.
    ended: tokio::sync::watch::Sender<bool>,
}

impl AccountLive {
    /// The view of `players` (each an id and its name; ids a topic cannot carry are left
    /// out).
    pub(super) fn new(
        account_id: &str,
        channel: Option<PlayerChannel>,
        players: &[(String, String)],
    ) -> Arc<Self> {
        let named: Vec<(DeviceId, &str)> = players
            .iter()
            .filter_map(|(id, name)| Some((DeviceId::parse(id)?, name.as_str())))
            .collect();
        let devices = named.iter().map(|(d, _)| d.clone()).collect();
        let connection = if channel.is_some() {
            connection::CONNECTING
        } else {
            connection::UNAVAILABLE
        };
        let players = named
            .iter()
            .map(|(d, name)| {
                let player = LivePlayer {
                    account_id: account_id.to_owned(),
                    device_id: d.to_string(),
                    name: (!name.is_empty()).then(|| (*name).to_owned()),
                    connection: connection.to_owned(),
                    ..LivePlayer::default()
                };
                (d.to_string(), player)
            })
            .collect();
        let (updates, _) = broadcast::channel(256);
        Arc::new(Self {
            account_id: account_id.to_owned(),
            channel,
            devices,
            players: Mutex::new(players),
            updates,
            watchers: AtomicUsize::new(0),
            generation: AtomicU64::new(0),
            titles: Mutex::new(BTreeMap::new()),
            ended: tokio::sync::watch::channel(false).0,
        })
    }

    /// Every player's last known state, with its age now.
    pub fn players(&self) -> Vec<LivePlayer> {
        self.lock().values().cloned().map(aged).collect()
    }

    /// The players followed, each an id and its name.
    pub(super) fn named_players(&self) -> Vec<(String, String)> {
        self.lock()
            .values()
            .map(|p| (p.device_id.clone(), p.name.clone().unwrap_or_default()))
            .collect()
    }

    /// The account's connection word (`live`, `connecting`, …).
    pub fn connection(&self) -> String {
        self.lock().values().next().map_or_else(
            || connection::UNAVAILABLE.to_owned(),
            |p| p.connection.clone(),
        )
    }

    /// Changes from now on, one player's whole state each.
    pub fn updates(&self) -> broadcast::Receiver<LivePlayer> {
        self.updates.subscribe()
    }

    /// Whether the view ended for good, and when it does.
    pub fn ended(&self) -> tokio::sync::watch::Receiver<bool> {
        self.ended.subscribe()
    }

    /// Ends the view for good: open streams end.
    pub(super) fn end(&self) {
        self.ended.send_replace(true);
    }

    /// Says a player did not answer: it is offline as far as anyone can tell.
    pub(super) fn mark_silent(&self, device: &str) {
        self.change(device, |p| {
            p.online = Some(false);
            true
        });
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, LivePlayer>> {
        self.players.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn change(&self, device: &str, f: impl FnOnce(&mut LivePlayer) -> bool) {
        let changed = {
            let mut players = self.lock();
            match players.get_mut(device) {
                Some(player) => f(player).then(|| player.clone()),
                None => None,
            }
        };
        if let Some(player) = changed {
            let _ = self.updates.send(player);
        }
    }

    fn set_connection(&self, word: &str) {
        let devices: Vec<String> = self.lock().keys().cloned().collect();
        for device in devices {
            self.change(&device, |p| {
                let changed = p.connection != word;
                p.connection = word.to_owned();
                changed
            });
        }
    }
}

/// `player` with `age_seconds` counted to now.
pub fn aged(mut player: LivePlayer) -> LivePlayer {
    player.age_seconds = player
        .updated_at
        .as_deref()
        .and_then(crate::time::parse)
        .map(|t| (crate::time::now() - t).num_seconds().max(0) as u64);
    player
}

/// Follows the channel for as long as the account's view lives: folds messages into the
/// players' state, says how the connection stands, asks every player for its state after
/// each (re)connect, and marks the account for relinking when the platform refuses it.
pub(super) async fn follow(core: Core, live: Weak<AccountLive>) {
    let Some((mut messages, mut state, channel)) = live.upgrade().and_then(|l| {
        let channel = l.channel.clone()?;
        Some((channel.messages(), channel.state(), channel))
    }) else {
        return;
    };
    // the channel handle held here would keep the connection open: keep a weak view only
    drop(channel);
    loop {
        tokio::select! {
            message = messages.recv() => {
                let Some(live) = live.upgrade() else { return };
                match message {
                    Ok(message) => {
                        let device = message.device().to_string();
                        live.change(&device, |p| merge::apply(p, &message));
                        if let PlayerMessage::Lifecycle(..) = message {
                            tracing::debug!(device, "a player's lifecycle changed");
                        }
                        name_the_card(&core, &live, &device);
                    }
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(skipped = n, "live player messages came faster than they were read");
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
            changed = state.changed() => {
                if changed.is_err() {
                    return;
                }
                let now = state.borrow_and_update().clone();
                let Some(live) = live.upgrade() else { return };
                match now {
                    ChannelState::Connected => {
                        live.set_connection(connection::LIVE);
                        ask_everyone(&live);
                    }
                    ChannelState::Connecting | ChannelState::Reconnecting(_) => {
                        live.set_connection(connection::CONNECTING);
                    }
                    ChannelState::NeedsRelink => {
                        live.set_connection(connection::RELINK);
                        let why = "the player platform no longer accepts this link; link it again";
                        if let Err(e) = super::super::accounts::mark_needs_relink(&core, &live.account_id, why).await {
                            tracing::warn!(error = %e, "marking an account for relinking failed");
                        }
                        live.end();
                        return;
                    }
                    ChannelState::Closed => return,
                }
            }
        }
    }
}

/// Gives a player's card its title: from the titles already known, else asked of the
/// platform once (a card made in the official app has no title here).
fn name_the_card(core: &Core, live: &Arc<AccountLive>, device: &str) {
    let Some(card) = live
        .lock()
        .get(device)
        .filter(|p| p.card_title.is_none())
        .and_then(|p| p.card_id.clone())
    else {
        return;
    };
    let known = live
        .titles
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&card)
        .cloned();
    if let Some(title) = known {
        give_title(live, device, &card, title);
        return;
    }
    let Ok(client) = super::super::accounts::account_client(core, &live.account_id) else {
        return;
    };
    let (live, device) = (Arc::downgrade(live), device.to_owned());
    tokio::spawn(async move {
        let Ok(found) = client.card(&card).await else {
            return;
        };
        let Some(live) = live.upgrade() else { return };
        live.titles
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(card.clone(), found.title.clone());
        give_title(&live, &device, &card, found.title);
    });
}

/// Sets the title of `card` on `device`, if that card still plays there untitled.
fn give_title(live: &AccountLive, device: &str, card: &str, title: String) {
    live.change(device, |p| {
        let same = p.card_id.as_deref() == Some(card) && p.card_title.is_none();
        if same {
            p.card_title = Some(title);
        }
        same
    });
}

/// Asks every player for its status and what it is playing (answers arrive as messages),
/// each player on its own, so one that is off does not hold up the others' answers.
fn ask_everyone(live: &Arc<AccountLive>) {
    let Some(channel) = live.channel.clone() else {
        return;
    };
    for device in live.devices.clone() {
        let channel = channel.clone();
        tokio::spawn(async move {
            for ask in [PlayerCommand::EventsRequest, PlayerCommand::StatusRequest] {
                if let Err(e) = channel.send(&device, &ask).await {
                    tracing::debug!(device = %device, error = %e, "a player did not answer a status request");
                    return;
                }
            }
        });
    }
}
