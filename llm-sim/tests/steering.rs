//! The `/_sim` steering routes over HTTP, as the `llm-sim` binary's users drive them: faults,
//! scripted replies, the key, the call log, reset.

use serde_json::{json, Value};

async fn sim() -> (cardsmith_llm_sim::SimHandle, reqwest::Client) {
    (cardsmith_llm_sim::spawn().await, reqwest::Client::new())
}

#[tokio::test]
async fn faults_replies_keys_and_the_call_log_are_steered_over_http() {
    let (sim, client) = sim().await;
    let base = sim.base_url().to_owned();
    let chat = |key: &str| {
        client
            .post(format!("{base}/v1/chat/completions"))
            .bearer_auth(key)
            .json(&json!({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hi"}]}))
            .send()
    };

    let fault = json!({"kind": {"kind": "rateLimit", "retryAfterSecs": 2}, "times": 1, "pathPrefix": "/v1/chat"});
    let put = client
        .post(format!("{base}/_sim/faults"))
        .json(&fault)
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), 204);
    let limited = chat("sim-key").await.unwrap();
    assert_eq!(limited.status(), 429);
    assert_eq!(limited.headers()["retry-after"], "2");
    let body: Value = limited.json().await.unwrap();
    assert_eq!(body["error"]["type"], "rate_limit_exceeded");

    let reply = json!({"format": "openai", "text": "{\"title\":\"Moon\"}"});
    let queued = client
        .post(format!("{base}/_sim/reply"))
        .json(&reply)
        .send()
        .await
        .unwrap();
    assert_eq!(queued.status(), 204);
    let answered: Value = chat("sim-key").await.unwrap().json().await.unwrap();
    assert_eq!(
        answered["choices"][0]["message"]["content"],
        "{\"title\":\"Moon\"}"
    );
    assert_eq!(answered["usage"]["completion_tokens"], 4);

    let changed = client
        .put(format!("{base}/_sim/key"))
        .json(&json!({"key": "other"}))
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 204);
    assert_eq!(chat("sim-key").await.unwrap().status(), 401);
    assert_eq!(chat("other").await.unwrap().status(), 200);

    let calls: Value = client
        .get(format!("{base}/_sim/calls"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let statuses: Vec<u64> = calls
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [429, 200, 401, 200]);
    assert_eq!(calls[0]["fault"], "rateLimit");
    assert_eq!(calls[1]["usage"]["output_tokens"], 4);
    assert_eq!(calls[2]["key"], "sim-key");
    assert_eq!(calls[3]["model"], "gpt-4o-mini");

    let reset = client
        .post(format!("{base}/_sim/reset"))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), 204);
    assert!(sim.calls().is_empty());
    assert_eq!(sim.api_key(), "sim-key");
}

#[tokio::test]
async fn models_answer_in_the_format_the_headers_speak() {
    let (sim, client) = sim().await;
    let base = sim.base_url();
    let openai: Value = client
        .get(format!("{base}/v1/models"))
        .bearer_auth("sim-key")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(openai["object"], "list");
    let anthropic = client
        .get(format!("{base}/v1/models"))
        .header("x-api-key", "sim-key")
        .send()
        .await
        .unwrap();
    // Anthropic requires its version header.
    assert_eq!(anthropic.status(), 400);
    let anthropic: Value = client
        .get(format!("{base}/v1/models"))
        .header("x-api-key", "sim-key")
        .header("anthropic-version", "2023-06-01")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(anthropic["has_more"], false);
    assert_eq!(anthropic["data"][0]["type"], "model");
}

#[tokio::test]
async fn the_server_stops_with_its_last_handle() {
    let (sim, client) = sim().await;
    let url = format!("{}/api/tags", sim.base_url());
    assert!(client.get(&url).send().await.unwrap().status().is_success());
    drop(sim);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    // A new connection: the listener is gone.
    assert!(reqwest::Client::new().get(&url).send().await.is_err());
}
