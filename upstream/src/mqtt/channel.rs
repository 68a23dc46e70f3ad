//! One MQTT connection for one linked account: it follows every player of the account,
//! carries commands to them and waits for their acknowledgements, and keeps itself connected
//! with a current access token (the broker's password; the platform's authorizer checks it,
//! and drops the connection when it expires).
//!
//! The connection runs in a task of its own. [`PlayerChannel::messages`] hands out every
//! message the players publish (a broadcast: any number of listeners, one connection);
//! [`PlayerChannel::state`] says whether it is connected, reconnecting, or stopped because
//! the account must be linked again. Dropping the last handle, or [`PlayerChannel::close`],
//! ends the task and the connection.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use rumqttc::{
    AsyncClient, ConnectReturnCode, ConnectionError, Event, MqttOptions, Packet, QoS,
    SubscribeFilter, TlsConfiguration, Transport,
};
use tokio::sync::{broadcast, watch};
use url::Url;

use super::command::PlayerCommand;
use super::message::PlayerMessage;
use super::topic::DeviceId;
use crate::{AccountClient, UpstreamError};

/// The broker the platform documents (contract §6.5): MQTT over secure WebSockets, port 443.
pub const DEFAULT_BROKER_URL: &str = "wss://aqrphjqbp3u2z-ats.iot.eu-west-2.amazonaws.com:443/mqtt";

/// The platform's custom authorizer, named in the username.
const AUTHORIZER: &str = "PublicJWTAuthorizer";

/// How a channel connects and how long it waits.
#[derive(Debug, Clone)]
pub struct ChannelConfig {
    /// `wss://` (the platform), `mqtts://` (MQTT over TLS with the contract's ALPN
    /// `x-amzn-mqtt-ca`), or plain `ws://` / `mqtt://` (a broker on this machine: tests, demo).
    pub broker: Url,
    /// The contract's 300 s.
    pub keep_alive: Duration,
    /// How long a command waits for the player's acknowledgement.
    pub ack_timeout: Duration,
    /// The first wait before reconnecting; it doubles up to 30 s.
    pub retry: Duration,
}

impl Default for ChannelConfig {
    fn default() -> Self {
        Self {
            broker: Url::parse(DEFAULT_BROKER_URL).expect("constant URL parses"),
            keep_alive: Duration::from_secs(300),
            ack_timeout: Duration::from_secs(5),
            retry: Duration::from_secs(1),
        }
    }
}

/// Where the access tokens come from: the account's client, which refreshes them (single-use
/// rotation) and learns when one was refused.
#[async_trait]
pub trait TokenSource: Send + Sync + 'static {
    async fn token(&self) -> crate::Result<String>;
    async fn refused(&self, token: &str);
}

#[async_trait]
impl TokenSource for AccountClient {
    async fn token(&self) -> crate::Result<String> {
        self.access_token().await
    }
    async fn refused(&self, token: &str) {
        self.reject_access_token(token).await;
    }
}

/// Where a channel stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChannelState {
    Connecting,
    Connected,
    /// Lost or refused; trying again. The reason is for logs.
    Reconnecting(String),
    /// The account's link was revoked or its tokens are gone: nothing will work until the
    /// account is linked again. The task has ended.
    NeedsRelink,
    /// Closed by us.
    Closed,
}

/// Why a command was not carried out.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CommandError {
    /// The channel is not connected to the broker (yet, or any more).
    #[error("not connected to the players' broker")]
    NotConnected,
    /// Sent, and no acknowledgement came in time: the player is most likely offline.
    #[error("the player did not answer")]
    NoAnswer,
    /// The player answered FAIL.
    #[error("the player refused the command")]
    Refused,
}

/// A handle to an account's connection; cheap to clone. The connection ends with the last
/// handle.
#[derive(Clone)]
pub struct PlayerChannel {
    inner: Arc<Inner>,
}

struct Inner {
    client: AsyncClient,
    messages: broadcast::Sender<PlayerMessage>,
    state: watch::Receiver<ChannelState>,
    ack_timeout: Duration,
    stop: watch::Sender<bool>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

impl PlayerChannel {
    /// Starts connecting on behalf of the account whose tokens `tokens` gives, following
    /// `devices` (at least one: its id names the connection, as the contract's username
    /// does). Returns at once; see [`Self::state`] and [`Self::connected`].
    pub fn open(
        config: ChannelConfig,
        tokens: Arc<dyn TokenSource>,
        devices: Vec<DeviceId>,
    ) -> Result<Self, UpstreamError> {
        let first = devices.first().ok_or_else(|| {
            UpstreamError::InvalidRequest("a player channel needs a player".into())
        })?;
        let username = format!("{first}?x-amz-customauthorizer-name={AUTHORIZER}");
        let mut options = options(&config, &client_id())?;
        options.set_credentials(username.clone(), String::new());
        let (client, mut eventloop) = AsyncClient::new(options, 64);
        eventloop.set_network_options(no_delay());
        let (messages, _) = broadcast::channel(256);
        let (state_tx, state) = watch::channel(ChannelState::Connecting);
        let (stop, stopped) = watch::channel(false);
        tokio::spawn(
            Connection {
                client: client.clone(),
                eventloop,
                tokens,
                username,
                devices,
                messages: messages.clone(),
                state: state_tx,
                retry: config.retry,
            }
            .run(stopped),
        );
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                messages,
                state,
                ack_timeout: config.ack_timeout,
                stop,
            }),
        })
    }

    /// Every message the players publish from now on.
    pub fn messages(&self) -> broadcast::Receiver<PlayerMessage> {
        self.inner.messages.subscribe()
    }

    /// Where the connection stands, and its changes.
    pub fn state(&self) -> watch::Receiver<ChannelState> {
        self.inner.state.clone()
    }

    /// Waits up to `limit` for the connection to be up (subscribed); false otherwise.
    pub async fn connected(&self, limit: Duration) -> bool {
        let mut state = self.state();
        let settled = async move {
            state
                .wait_for(|s| {
                    matches!(
                        s,
                        ChannelState::Connected | ChannelState::NeedsRelink | ChannelState::Closed
                    )
                })
                .await
                .map(|s| *s == ChannelState::Connected)
                .unwrap_or(false)
        };
        tokio::time::timeout(limit, settled).await.unwrap_or(false)
    }

    /// Sends `command` to `device` and waits for its acknowledgement.
    pub async fn send(
        &self,
        device: &DeviceId,
        command: &PlayerCommand,
    ) -> Result<(), CommandError> {
        if *self.inner.state.borrow() != ChannelState::Connected {
            return Err(CommandError::NotConnected);
        }
        // listen before sending, so a fast answer is not missed
        let mut answers = self.messages();
        let payload = serde_json::to_vec(&command.payload()).expect("a JSON value serialises");
        self.inner
            .client
            .publish(
                command_topic(device, command),
                QoS::AtLeastOnce,
                false,
                payload,
            )
            .await
            .map_err(|_| CommandError::NotConnected)?;
        let keys = command.ack_keys();
        let answer = async {
            loop {
                match answers.recv().await {
                    Ok(PlayerMessage::Ack(from, ack)) if from == *device => {
                        if let Some(ok) = ack.answer(keys) {
                            return if ok {
                                Ok(())
                            } else {
                                Err(CommandError::Refused)
                            };
                        }
                    }
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => {
                        return Err(CommandError::NotConnected)
                    }
                }
            }
        };
        tokio::time::timeout(self.inner.ack_timeout, answer)
            .await
            .unwrap_or(Err(CommandError::NoAnswer))
    }

    /// Ends the connection now (other handles see [`ChannelState::Closed`]).
    pub fn close(&self) {
        let _ = self.inner.stop.send(true);
    }
}

fn command_topic(device: &DeviceId, command: &PlayerCommand) -> String {
    device.command_topic(command.path())
}

/// A client id of its own per connection: the broker drops an older connection with the
/// same id, so two instances of Cardsmith (or a restart) must never share one.
fn client_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos(),
    );
    format!("CARDSMITH{:016x}", hasher.finish())
}

/// The connection options for `config.broker`.
fn options(config: &ChannelConfig, client_id: &str) -> Result<MqttOptions, UpstreamError> {
    let url = &config.broker;
    let bad = |why: &str| UpstreamError::InvalidRequest(format!("broker URL {url}: {why}"));
    let host = url.host_str().ok_or_else(|| bad("no host"))?;
    let port = url
        .port_or_known_default()
        .or(match url.scheme() {
            "mqtt" => Some(1883),
            "mqtts" => Some(8883),
            _ => None,
        })
        .ok_or_else(|| bad("no port"))?;
    let mut options = match url.scheme() {
        "mqtt" | "mqtts" => MqttOptions::new(client_id, host, port),
        // the WebSocket transports take the whole URL as the host
        "ws" | "wss" => MqttOptions::new(client_id, url.as_str(), port),
        _ => return Err(bad("use wss://, mqtts://, ws:// or mqtt://")),
    };
    match url.scheme() {
        "mqtts" => options.set_transport(Transport::tls_with_config(tls(Some(
            b"x-amzn-mqtt-ca".to_vec(),
        )))),
        "ws" => options.set_transport(Transport::Ws),
        "wss" => options.set_transport(Transport::wss_with_config(tls(None))),
        _ => options.set_transport(Transport::Tcp),
    };
    options
        .set_keep_alive(config.keep_alive)
        .set_clean_session(true)
        // events and acks are small; a player's status is a few KB
        .set_max_packet_size(256 * 1024, 64 * 1024);
    Ok(options)
}

/// TLS with the workspace's ring provider and Mozilla's roots (as reqwest has them).
fn tls(alpn: Option<Vec<u8>>) -> TlsConfiguration {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("ring supports the default protocol versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.into_iter().collect();
    TlsConfiguration::Rustls(Arc::new(config))
}

/// The task that owns the event loop.
struct Connection {
    client: AsyncClient,
    eventloop: rumqttc::EventLoop,
    tokens: Arc<dyn TokenSource>,
    username: String,
    devices: Vec<DeviceId>,
    messages: broadcast::Sender<PlayerMessage>,
    state: watch::Sender<ChannelState>,
    retry: Duration,
}

impl Connection {
    async fn run(mut self, mut stop: watch::Receiver<bool>) {
        let mut wait = self.retry;
        loop {
            // a current token before every (re)connect: the broker checks it on CONNECT
            let token = match self.tokens.token().await {
                Ok(fresh) => fresh,
                Err(e) if e.needs_relink() => {
                    self.state.send_replace(ChannelState::NeedsRelink);
                    return;
                }
                Err(e) => {
                    self.state
                        .send_replace(ChannelState::Reconnecting(format!("token: {e}")));
                    if pause(&mut stop, &mut wait).await {
                        break;
                    }
                    continue;
                }
            };
            self.eventloop
                .mqtt_options
                .set_credentials(self.username.clone(), token.clone());
            let ended = tokio::select! {
                ended = self.connected_until_error() => ended,
                _ = stop.wait_for(|s| *s) => break,
            };
            if ended.up {
                wait = self.retry;
            }
            if ended.refused {
                self.tokens.refused(&token).await;
            }
            tracing::info!(reason = %ended.reason, "players' broker connection ended; reconnecting");
            self.state
                .send_replace(ChannelState::Reconnecting(ended.reason));
            if pause(&mut stop, &mut wait).await {
                break;
            }
        }
        let _ = self.client.try_disconnect();
        self.state.send_replace(ChannelState::Closed);
    }

    /// Polls the event loop until the connection fails.
    async fn connected_until_error(&mut self) -> Ended {
        let mut up = false;
        loop {
            match self.eventloop.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    up = true;
                    // one SUBSCRIBE for every topic of every player; try_ never waits on the
                    // request queue this very loop drains
                    let filters = self.devices.iter().flat_map(|d| {
                        d.subscriptions()
                            .into_iter()
                            .map(|t| SubscribeFilter::new(t, QoS::AtLeastOnce))
                    });
                    if let Err(e) = self.client.try_subscribe_many(filters) {
                        return Ended::new(up, false, format!("subscribe: {e}"));
                    }
                }
                Ok(Event::Incoming(Packet::SubAck(ack))) => {
                    let refused = ack
                        .return_codes
                        .iter()
                        .any(|c| matches!(c, rumqttc::SubscribeReasonCode::Failure));
                    if refused {
                        tracing::warn!("the players' broker refused a subscription");
                    }
                    self.state.send_replace(ChannelState::Connected);
                }
                Ok(Event::Incoming(Packet::Publish(publish))) => {
                    if let Some(message) = PlayerMessage::parse(&publish.topic, &publish.payload) {
                        // no listener is fine: nobody is looking right now
                        let _ = self.messages.send(message);
                    }
                }
                Ok(_) => {}
                Err(ConnectionError::ConnectionRefused(code)) => {
                    let refused = matches!(
                        code,
                        ConnectReturnCode::BadUserNamePassword | ConnectReturnCode::NotAuthorized
                    );
                    return Ended::new(up, refused, format!("refused: {code:?}"));
                }
                Err(e) => return Ended::new(up, false, e.to_string()),
            }
        }
    }
}

/// Waits `wait` (doubling it, up to 30 s) unless told to stop; true when stopped.
async fn pause(stop: &mut watch::Receiver<bool>, wait: &mut Duration) -> bool {
    let stopped = tokio::select! {
        _ = tokio::time::sleep(*wait) => false,
        _ = stop.wait_for(|s| *s) => true,
    };
    *wait = (*wait * 2).min(Duration::from_secs(30));
    stopped
}

struct Ended {
    /// It had been connected (so the next wait starts short again).
    up: bool,
    /// The broker refused the token.
    refused: bool,
    reason: String,
}

impl Ended {
    fn new(up: bool, refused: bool, reason: String) -> Self {
        Self {
            up,
            refused,
            reason,
        }
    }
}

/// Small packets go out at once: a command and its acknowledgement are a few dozen bytes
/// each, and with Nagle's algorithm on, every hop could hold one back until the last was
/// acknowledged (about 40 ms per hop on Linux, four hops per command).
pub(crate) fn no_delay() -> rumqttc::NetworkOptions {
    let mut network = rumqttc::NetworkOptions::new();
    network.set_tcp_nodelay(true);
    network
}
