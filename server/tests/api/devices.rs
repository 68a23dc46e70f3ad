//! Players of linked accounts against the simulator: info with nested status, cached
//! snapshots when the platform is down, read-merge-write settings, shortcuts, commands; an
//! unknown player is 404.

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::support::helpers::{assert_problem, pointers, spawn_app_with};

#[tokio::test]
async fn players_are_listed_controlled_and_cached() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let platform_user = sim.default_user();
    let mut seed = DeviceSeed::named("Bedroom player");
    seed.status.insert("batteryLevel".into(), json!(81));
    seed.status.insert("activeCard".into(), json!("abc12"));
    let device = sim.seed_device(&platform_user, seed).unwrap();
    sim.seed_device(&platform_user, DeviceSeed::mini("Travel mini"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let list: Value = admin.get_json("/api/devices").await;
    let devices = list["devices"].as_array().unwrap();
    assert_eq!(devices.len(), 2);
    let bedroom = devices
        .iter()
        .find(|d| d["device_id"] == device.as_str())
        .unwrap();
    assert_eq!(bedroom["name"], "Bedroom player");
    assert_eq!(bedroom["cached"], false);
    assert_eq!(bedroom["status"]["batteryLevel"], 81.0);
    assert_eq!(bedroom["status"]["activeCard"], "abc12");
    assert_eq!(bedroom["account_id"], account.as_str());
    assert!(bedroom["settings"]["maxVolumeLimit"].is_string());
    let info_path = format!("/api/devices/{account}/{device}/info");
    let info: Value = admin.get_json(&info_path).await;
    assert_eq!(info["online"], true);

    // settings: only the named ones change, the rest survive the whole-block PUT
    let before = sim.device_config(&platform_user, &device).unwrap();
    let r = admin
        .put_json(
            &format!("/api/devices/{account}/{device}/settings"),
            &json!({"night_max_volume": "6", "shutdown_timeout_min": "30"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let after = sim.device_config(&platform_user, &device).unwrap();
    assert_eq!(after["nightMaxVolumeLimit"], "6");
    assert_eq!(after["shutdownTimeout"], "1800");
    for (key, value) in before
        .iter()
        .filter(|(k, _)| !["nightMaxVolumeLimit", "shutdownTimeout"].contains(&k.as_str()))
    {
        assert_eq!(&after[key], value, "{key} survives");
    }
    let bad = assert_problem(
        admin
            .put_json(
                &format!("/api/devices/{account}/{device}/settings"),
                &json!({"day_max_volume": "99", "day_time": "7pm"}),
            )
            .await,
        422,
    )
    .await;
    assert_eq!(pointers(&bad), ["/day_max_volume", "/day_time"]);
    // naming no setting changes none (like naming the values the player already has)
    let r = admin
        .put_json(
            &format!("/api/devices/{account}/{device}/settings"),
            &json!({"timezone": null}),
        )
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(sim.device_config(&platform_user, &device).unwrap(), after);

    // commands and shortcuts reach the platform, commands over the players' broker
    let r = admin
        .post_json(
            &format!("/api/devices/{account}/{device}/command"),
            &json!({"command": "play", "card_id": "abc12"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let sent: Value = r.json().await.unwrap();
    assert_eq!(sent["via"], "mqtt", "{sent}");
    let r = admin
        .post_json(
            &format!("/api/devices/{account}/{device}/command"),
            &json!({"command": "pause"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    // (the live channel also asks each player for its state when it connects)
    let commands: Vec<_> = sim
        .commands(&platform_user)
        .into_iter()
        .filter(|c| c.command.starts_with("card/"))
        .collect();
    assert_eq!(commands[0].command, "card/start");
    assert_eq!(commands[0].body["uri"], "https://yoto.io/abc12");
    assert_eq!(commands[1].command, "card/pause");
    // the player reports what it was told: the card, paused
    let info: Value = admin.get_json(&info_path).await;
    assert_eq!(info["status"]["activeCard"], "abc12");
    assert_eq!(info["status"]["playingStatus"], "paused");
    assert_problem(
        admin
            .post_json(
                &format!("/api/devices/{account}/{device}/command"),
                &json!({"command": "play"}),
            )
            .await,
        422,
    )
    .await;
    let r = admin
        .put_json(
            &format!("/api/devices/{account}/{device}/shortcuts"),
            &json!({"shortcuts": [{"mode": "day", "card_id": "abc12", "chapter": "01"}]}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let shortcuts = sim.device_shortcuts(&platform_user, &device).unwrap();
    assert_eq!(
        shortcuts["modes"]["day"]["content"][0]["params"]["card"],
        "abc12"
    );
    assert_problem(
        admin
            .put_json(
                &format!("/api/devices/{account}/{device}/shortcuts"),
                &json!({"shortcuts": [{"mode": "noon", "card_id": ""}]}),
            )
            .await,
        422,
    )
    .await;

    // the platform goes down: the snapshot is served, marked cached
    sim.fail_next(50, 503, "maintenance");
    let cachedinfo: Value = admin.get_json(&info_path).await;
    assert_eq!(cachedinfo["cached"], true);
    assert_eq!(cachedinfo["name"], "Bedroom player");
    let list: Value = admin.get_json("/api/devices").await;
    assert_eq!(list["unreachable_accounts"], json!([account]));
    assert!(list["devices"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["cached"] == true));
    let status: Value = admin
        .get_json(&format!("/api/devices/{account}/{device}/cache-status"))
        .await;
    assert_eq!(status["cached"], true);
    sim.clear_faults();

    // other people's accounts do not exist for them
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(other.get(&info_path).await, 404).await;
    assert_problem(
        other
            .post_json(
                &format!("/api/devices/{account}/{device}/command"),
                &json!({"command": "pause"}),
            )
            .await,
        404,
    )
    .await;
    let theirs: Value = other.get_json("/api/devices").await;
    assert_eq!(theirs["devices"], json!([]));
}

#[tokio::test]
async fn a_lost_link_is_marked_for_relinking() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Player"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    sim.revoke_refresh_tokens();
    sim.expire_access_tokens();
    let r = admin
        .get(&format!("/api/devices/{account}/{device}/info"))
        .await;
    let problem = assert_problem(r, 409).await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("link it again"),
        "{problem}"
    );
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"][0]["status"], "needs_relink");
    assert!(list["accounts"][0]["status_detail"].is_string());
    assert_problem(
        admin
            .post_json(
                &format!("/api/devices/{account}/{device}/command"),
                &json!({"command": "pause"}),
            )
            .await,
        409,
    )
    .await;
}

/// The database refuses to store the rotated tokens (as a full disk would): the platform has
/// already spent the old refresh token, so the account must be marked for relinking, the old
/// token never sent again, and the Accounts page must say why.
#[tokio::test]
async fn a_rotated_token_that_cannot_be_saved_marks_the_account() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    sim.seed_device(&sim.default_user(), DeviceSeed::named("Player"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    crate::support::database::refuse_writes(
        &app.core.db,
        "refuse_token_save",
        "UPDATE OF tokens",
        "player_accounts",
        "database or disk is full",
    )
    .await;
    sim.expire_access_tokens();

    // the refresh succeeds upstream (the old token is now spent) but cannot be stored
    let list: Value = admin.get_json("/api/devices").await;
    assert_eq!(list["unreachable_accounts"], json!([account]));
    let before = sim.stats();
    assert_eq!(before.refresh_grants, 1);
    let accounts: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(accounts["accounts"][0]["status"], "needs_relink");
    let why = accounts["accounts"][0]["status_detail"].as_str().unwrap();
    assert!(why.contains("could not be saved"), "{why}");

    // nothing is sent with the spent token afterwards
    admin.get_json("/api/devices").await;
    let after = sim.stats();
    assert_eq!(after.refresh_grants, before.refresh_grants);
    assert_eq!(
        after.refresh_token_reuse, 0,
        "the rotated-away token was never sent again"
    );

    // and the page says so
    let page = admin.get("/accounts").await.text().await.unwrap();
    assert!(page.contains("Needs linking again"));
    assert!(page.contains("could not be saved"));
}

/// The cards a player can play are asked for by a player of the account: another id is 404.
#[tokio::test]
async fn published_cards_of_an_unknown_player_are_404() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Den"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let known: Value = admin
        .get_json(&format!("/api/devices/{account}/{device}/published"))
        .await;
    assert_eq!(known["cards"], json!([]));
    let problem = assert_problem(
        admin
            .get(&format!("/api/devices/{account}/no-such-player/published"))
            .await,
        404,
    )
    .await;
    assert!(problem["detail"].as_str().unwrap().contains("player"));
    assert_problem(
        admin
            .get(&format!("/api/devices/no-such-account/{device}/published"))
            .await,
        404,
    )
    .await;
    // the OpenAPI document says so
    let spec = admin.get("/openapi.yaml").await.text().await.unwrap();
    let published = spec
        .split("\n  /devices/{accountID}/{deviceID}/published:")
        .nth(1)
        .expect("the operation is documented");
    let operation = published.split("\n  /").next().unwrap();
    assert!(operation.contains("'404'"), "{operation}");
}
