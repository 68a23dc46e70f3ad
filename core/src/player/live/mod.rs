//! Players, live: one MQTT connection per linked account (the platform's documented path),
//! shared by everyone looking at that account's players, carrying commands and bringing back
//! what the players do.
//!
//! A connection opens when the first page, stream or command needs it ([`LiveHub::watch`])
//! and closes a linger after the last one let go ([`LiveWatch`]'s drop), so a page reload or
//! a run of commands reuses it, and an account nobody looks at holds none. Two tabs and a
//! REST client on one account share one connection and see the same changes.
//!
//! Access is checked by the callers (`devices`): the hub trusts the account id it is given.

mod account;
pub mod commands;
mod merge;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cardsmith_upstream::mqtt::{ChannelConfig, DeviceId, PlayerChannel};

pub use account::{aged, AccountLive};

use crate::{Core, CoreError, CoreResult};

/// How long a connection stays open after its last watcher: a page reload, the next command.
pub const LINGER: Duration = Duration::from_secs(60);

/// Every account's live view in this process. Cheap to clone.
#[derive(Clone, Default)]
pub struct LiveHub {
    inner: Arc<HubInner>,
}

#[derive(Default)]
struct HubInner {
    accounts: Mutex<HashMap<String, Arc<AccountLive>>>,
    /// Connections opened since start (what tests count).
    opened: AtomicU64,
}

/// A hold on an account's live view; the connection lingers after the last one is dropped.
pub struct LiveWatch {
    live: Arc<AccountLive>,
    hub: LiveHub,
    linger: Duration,
}

impl std::ops::Deref for LiveWatch {
    type Target = AccountLive;
    fn deref(&self) -> &AccountLive {
        &self.live
    }
}

impl Drop for LiveWatch {
    fn drop(&mut self) {
        if self
            .live
            .watchers
            .fetch_sub(1, std::sync::atomic::Ordering::AcqRel)
            != 1
        {
            return;
        }
        let generation = self.live.generation.load(Ordering::Acquire);
        let (hub, account, linger) = (self.hub.clone(), self.live.account_id.clone(), self.linger);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                tokio::time::sleep(linger).await;
                hub.close_if_idle(&account, generation);
            });
        }
    }
}

impl LiveHub {
    /// Connections opened since the process started.
    pub fn connections_opened(&self) -> u64 {
        self.inner.opened.load(Ordering::Acquire)
    }

    /// Pages, streams and commands holding a connection open now, over every account.
    pub fn watchers(&self) -> u64 {
        self.lock()
            .values()
            .map(|l| l.watchers.load(Ordering::Acquire) as u64)
            .sum()
    }

    /// The players an account's live view follows (id and name), if it has one now.
    pub fn devices_of(&self, account_id: &str) -> Option<Vec<(String, String)>> {
        self.lock().get(account_id).map(|l| l.named_players())
    }

    /// Accounts with a live view now.
    pub fn open_accounts(&self) -> usize {
        self.lock().len()
    }

    /// A hold on `account_id`'s live view, opening its connection (following `players`, each
    /// an id and its name) when there is none. The caller has checked that its user may reach
    /// the account.
    pub fn watch(
        &self,
        core: &Core,
        account_id: &str,
        players: &[(String, String)],
    ) -> CoreResult<LiveWatch> {
        let devices: Vec<DeviceId> = players
            .iter()
            .filter_map(|(d, _)| DeviceId::parse(d))
            .collect();
        let live = {
            let mut accounts = self.lock();
            let reuse = accounts
                .get(account_id)
                .filter(|l| same_players(&l.devices, &devices))
                .cloned();
            match reuse {
                Some(live) => live,
                None => {
                    let live = AccountLive::new(
                        account_id,
                        open_channel(core, account_id, &devices)?,
                        players,
                    );
                    if live.channel.is_some() {
                        self.inner.opened.fetch_add(1, Ordering::AcqRel);
                        tokio::spawn(account::follow(core.clone(), Arc::downgrade(&live)));
                    }
                    accounts.insert(account_id.to_owned(), live.clone());
                    live
                }
            }
        };
        live.watchers.fetch_add(1, Ordering::AcqRel);
        live.generation.fetch_add(1, Ordering::AcqRel);
        Ok(LiveWatch {
            live,
            hub: self.clone(),
            linger: core.settings.live_linger,
        })
    }

    /// Drops an account's view (and so its connection) when nobody took it since `generation`.
    fn close_if_idle(&self, account_id: &str, generation: u64) {
        let mut accounts = self.lock();
        let idle = accounts.get(account_id).is_some_and(|l| {
            l.watchers.load(Ordering::Acquire) == 0
                && l.generation.load(Ordering::Acquire) == generation
        });
        if idle {
            if let Some(live) = accounts.remove(account_id) {
                if let Some(channel) = &live.channel {
                    channel.close();
                }
            }
        }
    }

    /// Forgets an account's view at once (its link was removed or revoked): its connection
    /// closes and its open streams end.
    pub fn forget(&self, account_id: &str) {
        if let Some(live) = self.lock().remove(account_id) {
            if let Some(channel) = &live.channel {
                channel.close();
            }
            live.end();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<AccountLive>>> {
        self.inner
            .accounts
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }
}

fn same_players(a: &[DeviceId], b: &[DeviceId]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort();
    b.sort();
    a == b
}

/// The account's channel, or `None` without a broker or players.
fn open_channel(
    core: &Core,
    account_id: &str,
    devices: &[DeviceId],
) -> CoreResult<Option<PlayerChannel>> {
    let client = super::client(core)?;
    let Some(broker) = client.config().broker.clone() else {
        return Ok(None);
    };
    if devices.is_empty() {
        return Ok(None);
    }
    let config = ChannelConfig {
        broker,
        ack_timeout: core.settings.live_ack_timeout,
        ..ChannelConfig::default()
    };
    let tokens = Arc::new(super::accounts::account_client(core, account_id)?);
    PlayerChannel::open(config, tokens, devices.to_vec())
        .map(Some)
        .map_err(|e| CoreError::Internal(format!("opening a player channel: {e}")))
}
