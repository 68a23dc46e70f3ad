//! Players, live, over the simulator's real broker: commands go over MQTT and say so, the
//! players' state is served with its age and streamed as Server-Sent Events, every page and
//! client of an account shares one connection, an offline player is a clear answer, and with
//! no broker the REST command path is used.

use std::time::{Duration, Instant};

use cardsmith_upstream_sim::{DeviceSeed, SimHandle};
use reqwest::Response;
use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::support::helpers::{assert_problem, spawn_app_with, TestApp, User};

/// The demo platform with one player on the family account, which the admin linked.
pub struct Family {
    pub app: TestApp,
    pub sim: SimHandle,
    pub user: String,
    pub device: String,
    pub admin: User,
    pub account: String,
}

impl Family {
    /// Demo mode (plus `args`) with the player `seed`, linked.
    pub async fn start(args: &[&str], seed: DeviceSeed) -> Self {
        let args: Vec<&str> = ["--demo-upstream"].iter().chain(args).copied().collect();
        let app = spawn_app_with(&args).await;
        let sim = app.sim.clone().unwrap();
        let user = sim.default_user();
        let device = sim.seed_device(&user, seed).unwrap();
        let admin = app.admin().await;
        let account = link_account(&app, &admin).await;
        Self {
            app,
            sim,
            user,
            device,
            admin,
            account,
        }
    }

    /// The account's live events, once its players are live.
    pub async fn follow_live(&self) -> Response {
        let path = format!("/api/devices/{}/live/events", self.account);
        let mut stream = self.admin.get(&path).await;
        until(&mut stream, |p| p["connection"] == "live").await;
        stream
    }
}

/// Reads an event stream until an event's data satisfies `wanted`; answers that data.
pub async fn until(stream: &mut Response, wanted: impl Fn(&Value) -> bool) -> Value {
    let mut text = String::new();
    let read = async {
        loop {
            let chunk = stream
                .chunk()
                .await
                .unwrap()
                .expect("the stream stays open");
            text.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = text.find("\n\n") {
                let event: String = text.drain(..end + 2).collect();
                let data = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data:"))
                    .map(str::trim)
                    .collect::<String>();
                if let Ok(value) = serde_json::from_str::<Value>(&data) {
                    if wanted(&value) {
                        return value;
                    }
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(15), read)
        .await
        .expect("the event arrives")
}

pub async fn command(user: &User, account: &str, device: &str, body: Value) -> Response {
    user.post_json(&format!("/api/devices/{account}/{device}/command"), &body)
        .await
}

#[tokio::test]
async fn commands_go_live_and_every_page_of_an_account_shares_one_connection() {
    let mut seed = DeviceSeed::named("Kitchen");
    seed.config.insert("maxVolumeLimit".into(), json!("10"));
    let Family {
        app,
        device,
        admin,
        account,
        ..
    } = Family::start(&[], seed).await;
    let opened = app.core.live.connections_opened();
    // twelve first looks at once open one connection
    let path = format!("/api/devices/{account}/live");
    let looks = futures_util::future::join_all((0..12).map(|_| admin.get(&path))).await;
    assert!(looks.iter().all(|r| r.status() == 200));

    // two pages follow the account's players, and an app reads them
    let mut first = admin
        .get(&format!("/api/devices/{account}/live/events"))
        .await;
    let mut second = admin
        .get(&format!("/api/devices/{account}/live/events"))
        .await;
    for stream in [&first, &second] {
        assert_eq!(stream.status(), 200);
        assert_eq!(stream.headers()["content-type"], "text/event-stream");
    }
    let players: Value = admin
        .get_json(&format!("/api/devices/{account}/live"))
        .await;
    assert_eq!(players["connection"], "live", "{players}");
    assert_eq!(players["players"][0]["device_id"], device.as_str());

    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "play", "card_id": "abc12", "chapter_key": "01", "seconds": 5}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["via"], "mqtt");
    for stream in [&mut first, &mut second] {
        let player = until(stream, |p| p["playback"] == "playing").await;
        assert_eq!(player["card_id"], "abc12");
        assert!(player["position"].as_u64().unwrap() >= 5, "{player}");
    }
    // the loudest step, capped at the player's maximum
    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "volume", "volume": 16}),
    )
    .await;
    assert_eq!(r.status(), 200);
    let player = until(&mut first, |p| p["volume"] == 10).await;
    assert_eq!(player["volume_max"], 10);
    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "sleep_timer", "seconds": 900}),
    )
    .await;
    assert_eq!(r.status(), 200);
    until(&mut second, |p| {
        p["sleep_timer_seconds"].as_u64().is_some_and(|s| s > 800)
    })
    .await;
    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "ambient", "colour": "#ff8800"}),
    )
    .await;
    assert_eq!(r.status(), 200);

    let one: Value = admin
        .get_json(&format!("/api/devices/{account}/{device}/live"))
        .await;
    assert_eq!(one["playback"], "playing");
    assert_eq!(one["volume"], 10);
    assert!(one["age_seconds"].as_u64().unwrap() < 60, "{one}");
    assert_eq!(
        app.core.live.connections_opened() - opened,
        1,
        "twelve looks at once, two streams, reads and commands of one account share one connection"
    );
    // and /metrics says so: one connection open, held by the two streams
    let metrics: Value = admin.get_json("/api/metrics").await;
    assert_eq!(metrics["live"]["connections"], 1, "{metrics}");
    assert_eq!(metrics["live"]["watchers"], 2, "{metrics}");

    // bad commands change nothing
    for bad in [
        json!({"command": "volume"}),
        json!({"command": "volume", "volume": 17}),
        json!({"command": "sleep_timer", "seconds": 100_000}),
        json!({"command": "ambient", "colour": "orange"}),
        json!({"command": "play", "card_id": "abc/+#"}),
        json!({"command": "play", "card_id": "abc12", "chapter_key": "../01"}),
    ] {
        assert_problem(command(&admin, &account, &device, bad).await, 422).await;
    }
    assert_problem(
        command(&admin, &account, "+", json!({"command": "pause"})).await,
        404,
    )
    .await;

    // another family sees none of it
    let (other, _) = app.new_user("other@example.com", "user").await;
    for path in [
        format!("/api/devices/{account}/live"),
        format!("/api/devices/{account}/{device}/live"),
        format!("/api/devices/{account}/live/events"),
    ] {
        assert_problem(other.get(&path).await, 404).await;
    }
    assert_problem(
        command(&other, &account, &device, json!({"command": "pause"})).await,
        404,
    )
    .await;

    // unlinking the account closes its players' connection and ends the open streams
    assert_eq!(app.core.live.open_accounts(), 1);
    drop(second);
    let unlinked = admin
        .delete(&format!("/api/player-accounts/{account}"))
        .await;
    assert_eq!(unlinked.status(), 204);
    assert_eq!(app.core.live.open_accounts(), 0);
    let end = async { while first.chunk().await.unwrap().is_some() {} };
    tokio::time::timeout(Duration::from_secs(5), end)
        .await
        .expect("the stream of an unlinked account ends");
    assert_problem(
        admin.get(&format!("/api/devices/{account}/live")).await,
        404,
    )
    .await;
}

#[tokio::test]
async fn a_player_that_is_off_is_said_not_to_answer() {
    let mut seed = DeviceSeed::named("Attic");
    seed.online = false;
    let Family {
        device,
        admin,
        account,
        app: _app, // the server lives as long as the test
        ..
    } = Family::start(&[], seed).await;
    let began = Instant::now();
    let problem = assert_problem(
        command(&admin, &account, &device, json!({"command": "pause"})).await,
        409,
    )
    .await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("did not answer"),
        "{problem}"
    );
    assert!(
        began.elapsed() < Duration::from_secs(12),
        "{:?}",
        began.elapsed()
    );
    let one: Value = admin
        .get_json(&format!("/api/devices/{account}/{device}/live"))
        .await;
    assert_eq!(one["online"], false, "{one}");
}

#[tokio::test]
async fn without_a_broker_commands_take_the_rest_path_and_say_so() {
    let kitchen = DeviceSeed::named("Kitchen");
    let Family {
        sim,
        user,
        device,
        admin,
        account,
        app: _app, // the server lives as long as the test
        ..
    } = Family::start(&["--upstream-mqtt-url", "off"], kitchen).await;
    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "volume", "volume": 8}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["via"], "rest");
    let last = sim.commands(&user).pop().unwrap();
    assert_eq!(
        (last.command.as_str(), &last.body),
        ("volume/set", &json!({"volume": 50}))
    );
    let players: Value = admin
        .get_json(&format!("/api/devices/{account}/live"))
        .await;
    assert_eq!(players["connection"], "unavailable");
}

#[tokio::test]
async fn events_and_an_icon_preview_reach_the_player() {
    let Family {
        sim,
        user,
        device,
        admin,
        account,
        app: _app, // the server lives as long as the test
        ..
    } = Family::start(&[], DeviceSeed::named("Kitchen")).await;
    let card = sim
        .seed_card(
            &user,
            json!({"title": "Tales", "content": {"chapters": [
                {"key": "01", "title": "One", "display": {"icon16x16": "yoto:#firstIcon"}, "tracks": []},
                {"key": "02", "title": "Two", "display": {"icon16x16": "yoto:#secondIcon"}, "tracks": []},
                {"key": "03", "title": "Three", "display": {"icon16x16": null}, "tracks": []}
            ]}}),
        )
        .unwrap();
    // the connection asks every player for its state as it opens: look at one kind at a time
    let sent = |kind: &str| -> Vec<Value> {
        sim.commands(&user)
            .into_iter()
            .filter(|c| c.command == kind)
            .map(|c| c.body)
            .collect()
    };

    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "display_preview", "card_id": card, "chapter_key": "02", "seconds": 30}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["via"], "mqtt");
    assert_eq!(
        sent("display/preview"),
        [json!({"uri": "yoto:#secondIcon", "timeout": 30, "animated": 0})]
    );
    // no chapter named: the first chapter's icon, for ten seconds
    let r = command(
        &admin,
        &account,
        &device,
        json!({"command": "display_preview", "card_id": card}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        sent("display/preview")[1],
        json!({"uri": "yoto:#firstIcon", "timeout": 10, "animated": 0})
    );

    let asked = sent("events/request").len();
    let r = command(&admin, &account, &device, json!({"command": "events"})).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["via"], "mqtt");
    assert_eq!(sent("events/request").len(), asked + 1);

    // what cannot be shown is said, and nothing is sent
    let before = sent("display/preview").len();
    let problem = assert_problem(
        command(
            &admin,
            &account,
            &device,
            json!({"command": "display_preview", "card_id": card, "chapter_key": "03"}),
        )
        .await,
        409,
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("no icon"),
        "{problem}"
    );
    assert_problem(
        command(
            &admin,
            &account,
            &device,
            json!({"command": "display_preview", "card_id": card, "chapter_key": "09"}),
        )
        .await,
        404,
    )
    .await;
    for bad in [
        json!({"command": "display_preview"}),
        json!({"command": "display_preview", "card_id": card, "seconds": 0}),
        json!({"command": "display_preview", "card_id": card, "seconds": 301}),
    ] {
        assert_problem(command(&admin, &account, &device, bad).await, 422).await;
    }
    assert_eq!(sent("display/preview").len(), before);
}

#[tokio::test]
async fn next_and_previous_chapter_follow_the_card_the_player_has_in() {
    let Family {
        sim,
        user,
        device,
        admin,
        account,
        app: _app, // the server lives as long as the test
        ..
    } = Family::start(&[], DeviceSeed::named("Kitchen")).await;
    let card = sim
        .seed_card(
            &user,
            json!({"title": "Tales", "content": {"chapters": [
                {"key": "01", "title": "One", "tracks": [{"key": "01", "duration": 600}]},
                {"key": "02", "title": "Two", "tracks": [{"key": "01", "duration": 600}]}
            ]}}),
        )
        .unwrap();
    // nothing in the player: nothing to skip
    assert_problem(
        command(
            &admin,
            &account,
            &device,
            json!({"command": "next_chapter"}),
        )
        .await,
        409,
    )
    .await;
    let mut stream = admin
        .get(&format!("/api/devices/{account}/live/events"))
        .await;
    let assert_ok = |r: Response| async move {
        assert_eq!(r.status(), 200);
    };
    assert_ok(
        command(
            &admin,
            &account,
            &device,
            json!({"command": "play", "card_id": card}),
        )
        .await,
    )
    .await;
    until(&mut stream, |p| {
        p["chapter_key"] == "01" && p["playback"] == "playing"
    })
    .await;
    let skip = |name: &'static str| command(&admin, &account, &device, json!({"command": name}));
    assert_ok(skip("next_chapter").await).await;
    until(&mut stream, |p| p["chapter_key"] == "02").await;
    let started = sim
        .commands(&user)
        .into_iter()
        .rfind(|c| c.command == "card/start")
        .unwrap();
    assert_eq!(
        started.body,
        json!({"uri": format!("https://yoto.io/{card}"), "chapterKey": "02"})
    );
    // the last chapter has no next one; back one goes to the first
    let problem = assert_problem(skip("next_chapter").await, 409).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("last chapter"),
        "{problem}"
    );
    assert_ok(skip("previous_chapter").await).await;
    until(&mut stream, |p| p["chapter_key"] == "01").await;
    assert_ok(skip("previous_chapter").await).await;
    until(&mut stream, |p| {
        p["chapter_key"] == "01" && p["position"] == 0
    })
    .await;
}
