//! Seeding cards onto players: scheduled jobs per player that publish what the account lacks
//! and add day-mode shortcuts while keeping the player's own; refusals change nothing.

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::publish::collection_of;
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{assert_problem, pointers, spawn_app_with, upload_ready_track};

#[tokio::test]
async fn a_scheduled_seed_publishes_once_and_adds_shortcuts() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let me = sim.default_user();
    let bedroom = sim
        .seed_device(&me, DeviceSeed::named("Bedroom player"))
        .unwrap();
    let mini = sim
        .seed_device(&me, DeviceSeed::mini("Travel mini"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let first = card_for(&admin, "Morning songs").await;
    let collection = collection_of(&admin, &first).await;
    let second: Value = admin.create_card(&collection, "Car stories").await;
    let second_slug = second["slug"].as_str().unwrap().to_owned();
    for (seconds, card) in [(1, &first), (2, &second_slug)] {
        upload_ready_track(&admin, card, &tone(seconds, "wav")).await;
    }
    // the bedroom player already has a night shortcut of the family's own
    let r = admin
        .put_json(
            &format!("/api/devices/{account}/{bedroom}/shortcuts"),
            &json!({"shortcuts": [{"mode": "night", "card_id": "sleep1"}]}),
        )
        .await;
    assert_eq!(r.status(), 200);

    let at = chrono::Utc::now() + chrono::Duration::seconds(3);
    let body = json!({
        "account_id": account,
        "collection_id": collection,
        "card_ids": [first, second_slug],
        "device_ids": [bedroom, mini],
        "schedule_at": at.to_rfc3339(),
    });
    let r = admin.post_json("/api/seed", &body).await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    let jobs: Vec<String> = out["job_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(jobs.len(), 2, "one job per player");
    let queued: Value = admin.get_json(&format!("/api/jobs/{}", jobs[0])).await;
    assert_eq!(queued["status"], "queued");
    assert_eq!(queued["type"], "seed");
    assert_eq!(sim.stats().audio_puts, 0, "nothing is sent before its time");

    let mut published = 0;
    for job in &jobs {
        let done = wait_job(&admin, job).await;
        assert_eq!(done["status"], "succeeded", "{done}");
        let started =
            chrono::DateTime::parse_from_rfc3339(done["completed_at"].as_str().unwrap()).unwrap();
        assert!(
            started >= at - chrono::Duration::milliseconds(10),
            "ran at its time"
        );
        let result: Value = serde_json::from_str(done["result"].as_str().unwrap()).unwrap();
        assert_eq!(result["shortcuts_added"], 2);
        published += result["published"].as_i64().unwrap();
    }
    assert_eq!(published, 2, "each card published once, for both players");
    assert_eq!(sim.stats().audio_puts, 2);

    let mut player_cards = Vec::new();
    for card in [&first, &second_slug] {
        let records: Value = admin
            .get_json(&format!("/api/cards/{card}/publish-status"))
            .await;
        assert_eq!(records[0]["status"], "published");
        player_cards.push(records[0]["player_card_id"].as_str().unwrap().to_owned());
    }
    let shortcuts = sim.device_shortcuts(&me, &bedroom).unwrap();
    let day: Vec<&str> = shortcuts["modes"]["day"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["params"]["card"].as_str().unwrap())
        .collect();
    assert_eq!(day, player_cards);
    assert_eq!(
        shortcuts["modes"]["night"]["content"][0]["params"]["card"], "sleep1",
        "the player's own shortcuts are kept"
    );

    // again, now: nothing to publish, nothing to add
    let mut again = body.clone();
    again["schedule_at"] = Value::Null;
    again["device_ids"] = json!([bedroom]);
    let out: Value = admin.post_for_json("/api/seed", &again).await;
    let done = wait_job(&admin, out["job_ids"][0].as_str().unwrap()).await;
    let result: Value = serde_json::from_str(done["result"].as_str().unwrap()).unwrap();
    assert_eq!(result["published"], 0);
    assert_eq!(result["shortcuts_added"], 0);
    assert_eq!(sim.stats().audio_puts, 2);
}

#[tokio::test]
async fn seeding_refuses_what_it_cannot_do() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Kitchen"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Lullabies").await;
    upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let collection = collection_of(&admin, &card).await;
    let empty = admin.create_card(&collection, "Empty card").await["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    let good = json!({
        "account_id": account, "collection_id": collection,
        "card_ids": [card], "device_ids": [device], "schedule_at": null,
    });
    let with = |key: &str, value: Value| {
        let mut body = good.clone();
        body[key] = value;
        body
    };
    let cases = [
        (with("device_ids", json!([])), "/device_ids"),
        (with("device_ids", json!(["nope"])), "/device_ids/0"),
        (with("card_ids", json!(["not-a-card"])), "/card_ids/0"),
        (with("card_ids", json!([card, card])), "/card_ids/1"),
        (with("schedule_at", json!("tomorrow")), "/schedule_at"),
        (with("card_ids", json!([card, empty])), "/card_ids/1"), // no tracks yet
    ];
    for (body, pointer) in cases {
        let problem = assert_problem(admin.post_json("/api/seed", &body).await, 422).await;
        assert_eq!(pointers(&problem), [pointer], "{body}");
    }
    let jobs: Value = admin.get_json("/api/jobs").await;
    assert!(
        jobs.as_array().unwrap().iter().all(|j| j["type"] != "seed"),
        "refusals queue nothing"
    );
    assert_problem(app.anonymous().post_json("/api/seed", &good).await, 401).await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(other.post_json("/api/seed", &good).await, 404).await;
}
