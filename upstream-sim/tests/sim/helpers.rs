//! Shared fixtures: a simulator per test, a raw HTTP client, a client-crate config with tiny
//! durations, an in-memory token store whose saves can be made to fail, and the link flow.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cardsmith_upstream::{
    AccountClient, PollPolicy, RetryPolicy, StoreError, TokenSet, TokenStore, UpstreamClient,
    UpstreamConfig,
};
use cardsmith_upstream_sim::{SimConfig, Simulator};
use url::Url;

pub const REDIRECT: &str = "http://127.0.0.1:9/callback";

pub async fn start() -> Simulator {
    start_with(SimConfig::default()).await
}

pub async fn start_with(config: SimConfig) -> Simulator {
    Simulator::start(config).await.expect("simulator starts")
}

/// A raw HTTP client that shows redirects instead of following them.
pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Client config against `sim` with durations small enough for tests.
pub fn client_config(sim: &Simulator) -> UpstreamConfig {
    let mut config = UpstreamConfig::with_hosts(
        sim.client_id(),
        Url::parse(REDIRECT).unwrap(),
        sim.auth_url(),
        sim.api_url(),
    );
    config.retry = RetryPolicy {
        max_attempts: 4,
        base_delay: Duration::from_millis(1),
        max_delay: Duration::from_secs(3),
    };
    config.track_pacing = Duration::from_millis(1);
    config.transcode_poll = PollPolicy {
        interval: Duration::from_millis(1),
        max_polls: 50,
    };
    config
}

/// Token store in memory; `fail_saves` makes every save fail.
#[derive(Default)]
pub struct MemoryStore {
    tokens: Mutex<HashMap<String, TokenSet>>,
    pub fail_saves: AtomicBool,
    pub saves: AtomicU32,
}

impl MemoryStore {
    pub fn get(&self, account: &str) -> Option<TokenSet> {
        self.tokens.lock().unwrap().get(account).cloned()
    }

    pub fn put(&self, account: &str, tokens: TokenSet) {
        self.tokens
            .lock()
            .unwrap()
            .insert(account.to_owned(), tokens);
    }

    /// Marks the stored access token as expired, as after a long pause.
    pub fn age(&self, account: &str) {
        let mut tokens = self.get(account).unwrap();
        tokens.expires_at = chrono::Utc::now() - chrono::Duration::seconds(1);
        self.put(account, tokens);
    }
}

#[async_trait::async_trait]
impl TokenStore for MemoryStore {
    async fn load(&self, account: &str) -> Result<Option<TokenSet>, StoreError> {
        Ok(self.get(account))
    }

    async fn save(&self, account: &str, tokens: &TokenSet) -> Result<(), StoreError> {
        if self.fail_saves.load(Ordering::SeqCst) {
            return Err(StoreError("disk full".into()));
        }
        self.saves.fetch_add(1, Ordering::SeqCst);
        self.put(account, tokens.clone());
        Ok(())
    }
}

/// Follows the link flow over HTTP like a browser would, returning the callback's
/// query parameters.
pub async fn browse_authorize(url: &Url) -> HashMap<String, String> {
    let response = http().get(url.clone()).send().await.unwrap();
    assert_eq!(response.status(), 302, "authorize redirects back");
    let location = response.headers()["location"].to_str().unwrap();
    let callback = Url::parse(location).unwrap();
    assert!(callback.as_str().starts_with(REDIRECT));
    callback.query_pairs().into_owned().collect()
}

/// A linked account: PKCE link over HTTP, code exchange, tokens installed in a new store.
pub struct Linked {
    pub client: UpstreamClient,
    pub account: AccountClient,
    pub store: Arc<MemoryStore>,
    pub key: String,
}

pub async fn link(sim: &Simulator) -> Linked {
    link_with(client_config(sim)).await
}

pub async fn link_with(config: UpstreamConfig) -> Linked {
    let client = UpstreamClient::new(config).unwrap();
    let request = client.link_request();
    let callback = browse_authorize(&request.url).await;
    assert!(request.state_matches(&callback["state"]));
    let tokens = client
        .exchange_code(&callback["code"], &request.pkce_verifier)
        .await
        .unwrap();
    let key = tokens.subject().expect("access token carries sub");
    let store = Arc::new(MemoryStore::default());
    let account = client.account(key.clone(), store.clone());
    account.install(tokens).await.unwrap();
    Linked {
        client,
        account,
        store,
        key,
    }
}

/// A bearer token for raw HTTP tests, with the given scopes.
pub async fn token(sim: &Simulator, scope: &str) -> serde_json::Value {
    let verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789abcdef";
    let challenge = pkce_challenge(verifier);
    let mut url = sim.auth_url().join("authorize").unwrap();
    url.query_pairs_mut()
        .append_pair("client_id", sim.client_id())
        .append_pair("response_type", "code")
        .append_pair("redirect_uri", REDIRECT)
        .append_pair("scope", scope)
        .append_pair("audience", sim.api_url().as_str().trim_end_matches('/'))
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256")
        .append_pair("state", "s1");
    let callback = browse_authorize(&url).await;
    let answer = http()
        .post(sim.auth_url().join("oauth/token").unwrap())
        .form(&[
            ("grant_type", "authorization_code"),
            ("client_id", sim.client_id()),
            ("code", &callback["code"]),
            ("code_verifier", verifier),
            ("redirect_uri", REDIRECT),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

/// The S256 PKCE challenge of `verifier`.
pub fn pkce_challenge(verifier: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier))
}

/// The scopes the service asks for.
pub const SERVICE_SCOPES: &str = "profile offline_access family:view family:devices:view family:devices:manage family:devices:control user:content:view user:content:manage user:icons:manage";

/// An API URL on the simulator.
pub fn api(sim: &Simulator, path: &str) -> Url {
    sim.api_url().join(path.trim_start_matches('/')).unwrap()
}

/// GET with a bearer token; returns status and JSON body (Null when not JSON).
pub async fn get(sim: &Simulator, bearer: &str, path: &str) -> (u16, serde_json::Value) {
    let response = http()
        .get(api(sim, path))
        .bearer_auth(bearer)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or_default())
}

/// Sends JSON with a bearer token; returns status and JSON body.
pub async fn send_json(
    sim: &Simulator,
    method: reqwest::Method,
    bearer: &str,
    path: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let response = http()
        .request(method, api(sim, path))
        .bearer_auth(bearer)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or_default())
}

/// The access token of a token answer.
pub fn access(token: &serde_json::Value) -> String {
    token["access_token"].as_str().unwrap().to_owned()
}
