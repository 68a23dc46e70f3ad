//! The simulated players on the broker: they take commands on `device/{id}/command/…`, answer
//! on `device/{id}/response` (`{"status":{"<key>":"OK"|"FAIL","req_body":"…"}}`) and publish
//! what they do on `device/{id}/data/events` and `…/data/status`, with the documented fields.
//! While playing, the position advances by the clock, the sleep timer counts down and stops
//! playback, and the end of a chapter goes on to the next. A player whose device is offline
//! answers nothing, as a real one that is switched off.
//!
//! The wire is parsed here from the contract, on purpose not with Cardsmith's own types: the
//! simulator must catch a client that gets the payloads wrong.

use std::collections::BTreeMap;
use std::time::Duration;

use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS, Transport};
use serde_json::{json, Map, Value};
use tokio::sync::{broadcast, mpsc};

use super::process::Process;
use super::CONTROL;
use std::sync::Weak;

use crate::state::{DeviceCommand, Shared, SharedState};

/// One player's playback.
#[derive(Debug, Clone)]
struct Playback {
    card_id: String,
    chapters: Vec<Chapter>,
    chapter: usize,
    position: u32,
    status: &'static str,
    /// 0–16.
    volume: u8,
    sleep_seconds: u32,
    /// After the last chapter, starts again from the first.
    repeat: bool,
}

/// A card a child put in a player, by hand: it starts playing without any command.
#[derive(Debug, Clone)]
pub struct Inserted {
    pub device_id: String,
    pub card_id: String,
    pub chapter_key: Option<String>,
    /// Plays on from the first chapter after the last (the players' "repeat all").
    pub repeat: bool,
}

/// What a child does with a player by hand.
#[derive(Debug, Clone)]
pub enum ByHand {
    /// Puts a card in: it starts playing without any command.
    Insert(Inserted),
    /// Presses a button: on an interactive card, the chapter's `onLhb` or `onRhb` happens.
    Press { device_id: String, button: Button },
}

/// The player's two buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    Left,
    Right,
}

#[derive(Debug, Clone)]
struct Chapter {
    key: String,
    title: String,
    seconds: u32,
    /// The first track's `events` (interactive cards); `None` plays on in order.
    events: Option<Events>,
}

/// A track's events as the contract writes them (§2.3): `goto` a chapter key, or `stop`.
#[derive(Debug, Clone, Default)]
struct Events {
    left: Option<Next>,
    right: Option<Next>,
    end: Option<Next>,
}

#[derive(Debug, Clone, PartialEq)]
enum Next {
    Goto(String),
    /// The chapter again, from its start.
    Repeat,
    Stop,
}

impl Events {
    fn parse(events: &Value) -> Option<Self> {
        let next = |name: &str| {
            let event = events.get(name)?;
            match event.get("cmd").and_then(Value::as_str)? {
                "goto" => event
                    .pointer("/params/chapterKey")
                    .and_then(Value::as_str)
                    .map(|k| Next::Goto(k.to_owned())),
                "repeat" => Some(Next::Repeat),
                "stop" => Some(Next::Stop),
                _ => None,
            }
        };
        events.is_object().then(|| Events {
            left: next("onLhb"),
            right: next("onRhb"),
            end: next("onEnd"),
        })
    }
}

/// Connects the players' client and starts its loop; answers the client, which also sends
/// the dynamic-security commands (whose answers go to `answers`).
pub(super) async fn connect(
    shared: Weak<Shared>,
    process: &Process,
    answers: broadcast::Sender<Value>,
    mut by_hand: mpsc::UnboundedReceiver<ByHand>,
) -> std::io::Result<AsyncClient> {
    let mut options = MqttOptions::new("sim-players", "127.0.0.1", process.port);
    options
        .set_credentials(&process.admin_user, &process.admin_password)
        .set_transport(Transport::Tcp)
        .set_keep_alive(Duration::from_secs(30));
    let (client, mut eventloop) = AsyncClient::new(options, 256);
    // a player answers at once (see the client's `no_delay`)
    let mut network = rumqttc::NetworkOptions::new();
    network.set_tcp_nodelay(true);
    eventloop.set_network_options(network);
    // the first SubAck proves the broker took the admin's password and its subscriptions
    loop {
        match eventloop.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => subscribe(&client)?,
            Ok(Event::Incoming(Packet::SubAck(_))) => break,
            Ok(_) => {}
            Err(e) => return Err(std::io::Error::other(format!("players' client: {e}"))),
        }
    }
    let players = client.clone();
    tokio::spawn(async move {
        let mut state: BTreeMap<String, Playback> = BTreeMap::new();
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                polled = eventloop.poll() => match polled {
                    // a clean session: after a reconnect the subscriptions are gone
                    Ok(Event::Incoming(Packet::ConnAck(_))) => {
                        if let Err(e) = subscribe(&players) {
                            tracing::warn!(error = %e, "simulated players could not subscribe");
                        }
                    }
                    Ok(Event::Incoming(Packet::Publish(p))) if p.topic.starts_with(CONTROL) => {
                        if let Ok(answer) = serde_json::from_slice(&p.payload) {
                            let _ = answers.send(answer);
                        }
                    }
                    Ok(Event::Incoming(Packet::Publish(p))) => {
                        // the simulator may be gone; the broker goes with it soon
                        let Some(shared) = shared.upgrade() else { return };
                        command(&shared, &players, &mut state, &p.topic, &p.payload);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::debug!(error = %e, "simulated players' connection ended");
                        if matches!(e, rumqttc::ConnectionError::Io(_)) {
                            return; // the broker is gone
                        }
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                },
                _ = tick.tick() => advance(&players, &mut state),
                Some(act) = by_hand.recv() => {
                    let Some(shared) = shared.upgrade() else { return };
                    match act {
                        ByHand::Insert(card) => insert(&shared, &players, &mut state, card),
                        ByHand::Press { device_id, button } => {
                            press(&players, &mut state, &device_id, button);
                        }
                    }
                }
            }
        }
    });
    Ok(client)
}

/// The players' subscriptions: their commands, and the control answers.
fn subscribe(client: &AsyncClient) -> std::io::Result<()> {
    let filters = [
        format!("{CONTROL}/response"),
        "device/+/command/#".to_owned(),
    ]
    .map(|t| rumqttc::SubscribeFilter::new(t, QoS::AtLeastOnce));
    client
        .try_subscribe_many(filters)
        .map_err(|e| std::io::Error::other(format!("players' client: {e}")))
}

/// One command; unknown ones and those to offline players get no answer.
fn command(
    shared: &SharedState,
    client: &AsyncClient,
    state: &mut BTreeMap<String, Playback>,
    topic: &str,
    payload: &[u8],
) {
    let Some(rest) = topic.strip_prefix("device/") else {
        return;
    };
    let Some((device, path)) = rest.split_once("/command/") else {
        return;
    };
    let Some((online, max_volume, card_docs)) = device_facts(shared, device) else {
        return;
    };
    if !online {
        return;
    }
    let body: Value = if payload.is_empty() {
        json!({})
    } else {
        match serde_json::from_slice(payload) {
            Ok(v) => v,
            Err(_) => return ack(client, device, key_of(path), false, payload),
        }
    };
    record(shared, device, path, &body);
    let ok = match path {
        "card/start" => match start(&body, &card_docs) {
            Some(mut playback) => {
                if let Some(old) = state.get(device) {
                    playback.volume = old.volume;
                    playback.sleep_seconds = old.sleep_seconds;
                }
                state.insert(device.to_owned(), playback);
                true
            }
            None => false,
        },
        "card/pause" | "card/resume" | "card/stop" => {
            if let Some(p) = state.get_mut(device) {
                p.status = match (path, p.status) {
                    ("card/pause", "playing") => "paused",
                    ("card/resume", "paused") => "playing",
                    ("card/stop", _) => "stopped",
                    (_, unchanged) => unchanged,
                };
            }
            true
        }
        "volume/set" => match body.get("volume").and_then(Value::as_u64) {
            Some(percent) if percent <= 100 => {
                // the step whose share of 100 this is, capped at the player's maximum
                let step = ((percent * 16) / 100).min(u64::from(max_volume)) as u8;
                playback(state, device).volume = step;
                true
            }
            _ => false,
        },
        "sleep-timer/set" => match body.get("seconds").and_then(Value::as_u64) {
            Some(seconds) => {
                playback(state, device).sleep_seconds = u32::try_from(seconds).unwrap_or(u32::MAX);
                true
            }
            None => false,
        },
        "ambients/set" => ["r", "g", "b"].iter().all(|c| {
            body.get(*c)
                .and_then(Value::as_u64)
                .is_some_and(|v| v <= 255)
        }),
        "display/preview" => body.get("uri").and_then(Value::as_str).is_some(),
        "status/request" => {
            publish(
                client,
                &format!("device/{device}/data/status"),
                status(shared, device, state.get(device)),
            );
            true
        }
        "events/request" => {
            // an idle player reports that it plays nothing
            playback(state, device);
            true
        }
        _ => return, // not a command players know: no answer
    };
    ack(client, device, key_of(path), ok, payload);
    if ok && path != "status/request" {
        if let Some(p) = state.get(device) {
            publish(
                client,
                &format!("device/{device}/data/events"),
                event(p, max_volume),
            );
        }
    }
}

/// A card put in by hand: the player plays it and says so, as when a command started it.
fn insert(
    shared: &SharedState,
    client: &AsyncClient,
    state: &mut BTreeMap<String, Playback>,
    card: Inserted,
) {
    let Some((true, max_volume, card_docs)) = device_facts(shared, &card.device_id) else {
        return;
    };
    let mut body = json!({ "uri": format!("https://yoto.io/{}", card.card_id) });
    if let Some(key) = &card.chapter_key {
        body["chapterKey"] = json!(key);
    }
    let Some(mut playback) = start(&body, &card_docs) else {
        return;
    };
    playback.repeat = card.repeat;
    {
        let mut world = shared.world();
        let device = world
            .accounts
            .values_mut()
            .find_map(|a| a.devices.get_mut(&card.device_id));
        if let Some(d) = device {
            crate::devices::play_along(&mut d.status, "card/start", &body);
        }
    }
    publish(
        client,
        &format!("device/{}/data/events", card.device_id),
        event(&playback, max_volume),
    );
    state.insert(card.device_id, playback);
}

/// Keeps the command in the account's log, beside those that came over REST (tests read it),
/// and in the status the platform's REST API reports for the player.
fn record(shared: &SharedState, device: &str, path: &str, body: &Value) {
    let mut world = shared.world();
    if let Some(account) = world
        .accounts
        .values_mut()
        .find(|a| a.devices.contains_key(device))
    {
        if let Some(d) = account.devices.get_mut(device) {
            crate::devices::play_along(&mut d.status, path, body);
        }
        account.commands.push(DeviceCommand {
            device_id: device.to_owned(),
            command: path.to_owned(),
            body: body.clone(),
        });
    }
}

/// A player's facts from the world: online, maximum volume (0–16), the account's cards.
fn device_facts(shared: &SharedState, device: &str) -> Option<(bool, u8, BTreeMap<String, Value>)> {
    let world = shared.world();
    let account = world
        .accounts
        .values()
        .find(|a| a.devices.contains_key(device))?;
    let d = &account.devices[device];
    let online = d
        .summary
        .get("online")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    let max = d
        .config
        .get("maxVolumeLimit")
        .and_then(Value::as_str)
        .and_then(|v| v.parse::<u8>().ok())
        .unwrap_or(16)
        .min(16);
    let cards = account
        .cards
        .iter()
        .map(|(id, doc)| (id.clone(), Value::Object(doc.clone())))
        .collect();
    Some((online, max, cards))
}

/// The acknowledgement key players use for a command path.
fn key_of(path: &str) -> &str {
    match path {
        "status/request" | "events/request" => path,
        _ => path.split('/').next().unwrap_or(path),
    }
}

fn ack(client: &AsyncClient, device: &str, key: &str, ok: bool, request: &[u8]) {
    let mut status = Map::new();
    status.insert(key.to_owned(), json!(if ok { "OK" } else { "FAIL" }));
    status.insert("req_body".into(), json!(String::from_utf8_lossy(request)));
    publish(
        client,
        &format!("device/{device}/response"),
        json!({ "status": status }),
    );
}

fn publish(client: &AsyncClient, topic: &str, body: Value) {
    if let Err(e) = client.try_publish(topic, QoS::AtLeastOnce, false, body.to_string()) {
        tracing::warn!(error = %e, "a simulated player could not publish");
    }
}

/// The player's playback, a stopped one if it has none yet.
fn playback<'a>(state: &'a mut BTreeMap<String, Playback>, device: &str) -> &'a mut Playback {
    state.entry(device.to_owned()).or_insert_with(idle)
}

fn idle() -> Playback {
    Playback {
        card_id: String::new(),
        chapters: Vec::new(),
        chapter: 0,
        position: 0,
        status: "stopped",
        volume: 8,
        sleep_seconds: 0,
        repeat: false,
    }
}

/// A `card/start`: the card named by `https://yoto.io/<id>`, from a chapter and second.
fn start(body: &Value, cards: &BTreeMap<String, Value>) -> Option<Playback> {
    let card_id = body
        .get("uri")?
        .as_str()?
        .strip_prefix("https://yoto.io/")?;
    let chapters: Vec<Chapter> = cards
        .get(card_id)
        .and_then(|c| c.pointer("/content/chapters"))
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .enumerate()
                .map(|(i, ch)| Chapter {
                    key: ch
                        .get("key")
                        .and_then(Value::as_str)
                        .map_or_else(|| format!("{:02}", i + 1), str::to_owned),
                    title: ch
                        .get("title")
                        .and_then(Value::as_str)
                        .unwrap_or("Chapter")
                        .to_owned(),
                    seconds: ch
                        .pointer("/tracks/0/duration")
                        .and_then(Value::as_u64)
                        .map_or(120, |d| d.clamp(1, 86_400) as u32),
                    events: ch.pointer("/tracks/0/events").and_then(Events::parse),
                })
                .collect()
        })
        .filter(|c: &Vec<Chapter>| !c.is_empty())
        .unwrap_or_else(|| {
            vec![Chapter {
                key: "01".into(),
                title: "Chapter 1".into(),
                seconds: 120,
                events: None,
            }]
        });
    let chapter = body
        .get("chapterKey")
        .and_then(Value::as_str)
        .and_then(|k| chapters.iter().position(|c| c.key == k))
        .unwrap_or(0);
    let position = body
        .get("secondsIn")
        .and_then(Value::as_u64)
        .map_or(0, |s| (s as u32).min(chapters[chapter].seconds));
    Some(Playback {
        card_id: card_id.to_owned(),
        chapters,
        chapter,
        position,
        status: "playing",
        volume: 8,
        sleep_seconds: 0,
        repeat: false,
    })
}

/// One second of every player: positions advance, chapters end, sleep timers run out.
fn advance(client: &AsyncClient, state: &mut BTreeMap<String, Playback>) {
    for (device, p) in state.iter_mut() {
        let mut changed = false;
        if p.sleep_seconds > 0 {
            p.sleep_seconds -= 1;
            if p.sleep_seconds == 0 && p.status == "playing" {
                p.status = "stopped";
                changed = true;
            }
        }
        if p.status == "playing" {
            p.position += 1;
            if p.position >= p.chapters[p.chapter].seconds {
                p.position = 0;
                let on_end = p.chapters[p.chapter].events.as_ref().map(|e| e.end.clone());
                if let Some(next) = on_end {
                    // an interactive card: the track says what comes next, or it stops
                    follow(p, next.as_ref());
                } else if p.chapter + 1 < p.chapters.len() {
                    p.chapter += 1;
                } else if p.repeat {
                    p.chapter = 0;
                } else {
                    p.status = "stopped";
                }
                changed = true;
            }
        }
        if changed {
            publish(
                client,
                &format!("device/{device}/data/events"),
                event(p, 16),
            );
        }
    }
}

/// A button pressed: on a chapter with events, what the button's event says happens at once
/// (a button with no event does nothing); the player says what it now plays.
fn press(
    client: &AsyncClient,
    state: &mut BTreeMap<String, Playback>,
    device: &str,
    button: Button,
) {
    let Some(p) = state.get_mut(device) else {
        return;
    };
    let Some(events) = p.chapters.get(p.chapter).and_then(|c| c.events.clone()) else {
        return;
    };
    let next = match button {
        Button::Left => events.left,
        Button::Right => events.right,
    };
    if next.is_none() || p.status == "stopped" {
        return;
    }
    p.position = 0;
    follow(p, next.as_ref());
    publish(
        client,
        &format!("device/{device}/data/events"),
        event(p, 16),
    );
}

/// Goes where an event leads: the chapter of a `goto` (playing), or stopped.
fn follow(p: &mut Playback, next: Option<&Next>) {
    match next {
        Some(Next::Goto(key)) => match p.chapters.iter().position(|c| &c.key == key) {
            Some(i) => {
                p.chapter = i;
                p.status = "playing";
            }
            None => p.status = "stopped",
        },
        Some(Next::Repeat) => p.status = "playing",
        Some(Next::Stop) | None => p.status = "stopped",
    }
}

/// The `data/events` message of a player's whole state.
fn event(p: &Playback, max_volume: u8) -> Value {
    let chapter = p.chapters.get(p.chapter);
    let mut body = json!({
        "playbackStatus": p.status,
        "position": p.position,
        "volume": p.volume,
        "volumeMax": max_volume,
        "sleepTimerActive": p.sleep_seconds > 0,
        "sleepTimerSeconds": p.sleep_seconds,
        "streaming": false,
        "repeatAll": p.repeat,
        "eventUtc": chrono::Utc::now().timestamp(),
    });
    if let Some(c) = chapter {
        body["cardId"] = json!(p.card_id);
        body["chapterKey"] = json!(c.key);
        body["trackKey"] = json!(c.key);
        body["chapterTitle"] = json!(c.title);
        body["trackTitle"] = json!(c.title);
        body["trackLength"] = json!(c.seconds);
    }
    body
}

/// The `data/status` message: the device's stored status, with the live volume.
fn status(shared: &SharedState, device: &str, playback: Option<&Playback>) -> Value {
    let world = shared.world();
    let stored = world
        .accounts
        .values()
        .find_map(|a| a.devices.get(device))
        .map(|d| d.status.clone())
        .unwrap_or_default();
    let mut status = stored;
    if let Some(p) = playback {
        status.insert("userVolume".into(), json!(u32::from(p.volume) * 100 / 16));
        status.insert(
            "activeCard".into(),
            json!(if p.card_id.is_empty() {
                "none"
            } else {
                &p.card_id
            }),
        );
    }
    json!({ "status": status })
}
