//! Crash safety with the platform in the loop: the real `cardsmith` binary, killed with
//! SIGKILL at the worst moment of a publish or of a token refresh, then started again on the
//! same data directory. The simulated platform lives in this test process, so it outlives the
//! killed server and remembers what that server did to it before dying.

use std::path::Path;
use std::time::Duration;

use cardsmith_upstream_sim::{Fault, SimConfig, SimHandle, Simulator};
use serde_json::{json, Value};

use crate::publish::collection_of;
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{upload_ready_track, User, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::support::process::ServerProcess;

/// How long the simulator holds an answer back: far longer than any test waits, so the server
/// is surely killed before it hears.
const HELD: Duration = Duration::from_secs(120);

/// A platform that answers at once (transcodes complete on the first poll).
pub async fn platform() -> Simulator {
    Simulator::start(SimConfig {
        transcode_phases: Vec::new(),
        ..SimConfig::default()
    })
    .await
    .expect("simulator starts")
}

/// The `cardsmith` binary with its data in `data`, talking to `sim` as to the real platform
/// (a registered client id, its hosts by URL). Jobs orphaned by a kill are claimed again
/// after 2 s.
pub async fn start(data: &Path, sim: &SimHandle) -> ServerProcess {
    let (auth, api) = (sim.auth_url(), sim.api_url());
    ServerProcess::start(
        data,
        &[
            "--job-lease-secs",
            "2",
            "--upstream-client-id",
            sim.client_id(),
            "--upstream-auth-url",
            auth.as_str(),
            "--upstream-api-url",
            api.as_str(),
        ],
    )
    .await
}

/// Polls `done` every 20 ms for up to a minute.
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..3000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting until {what}");
}

/// Signs the admin in and links the simulator's user; answers the account id.
pub async fn link(admin: &User, sim: &SimHandle) -> String {
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let r = admin.get("/api/player-accounts/link").await;
    assert_eq!(r.status(), 204);
    let authorize = url::Url::parse(r.headers()["location"].to_str().unwrap()).unwrap();
    let back = sim.authorize(&authorize).expect("authorize succeeds");
    let callback = format!("{}?{}", back.path(), back.query().unwrap());
    assert_eq!(admin.get(&callback).await.status(), 204);
    let list: Value = admin.get_json("/api/player-accounts").await;
    list["accounts"][0]["id"].as_str().unwrap().to_owned()
}

/// A request for the players that needs the platform, made in the background: it waits on
/// an answer the simulator holds back, and dies with the server.
fn devices_call(user: &User) -> impl std::future::Future<Output = ()> {
    let (client, url) = (user.client.clone(), user.url("/api/devices"));
    async move {
        let _ = client.get(url).send().await;
    }
}

async fn account(admin: &User) -> Value {
    let list: Value = admin.get_json("/api/player-accounts").await;
    list["accounts"][0].clone()
}

/// Killed after the platform created the card but before the server heard its id: the
/// restarted server retries the job, finds the card the lost attempt made, and updates it.
/// The platform holds exactly one card.
#[tokio::test]
async fn a_publish_killed_after_the_platform_created_the_card_makes_no_duplicate() {
    let sim = platform().await;
    let me = sim.default_user();
    let data = tempfile::tempdir().unwrap();
    let mut server = start(data.path(), &sim).await;
    let admin = server.client();
    let account = link(&admin, &sim).await;
    let card = card_for(&admin, "Crash tales").await;
    upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let collection = collection_of(&admin, &card).await;

    // the card document takes effect on the platform, its answer never arrives
    sim.add_fault(Fault::hold_answer(1, HELD).on_path("/content"));
    let out = admin
        .post_for_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await;
    let job = out["plan"][0]["job_id"].as_str().unwrap().to_owned();
    until("the platform holds the card", || sim.cards(&me).len() == 1).await;
    server.kill().await;

    server.restart().await;
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(
        done["attempts"], 2,
        "the first attempt died with its process"
    );
    let cards = sim.cards(&me);
    assert_eq!(cards.len(), 1, "exactly one card on the platform");
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(records[0]["status"], "published");
    assert_eq!(records[0]["player_card_id"], cards[0]["cardId"]);
    assert_eq!(
        sim.stats().audio_puts,
        1,
        "the audio recorded as uploaded was not sent again"
    );
    let verify = admin
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    assert_eq!(verify["results"][0]["state"], "in_sync", "{verify}");
}

/// Killed after the server stored a rotated token and started using it: the restarted server
/// reads that token and carries on, with no second refresh and no spent token presented.
#[tokio::test]
async fn a_token_rotated_before_a_kill_is_the_one_used_after_restart() {
    let sim = platform().await;
    let data = tempfile::tempdir().unwrap();
    let mut server = start(data.path(), &sim).await;
    let admin = server.client();
    link(&admin, &sim).await;
    sim.seed_device(
        &sim.default_user(),
        cardsmith_upstream_sim::DeviceSeed::named("Kitchen"),
    );

    // the old access token is refused; the call with the rotated one is held: by then the
    // server has stored the rotated pair (it is stored before it is used)
    sim.expire_access_tokens();
    sim.add_fault(Fault::hold_answer(1, Duration::ZERO).on_path("/device-v2"));
    sim.add_fault(Fault::hold_answer(1, HELD).on_path("/device-v2"));
    let grants = sim.stats().refresh_grants;
    let waiting = tokio::spawn(devices_call(&admin));
    until("the rotated token is in use", || sim.pending_faults() == 0).await;
    assert_eq!(sim.stats().refresh_grants, grants + 1);
    server.kill().await;
    waiting.abort();

    server.restart().await;
    let list: Value = admin.get_json("/api/devices").await;
    assert_eq!(list["devices"][0]["name"], "Kitchen", "{list}");
    assert_eq!(
        list["devices"][0]["cached"], false,
        "read from the platform"
    );
    assert_eq!(account(&admin).await["status"], "linked");
    let stats = sim.stats();
    assert_eq!(stats.refresh_grants, grants + 1, "no second refresh needed");
    assert_eq!(stats.refresh_token_reuse, 0, "no spent token presented");
    assert_eq!(stats.rejected_refreshes, 0);
}

/// Killed after the platform rotated the token but before the server heard the new one: the
/// only token the server holds is spent. After restart the account is marked as needing a new
/// link with the reason (never a silent loss), and the spent token is not sent again.
#[tokio::test]
async fn a_rotation_lost_to_a_kill_marks_the_account_for_relinking() {
    let sim = platform().await;
    let data = tempfile::tempdir().unwrap();
    let mut server = start(data.path(), &sim).await;
    let admin = server.client();
    link(&admin, &sim).await;

    sim.expire_access_tokens();
    sim.add_fault(Fault::hold_answer(1, HELD).on_path("/oauth/token"));
    let grants = sim.stats().refresh_grants;
    let waiting = tokio::spawn(devices_call(&admin));
    until("the platform rotated the token", || {
        sim.stats().refresh_grants == grants + 1
    })
    .await;
    server.kill().await;
    waiting.abort();

    server.restart().await;
    let _ = admin.get("/api/devices").await;
    let account = account(&admin).await;
    assert_eq!(account["status"], "needs_relink", "{account}");
    let why = account["status_detail"].as_str().unwrap();
    assert!(why.contains("link it again"), "{why}");
    assert_eq!(sim.stats().refresh_token_reuse, 1);
    // the spent token is never presented again
    let _ = admin.get("/api/devices").await;
    assert_eq!(sim.stats().refresh_token_reuse, 1);
    let page = admin.get("/accounts").await.text().await.unwrap();
    assert!(page.contains("Needs linking again"));
}
