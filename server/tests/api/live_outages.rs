//! Players, live, through what goes wrong: the broker out of reach and back (the REST command
//! path meanwhile, then live again), an access token that runs out mid-connection (refreshed,
//! reconnected, still following), and a link the platform revoked (the stream and the players
//! page say to link it again). A real broker throughout; a relay in front of it plays the
//! network.

use std::net::SocketAddr;

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::live::{command, until, Family};
use crate::support::relay::Relay;

#[tokio::test]
async fn commands_take_the_rest_path_while_the_broker_is_away_and_go_live_when_it_is_back() {
    let relay = Relay::start().await;
    let url = relay.mqtt_url();
    let family = Family::start(&["--upstream-mqtt-url", &url], DeviceSeed::named("Kitchen")).await;
    let broker = family.sim.broker_url().await.unwrap();
    let broker: SocketAddr = format!("127.0.0.1:{}", broker.port().unwrap())
        .parse()
        .unwrap();
    relay.point_at(broker);
    let mut stream = family.follow_live().await;
    let Family {
        app,
        sim,
        device,
        admin,
        account,
        ..
    } = family;
    let volume = |step: u8| json!({"command": "volume", "volume": step});
    let via = |r: reqwest::Response| async move {
        assert_eq!(r.status(), 200);
        r.json::<Value>().await.unwrap()["via"].clone()
    };
    assert_eq!(
        via(command(&admin, &account, &device, volume(4)).await).await,
        "mqtt"
    );

    relay.down();
    until(&mut stream, |p| p["connection"] == "connecting").await;
    assert_eq!(
        via(command(&admin, &account, &device, volume(6)).await).await,
        "rest"
    );
    let last = sim.commands(&sim.default_user()).pop().unwrap();
    assert_eq!(
        (last.command.as_str(), &last.body),
        ("volume/set", &json!({"volume": 38}))
    );

    relay.up().await;
    until(&mut stream, |p| p["connection"] == "live").await;
    assert_eq!(
        via(command(&admin, &account, &device, volume(8)).await).await,
        "mqtt"
    );
    until(&mut stream, |p| p["volume"] == 8).await;
    assert_eq!(
        app.core.live.connections_opened(),
        1,
        "the same connection came back"
    );
}

#[tokio::test]
async fn a_token_that_runs_out_is_refreshed_and_the_players_are_still_followed() {
    let family = Family::start(&[], DeviceSeed::named("Kitchen")).await;
    let Family {
        app,
        sim,
        device,
        admin,
        account,
        ..
    } = &family;
    let sealed = || async {
        sqlx::query_scalar::<_, String>("SELECT tokens FROM player_accounts")
            .fetch_one(app.core.db.pool())
            .await
            .unwrap()
    };
    let before = sealed().await;
    let mut stream = family.follow_live().await;

    // the platform drops a connection whose token ran out
    sim.expire_access_tokens();
    until(&mut stream, |p| p["connection"] == "connecting").await;
    until(&mut stream, |p| p["connection"] == "live").await;
    // still subscribed: a command's effect comes back on the same stream
    let r = command(
        admin,
        account,
        device,
        json!({"command": "play", "card_id": "abc12"}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["via"], "mqtt");
    until(&mut stream, |p| p["playback"] == "playing").await;
    // the refresh rotated the tokens, and the new ones were kept
    assert_ne!(sealed().await, before);
    let accounts: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(accounts["accounts"][0]["status"], "linked", "{accounts}");
}

#[tokio::test]
async fn a_revoked_link_says_link_again_on_the_stream_and_the_players_page() {
    let family = Family::start(&[], DeviceSeed::named("Kitchen")).await;
    let mut stream = family.follow_live().await;
    let Family {
        app: _app,
        sim,
        admin,
        ..
    } = family;

    // the family removed Cardsmith's access on the platform
    sim.revoke_refresh_tokens();
    sim.expire_access_tokens();
    until(&mut stream, |p| p["connection"] == "relink").await;
    let end = async { while stream.chunk().await.unwrap().is_some() {} };
    tokio::time::timeout(std::time::Duration::from_secs(5), end)
        .await
        .expect("the stream of an account to link again ends");

    let accounts: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(
        accounts["accounts"][0]["status"], "needs_relink",
        "{accounts}"
    );
    let page = admin.get("/devices").await.text().await.unwrap();
    assert!(
        page.contains("This account must be linked again"),
        "the players page says to link again"
    );
}
