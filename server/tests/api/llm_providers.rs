//! AI providers over REST, and the cascade, budgets and failures of real calls against the
//! in-process provider simulator (`cardsmith-llm-sim`).

use cardsmith_core::ai::{self, Capability, TextRequest};
use cardsmith_llm_sim::{Fault, SimHandle};
use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app, spawn_app_with, TestApp, User};

const KINDS: [&str; 7] = [
    "openai",
    "anthropic",
    "gemini",
    "ideogram",
    "elevenlabs",
    "openai-compatible",
    "ollama",
];

/// An app whose every provider kind answers at a fresh simulator, with users' own URLs
/// allowed to be local (the simulator is on 127.0.0.1) and a short call timeout.
pub(crate) async fn app_with_sim() -> (TestApp, SimHandle) {
    let sim = cardsmith_llm_sim::spawn().await;
    let mut args: Vec<String> = KINDS
        .iter()
        .flat_map(|k| {
            [
                "--ai-base-url".to_owned(),
                format!("{k}={}", sim.base_url()),
            ]
        })
        .collect();
    args.extend(["--allow-private-ai-urls", "--ai-timeout-secs", "2"].map(String::from));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    (spawn_app_with(&refs).await, sim)
}

fn body(kind: &str, model: &str, key: &str, budget_usd: f64, priority: i64) -> Value {
    json!({"provider": kind, "model": model, "api_key": key, "budget_usd": budget_usd,
           "enabled": true, "priority": priority})
}

/// A user's Ollama record at a public address (a user's local kind must name its server).
fn local_body(model: &str, priority: i64) -> Value {
    let mut local = body("ollama", model, "", 0.0, priority);
    local["base_url"] = json!("http://8.8.8.8:11434");
    local
}

async fn create(user: &User, path: &str, body: &Value) -> Value {
    let r = user.post_json(path, body).await;
    assert_eq!(r.status(), 201, "POST {path} {body}");
    r.json().await.unwrap()
}

const MINE: &str = "/api/settings/llm-providers";
const SYSTEM: &str = "/api/admin/llm-providers";

fn story() -> TextRequest {
    TextRequest {
        system: "Write for a child of five.".into(),
        prompt: "A fox finds a lantern in the snow.".into(),
        max_tokens: 200,
        json: false,
    }
}

async fn user_id(user: &User) -> String {
    user.get_json("/api/auth/me").await["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// `(outcome, cost_micros)` of every recorded call of a provider, oldest first.
async fn calls_of(app: &TestApp, provider_id: &str) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT outcome, cost_micros FROM llm_calls WHERE provider_id = $1 ORDER BY created_at, id",
    )
    .bind(provider_id)
    .fetch_all(app.core.db.pool())
    .await
    .unwrap()
}

async fn spent_micros(app: &TestApp, provider_id: &str) -> i64 {
    sqlx::query_scalar("SELECT spent_micros FROM llm_providers WHERE id = $1")
        .bind(provider_id)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}

fn id_of(v: &Value) -> String {
    v["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn users_and_admins_keep_providers_whose_keys_never_come_back() {
    let (app, sim) = app_with_sim().await;
    let (user, uid) = app.new_user("p-user@example.com", "user").await;
    let admin = app.admin().await;

    let mine = create(
        &user,
        MINE,
        &body("openai", "gpt-4o-mini", "sk-secret-1", 5.0, 2),
    )
    .await;
    assert_eq!(mine["owner_type"], "user");
    assert_eq!(mine["has_key"], true);
    assert_eq!(mine["budget_usd"], 5.0);
    assert_eq!(mine["budget_left"], 5.0);
    assert_eq!(mine["spent_usd"], 0.0);
    assert_eq!(mine["monthly_budget_cents"], Value::Null);
    assert_eq!(mine["monthly_spend_cents"], 0);
    assert!(mine.get("api_key").is_none() && !mine.to_string().contains("sk-secret-1"));
    let reset = mine["monthly_spend_reset_at"].as_str().unwrap();
    assert!(reset.ends_with("-01T00:00:00.000Z"), "{reset}");
    let id = id_of(&mine);
    let stored: String = sqlx::query_scalar("SELECT api_key_sealed FROM llm_providers")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert!(!stored.contains("sk-secret"), "the key is sealed at rest");

    let listed = user.get_list(MINE).await;
    assert_eq!(listed, vec![mine.clone()]);
    assert!(!user
        .get(MINE)
        .await
        .text()
        .await
        .unwrap()
        .contains("sk-secret"));

    // an update without a key keeps it; with one replaces it; the spend stays
    let mut update = body("openai", "gpt-4o", "", 7.5, 1);
    update.as_object_mut().unwrap().remove("api_key");
    update["monthly_budget_cents"] = json!(250);
    let r = user.put_json(&format!("{MINE}/{id}"), &update).await;
    assert_eq!(r.status(), 204);
    let after = &user.get_list(MINE).await[0];
    assert_eq!(after["model"], "gpt-4o");
    assert_eq!(after["has_key"], true);
    assert_eq!(after["monthly_budget_cents"], 250);
    assert_eq!(after["priority"], 1);
    update["api_key"] = json!(sim.api_key());
    assert_eq!(
        user.put_json(&format!("{MINE}/{id}"), &update)
            .await
            .status(),
        204
    );
    let test = user.post_empty(&format!("{MINE}/{id}/test")).await;
    assert_eq!(test.status(), 200);
    assert_eq!(
        test.json::<Value>().await.unwrap()["ok"],
        true,
        "the new key is used"
    );

    // the system's providers are the admin's, and another list
    let system = create(
        &admin,
        SYSTEM,
        &body("anthropic", "claude-haiku-4-5", "k", 20.0, 0),
    )
    .await;
    assert_eq!(system["owner_type"], "system");
    assert_eq!(admin.get_list(SYSTEM).await.len(), 1);
    assert_eq!(user.get_list(MINE).await.len(), 1);
    assert!(admin.get_list(MINE).await.is_empty());
    assert_problem(user.get(SYSTEM).await, 403).await;
    assert_problem(
        user.post_json(SYSTEM, &body("openai", "m", "k", 1.0, 0))
            .await,
        403,
    )
    .await;
    assert_problem(app.anonymous().get(MINE).await, 401).await;
    // an admin's own settings route does not reach a system provider, nor the reverse
    let sid = id_of(&system);
    assert_problem(admin.delete(&format!("{MINE}/{sid}")).await, 404).await;
    assert_problem(admin.delete(&format!("{SYSTEM}/{id}")).await, 404).await;

    assert_eq!(user.delete(&format!("{MINE}/{id}")).await.status(), 204);
    assert_problem(user.delete(&format!("{MINE}/{id}")).await, 404).await;
    assert_eq!(admin.delete(&format!("{SYSTEM}/{sid}")).await.status(), 204);
    let actions = cardsmith_core::audit::actions_for(app.core.db.pool(), &uid)
        .await
        .unwrap();
    for action in [
        "llm_provider.created",
        "llm_provider.updated",
        "llm_provider.deleted",
    ] {
        assert!(
            actions.iter().any(|a| a == action),
            "{action} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn bad_provider_input_is_refused_with_every_reason() {
    let app = spawn_app().await;
    let (user, _) = app.new_user("p-rules@example.com", "user").await;
    let bad = json!({"provider": "skynet", "model": "", "api_key": "k".repeat(501),
        "budget_usd": -1.0, "enabled": true, "priority": 1001,
        "monthly_budget_cents": -5, "base_url": "ftp://example.com"});
    let problem = assert_problem(user.post_json(MINE, &bad).await, 422).await;
    assert_eq!(
        pointers(&problem),
        [
            "/provider",
            "/model",
            "/api_key",
            "/budget_usd",
            "/priority",
            "/monthly_budget_cents",
            "/base_url"
        ]
    );
    // kinds that need a key need one; local ones do not; offline is built in
    let problem = assert_problem(
        user.post_json(MINE, &body("openai", "gpt-4o", "", 1.0, 0))
            .await,
        422,
    )
    .await;
    assert_eq!(pointers(&problem), ["/api_key"]);
    create(&user, MINE, &local_body("llama3.2", 0)).await;
    assert_problem(
        user.post_json(MINE, &body("offline", "x", "", 0.0, 0))
            .await,
        422,
    )
    .await;
    // a user's URL must be public unless the operator allows private ones
    let mut local = body("openai-compatible", "m", "", 0.0, 0);
    local["base_url"] = json!("http://127.0.0.1:9/v1");
    let problem = assert_problem(user.post_json(MINE, &local).await, 422).await;
    assert_eq!(pointers(&problem), ["/base_url"]);
    assert!(problem.to_string().contains("private network"), "{problem}");
    // an admin's URL is trusted
    let admin = app.admin().await;
    create(&admin, SYSTEM, &local).await;
    // nothing was stored for the refused ones
    assert_eq!(user.get_list(MINE).await.len(), 1);
    // a bounded number per owner
    for i in 1..20 {
        create(&user, MINE, &local_body(&format!("m{i}"), i)).await;
    }
    assert_problem(user.post_json(MINE, &local_body("m", 0)).await, 409).await;
}

#[tokio::test]
async fn nobody_sees_or_touches_another_users_provider() {
    let (app, sim) = app_with_sim().await;
    let (a, _) = app.new_user("p-a@example.com", "user").await;
    let (b, _) = app.new_user("p-b@example.com", "user").await;
    let theirs = create(
        &a,
        MINE,
        &body("openai", "gpt-4o-mini", &sim.api_key(), 1.0, 0),
    )
    .await;
    let id = id_of(&theirs);
    let path = format!("{MINE}/{id}");
    assert!(b.get_list(MINE).await.is_empty());
    assert_problem(
        b.put_json(&path, &body("openai", "x", "k", 9.0, 0)).await,
        404,
    )
    .await;
    assert_problem(b.post_empty(&format!("{path}/test")).await, 404).await;
    assert_problem(b.delete(&path).await, 404).await;
    let cascade = b.get_list(&format!("{MINE}/cascade")).await;
    assert!(
        cascade.iter().all(|p| p["id"] != id.as_str()),
        "{cascade:?}"
    );
    // and A's record is as it was
    assert_eq!(a.get_list(MINE).await, vec![theirs.clone()]);
    let missing = format!("{MINE}/{}", uuid_like());
    assert_problem(b.delete(&missing).await, 404).await;
    // there is no sharing: B's own record works for B only
    let own = create(
        &b,
        MINE,
        &body("openai", "gpt-4o-mini", &sim.api_key(), 1.0, 0),
    )
    .await;
    assert_problem(a.delete(&format!("{MINE}/{}", id_of(&own))).await, 404).await;
    assert_eq!(
        b.delete(&format!("{MINE}/{}", id_of(&own))).await.status(),
        204
    );
}

fn uuid_like() -> &'static str {
    "01890000-0000-7000-8000-000000000000"
}

#[tokio::test]
async fn the_cascade_is_mine_by_priority_then_the_systems_then_offline() {
    let (app, sim) = app_with_sim().await;
    let (user, _) = app.new_user("p-order@example.com", "user").await;
    let admin = app.admin().await;
    let key = sim.api_key();
    let second = create(
        &user,
        MINE,
        &body("anthropic", "claude-haiku-4-5", &key, 1.0, 5),
    )
    .await;
    let first = create(&user, MINE, &body("openai", "gpt-4o-mini", &key, 1.0, 1)).await;
    let mut disabled = body("gemini", "gemini-2.5-flash", &key, 1.0, 0);
    disabled["enabled"] = json!(false);
    create(&user, MINE, &disabled).await;
    // a paid kind with no budget is passed over; a local kind needs none
    create(&user, MINE, &body("openai", "gpt-4o", &key, 0.0, 0)).await;
    let local = create(&user, MINE, &body("ollama", "llama3.2", "", 0.0, 9)).await;
    let sys_b = create(&admin, SYSTEM, &body("openai", "gpt-4o-mini", &key, 3.0, 2)).await;
    let sys_a = create(&admin, SYSTEM, &body("ideogram", "V_3", &key, 3.0, 1)).await;

    let cascade = user.get_list(&format!("{MINE}/cascade")).await;
    let ids: Vec<&str> = cascade.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            first["id"].as_str().unwrap(),
            second["id"].as_str().unwrap(),
            local["id"].as_str().unwrap(),
            sys_a["id"].as_str().unwrap(),
            sys_b["id"].as_str().unwrap(),
            "offline"
        ]
    );
    let offline = cascade.last().unwrap();
    assert_eq!(offline["provider"], "offline");
    assert_eq!(offline["owner_type"], "system");
    assert_eq!(offline["has_key"], false);
    for money in ["budget_usd", "budget_left", "spent_usd"] {
        assert_eq!(offline[money], 0.0);
    }
    assert_eq!(offline["monthly_spend_cents"], 0);
    // another user's cascade holds only the system's
    let (other, _) = app.new_user("p-other@example.com", "user").await;
    let theirs = other.get_list(&format!("{MINE}/cascade")).await;
    assert_eq!(theirs.len(), 3);
    // ... which tell a user what they choose from, not where they answer nor what they spent
    let admins = create(
        &admin,
        SYSTEM,
        &json!({"provider": "openai-compatible", "model": "local", "api_key": "",
                "budget_usd": 2.0, "monthly_budget_cents": 150, "enabled": true, "priority": 3,
                "base_url": "http://10.1.2.3:8080"}),
    )
    .await;
    for (who, sees) in [(&other, false), (&admin, true)] {
        let cascade = who.get_list(&format!("{MINE}/cascade")).await;
        let entry = cascade.iter().find(|p| p["id"] == admins["id"]).unwrap();
        assert_eq!(
            (&entry["provider"], &entry["model"]),
            (&json!("openai-compatible"), &json!("local"))
        );
        assert_eq!(entry["base_url"].is_string(), sees, "{entry}");
        assert_eq!(entry["monthly_budget_cents"].is_number(), sees, "{entry}");
        assert_eq!(entry["budget_usd"] == json!(2.0), sees, "{entry}");
    }

    // a call runs on the first that can do it and says who made it
    let uid = user_id(&user).await;
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .expect("a provider writes");
    assert_eq!(made.provider, "openai");
    assert_eq!(made.provider_id, id_of(&first));
    assert!(made.cost_usd > 0.0);
    // a picture skips the text-only kinds: the user's openai record draws first
    let image = ai::generate_image(
        &app.core,
        &uid,
        &ai::ImageRequest {
            prompt: "a fox".into(),
            width: 256,
            height: 256,
        },
    )
    .await
    .unwrap()
    .expect("a provider draws");
    assert_eq!(image.provider_id, id_of(&first));
    assert!(image.value.starts_with(b"\x89PNG"));
    let spent: f64 = user
        .get_list(MINE)
        .await
        .iter()
        .map(|p| p["spent_usd"].as_f64().unwrap())
        .sum();
    assert!(
        (spent - made.cost_usd - image.cost_usd).abs() < 1e-9,
        "{spent}"
    );
}

#[tokio::test]
async fn tests_make_one_real_call_and_say_how_it_went() {
    let (app, sim) = app_with_sim().await;
    let (user, _) = app.new_user("p-test@example.com", "user").await;
    let admin = app.admin().await;
    let good = create(
        &user,
        MINE,
        &body("anthropic", "claude-haiku-4-5", &sim.api_key(), 1.0, 0),
    )
    .await;
    let bad = create(
        &user,
        MINE,
        &body("openai", "gpt-4o-mini", "sk-wrong", 1.0, 0),
    )
    .await;
    let answer = user
        .post_for_json(&format!("{MINE}/{}/test", id_of(&good)), &json!({}))
        .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert!(answer["message"].as_str().unwrap().len() > 10);
    let answer = user
        .post_for_json(&format!("{MINE}/{}/test", id_of(&bad)), &json!({}))
        .await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["message"].as_str().unwrap().contains("key"),
        "{answer}"
    );
    // the calls were real, and listed models only: nothing was charged
    assert!(sim.calls().iter().all(|c| c.path.ends_with("/models")));
    assert_eq!(spent_micros(&app, &id_of(&good)).await, 0);

    let tried = admin
        .post_for_json(
            &format!("{SYSTEM}/test"),
            &json!({"provider": "elevenlabs", "api_key": sim.api_key()}),
        )
        .await;
    assert_eq!(tried["ok"], true, "{tried}");
    let tried = admin
        .post_for_json(
            &format!("{SYSTEM}/test"),
            &json!({"provider": "gemini", "api_key": "nope"}),
        )
        .await;
    assert_eq!(tried["ok"], false, "{tried}");
    assert_problem(
        user.post_json(
            &format!("{SYSTEM}/test"),
            &json!({"provider": "openai", "api_key": "k"}),
        )
        .await,
        403,
    )
    .await;
    assert_problem(
        admin
            .post_json(
                &format!("{SYSTEM}/test"),
                &json!({"provider": "nope", "api_key": "k"}),
            )
            .await,
        422,
    )
    .await;
}

#[tokio::test]
async fn failing_providers_are_skipped_and_recorded() {
    let (app, sim) = app_with_sim().await;
    let (user, uid) = app.new_user("p-fail@example.com", "user").await;
    let key = sim.api_key();
    let first = create(&user, MINE, &body("openai", "gpt-4o-mini", &key, 5.0, 0)).await;
    let second = create(
        &user,
        MINE,
        &body("anthropic", "claude-haiku-4-5", &key, 5.0, 1),
    )
    .await;
    let (first, second) = (id_of(&first), id_of(&second));

    for (fault, words) in [
        (Fault::server_error(3), "500"),
        (Fault::rate_limit(3, Some(1)), "rate limit"),
        (
            Fault::delay(3, std::time::Duration::from_secs(5)),
            "in time",
        ),
    ] {
        sim.fault(fault.on_path("/v1/chat/completions"));
        let made = ai::generate_text(&app.core, &uid, &story())
            .await
            .unwrap()
            .expect("the next provider writes");
        assert_eq!(made.provider, "anthropic");
        assert_eq!(made.provider_id, second);
        let listed = user.get_list(MINE).await;
        let failed = listed.iter().find(|p| p["id"] == first.as_str()).unwrap();
        let error = failed["last_error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{words}: {error}");
        sim.clear_faults();
    }
    let calls = calls_of(&app, &first).await;
    assert_eq!(calls.len(), 3);
    assert!(calls.iter().all(|(o, cost)| o == "failed" && *cost == 0));
    assert_eq!(
        spent_micros(&app, &first).await,
        0,
        "a failure costs nothing"
    );
    let charged: i64 = calls_of(&app, &second).await.iter().map(|c| c.1).sum();
    assert_eq!(spent_micros(&app, &second).await, charged);

    // once it answers again, its error is cleared
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider_id, first);
    let listed = user.get_list(MINE).await;
    assert_eq!(
        listed.iter().find(|p| p["id"] == first.as_str()).unwrap()["last_error"],
        Value::Null
    );

    // every provider failing leaves the offline path
    sim.fault(Fault::server_error(6));
    assert!(ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .is_none());
}

#[tokio::test]
async fn a_call_that_would_exceed_a_budget_is_not_made() {
    let (app, sim) = app_with_sim().await;
    let (user, uid) = app.new_user("p-budget@example.com", "user").await;
    let key = sim.api_key();
    // a millionth of a dollar left: far less than any estimate
    let poor = create(&user, MINE, &body("openai", "gpt-4o", &key, 0.000_001, 0)).await;
    let rich = create(
        &user,
        MINE,
        &body("anthropic", "claude-haiku-4-5", &key, 5.0, 1),
    )
    .await;
    sim.clear_calls();
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider_id, id_of(&rich));
    assert_eq!(
        calls_of(&app, &id_of(&poor)).await,
        [("over_budget".to_owned(), 0)]
    );
    assert!(
        sim.calls().iter().all(|c| c.path != "/v1/chat/completions"),
        "no call was made to the provider over budget"
    );
    assert_eq!(spent_micros(&app, &id_of(&poor)).await, 0);
    // the estimate says so before any call
    let estimate = ai::estimate_usd(&app.core, &uid, Capability::Text, 2)
        .await
        .unwrap();
    assert!(estimate > 0.0);
}

#[tokio::test]
async fn a_monthly_cap_holds_until_the_month_turns() {
    let (app, sim) = app_with_sim().await;
    let (user, uid) = app.new_user("p-month@example.com", "user").await;
    let key = sim.api_key();
    let mut capped = body("openai", "gpt-4o-mini", &key, 5.0, 0);
    capped["monthly_budget_cents"] = json!(1);
    let capped = id_of(&create(&user, MINE, &capped).await);
    let other = id_of(
        &create(
            &user,
            MINE,
            &body("anthropic", "claude-haiku-4-5", &key, 5.0, 1),
        )
        .await,
    );
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider_id, capped);
    // as if this month's cent had been spent
    sqlx::query("UPDATE llm_providers SET monthly_spent_micros = 10000 WHERE id = $1")
        .bind(&capped)
        .execute(app.core.db.pool())
        .await
        .unwrap();
    let cascade = user.get_list(&format!("{MINE}/cascade")).await;
    assert!(cascade.iter().all(|p| p["id"] != capped.as_str()));
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider_id, other);
    let listed = user.get_list(MINE).await;
    let row = listed.iter().find(|p| p["id"] == capped.as_str()).unwrap();
    assert_eq!(row["monthly_spend_cents"], 1);
    assert!(
        row["budget_left"].as_f64().unwrap() > 4.9,
        "the lifetime budget is not the cap"
    );

    // the reset time passes: the monthly spend is zero again and the next reset a month on
    sqlx::query(
        "UPDATE llm_providers SET monthly_spend_reset_at = '2020-01-01T00:00:00.000Z' WHERE id = $1",
    )
    .bind(&capped)
    .execute(app.core.db.pool())
    .await
    .unwrap();
    let listed = user.get_list(MINE).await;
    let row = listed.iter().find(|p| p["id"] == capped.as_str()).unwrap();
    assert_eq!(row["monthly_spend_cents"], 0);
    let next = row["monthly_spend_reset_at"].as_str().unwrap();
    assert!(
        next > chrono_now().as_str() && next.ends_with("-01T00:00:00.000Z"),
        "{next}"
    );
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider_id, capped);
}

fn chrono_now() -> String {
    cardsmith_core::time::now_str()
}

#[tokio::test]
async fn twelve_simultaneous_calls_add_up_exactly_and_never_overspend() {
    let (app, sim) = app_with_sim().await;
    let (user, uid) = app.new_user("p-race@example.com", "user").await;
    let key = sim.api_key();
    let reserve = ai::prices::price_for("openai", "gpt-4o", Capability::Text)
        .unwrap()
        .cost(&ai::prices::text_ceiling(&story()));
    // room for five reservations at once
    let budget = 5 * reserve;
    let tight = id_of(
        &create(
            &user,
            MINE,
            &body("openai", "gpt-4o", &key, budget as f64 / 1e6, 0),
        )
        .await,
    );
    let spare = id_of(
        &create(
            &user,
            MINE,
            &body("anthropic", "claude-haiku-4-5", &key, 50.0, 1),
        )
        .await,
    );

    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (core, uid) = (app.core.clone(), uid.clone());
        tasks.spawn(async move {
            ai::generate_text(&core, &uid, &story())
                .await
                .unwrap()
                .unwrap()
        });
    }
    let mut by_tight = 0;
    let mut charged_tight = 0.0;
    while let Some(made) = tasks.join_next().await {
        let made = made.unwrap();
        if made.provider_id == tight {
            by_tight += 1;
            charged_tight += made.cost_usd;
        } else {
            assert_eq!(made.provider_id, spare);
        }
    }
    assert!(by_tight >= 5, "five reservations always fit: {by_tight}");
    let spent = spent_micros(&app, &tight).await;
    assert!(spent <= budget, "spent {spent} of {budget}");
    let calls = calls_of(&app, &tight).await;
    // Every call was made or refused once on this record, except that a call which reads the
    // records while in-flight reservations hold the whole budget passes it over without
    // trying it (and leaves no row): never more than one row per call.
    assert!(
        calls.len() <= 12,
        "at most one row per call: {}",
        calls.len()
    );
    let ok: Vec<i64> = calls.iter().filter(|c| c.0 == "ok").map(|c| c.1).collect();
    assert_eq!(ok.len(), by_tight);
    assert_eq!(
        spent,
        ok.iter().sum::<i64>(),
        "the spend is the sum of the charges"
    );
    assert!((charged_tight - spent as f64 / 1e6).abs() < 1e-9);
    let spare_spent: i64 = calls_of(&app, &spare).await.iter().map(|c| c.1).sum();
    assert_eq!(spent_micros(&app, &spare).await, spare_spent);

    // with room for all, twelve identical calls cost exactly twelve times one
    for id in [&tight, &spare] {
        assert_eq!(user.delete(&format!("{MINE}/{id}")).await.status(), 204);
    }
    let roomy = id_of(&create(&user, MINE, &body("openai", "gpt-4o-mini", &key, 50.0, 0)).await);
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (core, uid) = (app.core.clone(), uid.clone());
        tasks.spawn(async move {
            ai::generate_text(&core, &uid, &story())
                .await
                .unwrap()
                .unwrap()
        });
    }
    while let Some(made) = tasks.join_next().await {
        assert_eq!(made.unwrap().provider_id, roomy);
    }
    let one = calls_of(&app, &roomy).await[0].1;
    assert!(one > 0);
    assert_eq!(spent_micros(&app, &roomy).await, 12 * one);
}

#[tokio::test]
async fn rotating_the_key_reseals_provider_keys_and_they_still_work() {
    use base64::Engine as _;
    let (app, sim) = app_with_sim().await;
    let (user, _) = app.new_user("p-rotate@example.com", "user").await;
    let admin = app.admin().await;
    let id = id_of(
        &create(
            &user,
            MINE,
            &body("openai", "gpt-4o-mini", &sim.api_key(), 1.0, 0),
        )
        .await,
    );
    let pool = app.core.db.pool();
    let sealed: String =
        sqlx::query_scalar("SELECT api_key_sealed FROM llm_providers WHERE id = $1")
            .bind(&id)
            .fetch_one(pool)
            .await
            .unwrap();
    // as if the server had been started with a new key: the stored key is under the old one
    let old_text = base64::engine::general_purpose::STANDARD.encode([42u8; 32]);
    let old = cardsmith_core::crypto::EncryptionKey::parse(&old_text).unwrap();
    let plain = app.core.key.open(&sealed, id.as_bytes()).unwrap();
    sqlx::query("UPDATE llm_providers SET api_key_sealed = $1 WHERE id = $2")
        .bind(old.seal(&plain, id.as_bytes()))
        .bind(&id)
        .execute(pool)
        .await
        .unwrap();
    let test = format!("{MINE}/{id}/test");
    let answer = user.post_for_json(&test, &json!({})).await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(!answer.to_string().contains(&sim.api_key()));

    let r = admin
        .post_json("/api/admin/rotate-key", &json!({"old_key": old_text}))
        .await;
    assert_eq!(r.status(), 200);
    let answer = user.post_for_json(&test, &json!({})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let seen = sim.calls().last().unwrap().key.clone();
    assert_eq!(seen.as_deref(), Some(sim.api_key().as_str()));
}

#[tokio::test]
async fn a_demoted_admin_loses_the_system_providers() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (other, other_id) = app.new_user("p-admin2@example.com", "admin").await;
    assert_eq!(other.get(SYSTEM).await.status(), 200);
    create(&other, SYSTEM, &body("ollama", "llama3.2", "", 0.0, 0)).await;
    let r = admin
        .update_user(&other_id, &json!({"display_name": "Two", "role": "user"}))
        .await;
    assert_eq!(r.status(), 200);
    assert_problem(other.get(SYSTEM).await, 403).await;
    assert_problem(
        other
            .post_json(SYSTEM, &body("ollama", "x", "", 0.0, 0))
            .await,
        403,
    )
    .await;
    assert_eq!(admin.get_list(SYSTEM).await.len(), 1);
}

#[tokio::test]
async fn demo_mode_adds_the_simulator_as_a_system_provider() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let system = admin.get_list(SYSTEM).await;
    assert_eq!(system.len(), 1);
    assert_eq!(system[0]["provider"], "openai-compatible");
    assert_eq!(system[0]["has_key"], true);
    let (user, uid) = app.new_user("p-demo@example.com", "user").await;
    let cascade = user.get_list(&format!("{MINE}/cascade")).await;
    assert_eq!(cascade.len(), 2);
    assert_eq!(cascade[0]["id"], system[0]["id"]);
    let made = ai::generate_text(&app.core, &uid, &story())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.provider, "openai-compatible");
    assert_eq!(made.cost_usd, 0.0, "a local kind costs nothing");
    let voices = ai::remote_voices(&app.core, &uid).await.unwrap();
    assert!(
        voices
            .iter()
            .any(|v| v.id.starts_with("openai-compatible:")),
        "{voices:?}"
    );
}

/// A user's Ollama or OpenAI-compatible record never reaches a server on this machine by
/// default: without the operator's default for the kind it must name its URL, and the
/// operator's default is guarded for users like a URL they typed. An admin's is trusted.
#[tokio::test]
async fn a_users_local_provider_never_reaches_this_machine_by_default() {
    let app = spawn_app().await;
    let (user, _) = app.new_user("p-local@example.com", "user").await;
    for kind in ["ollama", "openai-compatible"] {
        let problem = assert_problem(
            user.post_json(MINE, &body(kind, "llama3", "", 1.0, 0))
                .await,
            422,
        )
        .await;
        assert_eq!(pointers(&problem), ["/base_url"], "{problem}");
    }
    // a record without a URL (as one made before this rule): its test says why, calls nothing
    let hosted = create(&user, MINE, &body("openai", "gpt-4o-mini", "sk-x", 1.0, 0)).await;
    sqlx::query("UPDATE llm_providers SET provider = 'ollama', base_url = NULL WHERE id = $1")
        .bind(id_of(&hosted))
        .execute(app.core.db.pool())
        .await
        .unwrap();
    let answer = user
        .post_for_json(&format!("{MINE}/{}/test", id_of(&hosted)), &json!({}))
        .await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("must name its base URL"),
        "{answer}"
    );

    // the operator points Ollama at a server on this machine (the simulator)
    let sim = cardsmith_llm_sim::spawn().await;
    let ollama = format!("ollama={}", sim.base_url());
    let app = spawn_app_with(&["--ai-base-url", &ollama]).await;
    let (user, _) = app.new_user("p-local@example.com", "user").await;
    let admin = app.admin().await;
    let mine = create(&user, MINE, &body("ollama", "llama3", "", 1.0, 0)).await;
    let answer = user
        .post_for_json(&format!("{MINE}/{}/test", id_of(&mine)), &json!({}))
        .await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        sim.calls().is_empty(),
        "a user's record reached the loopback server"
    );
    let answer = admin
        .post_for_json(
            &format!("{SYSTEM}/test"),
            &json!({"provider": "ollama", "api_key": sim.api_key()}),
        )
        .await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(sim.calls().len(), 1);
}
