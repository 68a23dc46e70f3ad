//! The platform's MQTT broker, as a real broker process: Debian's `mosquitto` with its
//! dynamic-security plugin, on a free local port, started on first use.
//!
//! The platform's custom authorizer takes an account's access token as the password and lets
//! the connection reach that account's players only. Here the simulator plays the authorizer
//! through dynamic security: for every player of an account, a broker client named as the
//! contract's username (`<deviceId>?x-amz-customauthorizer-name=PublicJWTAuthorizer`) whose
//! password is the account's newest access token, with a role that may subscribe to those
//! players' topics and publish their commands, nothing else. When that token expires with no
//! newer one, the account's clients are disabled, which closes their connections, as the
//! platform drops a connection whose token ran out. A new token enables them again.
//!
//! The players themselves are [`players`]: one more broker client (the dynamic-security admin,
//! which may publish on every player's topics) that takes their commands and answers.

mod players;
mod process;

pub use players::{Button, ByHand, Inserted};

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rumqttc::{AsyncClient, QoS};
use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc, Mutex};
use url::Url;

use crate::state::SharedState;

/// The authorizer named in usernames.
const AUTHORIZER: &str = "PublicJWTAuthorizer";
/// Where dynamic-security commands go, and their answers.
const CONTROL: &str = "$CONTROL/dynamic-security/v1";

/// A running broker. Dropping it stops the process.
pub struct Broker {
    url: Url,
    control: AsyncClient,
    /// Answers to dynamic-security commands, in order.
    answers: broadcast::Sender<Value>,
    /// What the broker was last told per account: its token and when it expires.
    pushed: Mutex<BTreeMap<String, Pushed>>,
    /// What children do with players by hand, to the players.
    by_hand: mpsc::UnboundedSender<ByHand>,
    _process: process::Process,
}

struct Pushed {
    token: String,
    devices: Vec<String>,
    enabled: bool,
}

impl Broker {
    /// Starts `mosquitto` and the players; `None` (logged) when it cannot run here.
    pub(crate) async fn start(shared: SharedState) -> std::io::Result<Self> {
        let process = process::Process::start().await?;
        let url = Url::parse(&format!("mqtt://127.0.0.1:{}", process.port)).expect("valid URL");
        let (answers, _) = broadcast::channel(64);
        let (by_hand, to_players) = mpsc::unbounded_channel();
        let control = players::connect(
            Arc::downgrade(&shared),
            &process,
            answers.clone(),
            to_players,
        )
        .await?;
        Ok(Self {
            url,
            control,
            answers,
            pushed: Mutex::new(BTreeMap::new()),
            by_hand,
            _process: process,
        })
    }

    /// `mqtt://127.0.0.1:<port>`.
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// Puts a card in a player or presses a button, by hand (an offline player ignores it).
    pub(crate) fn by_hand(&self, act: ByHand) {
        let _ = self.by_hand.send(act);
    }

    /// Tells the broker each account's newest unexpired token and players, and disables the
    /// accounts whose token ran out. Answers after the broker has taken every change.
    pub(crate) async fn sync(&self, shared: &SharedState) -> std::io::Result<()> {
        let now = Utc::now();
        let wanted: BTreeMap<String, (String, DateTime<Utc>, Vec<String>)> = {
            let world = shared.world();
            let mut newest: BTreeMap<&str, (&String, DateTime<Utc>)> = BTreeMap::new();
            for (token, grant) in &world.access_tokens {
                let slot = newest
                    .entry(grant.user_id.as_str())
                    .or_insert((token, grant.expires_at));
                if grant.expires_at > slot.1 {
                    *slot = (token, grant.expires_at);
                }
            }
            newest
                .into_iter()
                .filter_map(|(user, (token, expires_at))| {
                    let devices = world.accounts.get(user)?.devices.keys().cloned().collect();
                    Some((user.to_owned(), (token.clone(), expires_at, devices)))
                })
                .collect()
        };
        let mut pushed = self.pushed.lock().await;
        for (user, (token, expires_at, devices)) in wanted {
            let live = expires_at > now;
            let known = pushed.get(&user);
            let same = known.is_some_and(|p| p.token == token && p.devices == devices);
            if same && known.is_some_and(|p| p.enabled == live) {
                continue;
            }
            let role = role_name(&user);
            let mut commands = Vec::new();
            let before = known.map(|p| p.devices.clone()).unwrap_or_default();
            if known.is_none_or(|p| p.devices != devices) {
                commands.push(json!({"command": "deleteRole", "rolename": role}));
                commands.push(
                    json!({"command": "createRole", "rolename": role, "acls": acls(&devices)}),
                );
            }
            for device in &devices {
                let username = username(device);
                if !before.contains(device) {
                    commands.push(json!({"command": "createClient", "username": username,
                        "password": token, "roles": [{"rolename": role}]}));
                    if !live {
                        commands.push(json!({"command": "disableClient", "username": username}));
                    }
                    continue;
                }
                // a new password leaves connections made with the old one up, as the
                // platform lets a connection live until its own token runs out
                if known.is_some_and(|p| p.token != token) {
                    commands.push(json!({"command": "setClientPassword", "username": username, "password": token}));
                }
                match (known.is_some_and(|p| p.enabled), live) {
                    // disabling kicks the client's connections
                    (true, false) => {
                        commands.push(json!({"command": "disableClient", "username": username}))
                    }
                    (false, true) => {
                        commands.push(json!({"command": "enableClient", "username": username}))
                    }
                    _ => {}
                }
            }
            // a player dropped from the account loses its client (and its connections)
            for gone in before.iter().filter(|d| !devices.contains(d)) {
                commands.push(json!({"command": "deleteClient", "username": username(gone)}));
            }
            for command in commands {
                self.command(command).await?;
            }
            pushed.insert(
                user,
                Pushed {
                    token,
                    devices,
                    enabled: live,
                },
            );
        }
        Ok(())
    }

    /// Sends one dynamic-security command and waits for its answer. Deleting a role that does
    /// not exist yet answers an error, which is fine: the command after it creates it.
    async fn command(&self, command: Value) -> std::io::Result<()> {
        let mut answers = self.answers.subscribe();
        let body = json!({ "commands": [command] }).to_string();
        self.control
            .publish(CONTROL, QoS::AtLeastOnce, false, body)
            .await
            .map_err(|e| std::io::Error::other(format!("broker control: {e}")))?;
        tokio::time::timeout(Duration::from_secs(5), answers.recv())
            .await
            .map_err(|_| std::io::Error::other("broker control: no answer"))?
            .map_err(|e| std::io::Error::other(format!("broker control: {e}")))?;
        Ok(())
    }
}

/// The contract's username for a connection that names `device`.
pub fn username(device: &str) -> String {
    format!("{device}?x-amz-customauthorizer-name={AUTHORIZER}")
}

fn role_name(user_id: &str) -> String {
    format!("account-{}", user_id.replace(['|', '/', '+', '#'], "_"))
}

/// What an account's connection may do: follow its players and command them.
fn acls(devices: &[String]) -> Vec<Value> {
    devices
        .iter()
        .flat_map(|d| {
            [
                json!({"acltype": "subscribePattern", "topic": format!("device/{d}/#"), "allow": true}),
                json!({"acltype": "publishClientSend", "topic": format!("device/{d}/command/#"), "allow": true}),
            ]
        })
        .collect()
}

/// Keeps the broker in step with the tokens and players every 250 ms, so a token that runs
/// out closes its connections within about a quarter of a second (a token handed out is
/// synced at once by the token endpoint, see [`crate::state::Shared::sync_broker`]).
pub(crate) async fn watch(shared: SharedState, broker: std::sync::Weak<Broker>) {
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        tick.tick().await;
        let Some(broker) = broker.upgrade() else {
            return;
        };
        if let Err(e) = broker.sync(&shared).await {
            tracing::warn!(error = %e, "syncing the simulated broker failed");
        }
    }
}
