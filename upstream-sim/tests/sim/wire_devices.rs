//! Players over raw HTTP: list, nested status, whole-block config PUT, 403s, commands.

use cardsmith_upstream_sim::DeviceSeed;
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn devices_list_and_config_have_the_documented_shapes() {
    let sim = start().await;
    let user = sim.default_user();
    let player = sim
        .seed_device(&user, DeviceSeed::named("Kitchen"))
        .unwrap();
    let mini = sim.seed_device(&user, DeviceSeed::mini("Bedroom")).unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);

    let (status, list) = get(&sim, &bearer, "/device-v2/devices/mine").await;
    assert_eq!(status, 200);
    let devices = list["devices"].as_array().unwrap();
    assert_eq!(devices.len(), 2);
    let kitchen = devices
        .iter()
        .find(|d| d["deviceId"] == player.as_str())
        .unwrap();
    assert_eq!(kitchen["deviceType"], "v3e");
    assert_eq!(kitchen["deviceFamily"], "v3");
    assert_eq!(kitchen["formFactor"], "standard");
    assert_eq!(kitchen["generation"], "gen3");
    let bedroom = devices
        .iter()
        .find(|d| d["deviceId"] == mini.as_str())
        .unwrap();
    assert_eq!(
        (
            bedroom["deviceType"].as_str(),
            bedroom["formFactor"].as_str()
        ),
        (Some("minie"), Some("mini"))
    );

    let (status, config) = get(&sim, &bearer, &format!("/device-v2/{player}/config")).await;
    assert_eq!(status, 200);
    let device = &config["device"];
    assert_eq!(device["name"], "Kitchen");
    for field in ["activeCard", "batteryLevel", "charging", "cardInserted"] {
        assert!(device["status"].get(field).is_some(), "status.{field}");
    }
    assert_eq!(device["config"]["maxVolumeLimit"], "16");
    assert!(device["shortcuts"]["modes"].is_object());

    let (status, missing) = get(&sim, &bearer, "/device-v2/nope/config").await;
    assert_eq!(status, 404);
    assert_eq!(missing["error"]["code"], "not-found");
}

#[tokio::test]
async fn a_config_put_replaces_the_whole_block() {
    let sim = start().await;
    let user = sim.default_user();
    let mut seed = DeviceSeed::named("Kitchen");
    seed.config.insert("nightTime".into(), "20:15".into());
    let device = sim.seed_device(&user, seed).unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);

    let path = format!("/device-v2/{device}/config");
    let body = json!({ "name": "Kitchen 2", "config": { "maxVolumeLimit": "8" } });
    let (status, answer) = send_json(&sim, Method::PUT, &bearer, &path, &body).await;
    assert_eq!((status, answer), (200, json!({ "status": "ok" })));

    let config = sim.device_config(&user, &device).unwrap();
    assert_eq!(config["maxVolumeLimit"], "8");
    assert_eq!(
        config["nightTime"], "19:30",
        "an omitted key falls back to the firmware default"
    );
    let (_, after) = get(&sim, &bearer, &path).await;
    assert_eq!(after["device"]["name"], "Kitchen 2");

    let (status, error) =
        send_json(&sim, Method::PUT, &bearer, &path, &json!({ "config": 3 })).await;
    assert_eq!(status, 400);
    assert_eq!(error["error"]["code"], "bad-request");
}

#[tokio::test]
async fn status_and_shortcut_reads_are_forbidden_but_shortcut_writes_work() {
    let sim = start().await;
    let user = sim.default_user();
    let device = sim.seed_device(&user, DeviceSeed::default()).unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);

    assert_eq!(
        get(&sim, &bearer, &format!("/device-v2/{device}/status"))
            .await
            .0,
        403
    );
    let (status, body) = get(&sim, &bearer, &format!("/device-v2/{device}/shortcuts")).await;
    assert_eq!(status, 403);
    assert_eq!(body["error"]["code"], "forbidden");

    let shortcuts = json!({ "shortcuts": { "modes": { "day": { "content": [
        { "cmd": "track-play", "params": { "card": "3nC80", "chapter": "radio-day", "track": "01" } }
    ] } }, "versionId": "abc" } });
    let path = format!("/device-v2/{device}/shortcuts");
    assert_eq!(
        send_json(&sim, Method::PUT, &bearer, &path, &shortcuts)
            .await
            .0,
        200
    );
    assert_eq!(
        sim.device_shortcuts(&user, &device).unwrap()["versionId"],
        "abc"
    );

    let path = format!("/device-v2/{device}/command/status");
    assert_eq!(
        send_json(&sim, Method::POST, &bearer, &path, &json!({}))
            .await
            .0,
        200
    );
    let path = format!("/device-v2/{device}/command/self-destruct");
    assert_eq!(
        send_json(&sim, Method::POST, &bearer, &path, &json!({}))
            .await
            .0,
        404
    );
    assert_eq!(sim.commands(&user).len(), 1);
}

#[tokio::test]
async fn the_family_names_the_account_email_first() {
    let sim = start().await;
    let user = sim.default_user();
    let device = sim.seed_device(&user, DeviceSeed::default()).unwrap();
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);
    let (status, body) = get(&sim, &bearer, "/user/family").await;
    assert_eq!(status, 200);
    assert_eq!(body["family"]["members"][0]["email"], "parent@example.com");
    assert_eq!(body["family"]["devices"][0]["deviceId"], device.as_str());
}
