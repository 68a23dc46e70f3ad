//! A real OpenID provider for the tests (npm `oidc-provider` run by `end2end/oidc/op.mjs`),
//! and a headless browser that signs in at its login and consent forms.

use std::process::Stdio;
use std::time::Duration;

use reqwest::{header, Response, StatusCode};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use url::Url;

use crate::support::helpers::{spawn_app_with, TestApp, User};

pub const CLIENT_ID: &str = "cardsmith";
pub const CLIENT_SECRET: &str = "cardsmith-test-secret";
pub const CALLBACK: &str = "/api/auth/oidc/callback";

/// The provider process (killed when dropped).
pub struct Op {
    pub issuer: String,
    _child: tokio::process::Child,
}

/// Starts `op.mjs` on `port`, delivering back-channel logouts to `rp_base`, and waits for its
/// ready line.
async fn start_op(port: u16, rp_base: &str) -> Op {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut child = tokio::process::Command::new("node")
        .arg("end2end/oidc/op.mjs")
        .arg(port.to_string())
        .arg(rp_base)
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("node starts end2end/oidc/op.mjs (run scripts/bootstrap for node_modules)");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if line.contains("ready at") {
                return;
            }
        }
        panic!("op.mjs exited before it was ready");
    })
    .await
    .expect("op.mjs is ready within 30 s");
    // Keep reading, so the provider never writes into a closed pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Op {
        issuer: format!("http://127.0.0.1:{port}"),
        _child: child,
    }
}

/// Cardsmith configured for the provider, and the provider delivering to Cardsmith.
pub struct Sso {
    pub app: TestApp,
    pub op: Op,
}

/// Starts Cardsmith (discovery is lazy, so it may come up first) and then the provider on
/// the port Cardsmith was told.
pub async fn spawn_sso() -> Sso {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let issuer = format!("http://127.0.0.1:{port}");
    let app = spawn_app_with(&[
        "--oidc-issuer",
        &issuer,
        "--oidc-client-id",
        CLIENT_ID,
        "--oidc-client-secret",
        CLIENT_SECRET,
        "--oidc-name",
        "Test ID",
    ])
    .await;
    let op = start_op(port, &app.base).await;
    Sso { app, op }
}

fn location(r: &Response, base: &Url) -> Url {
    let loc = r
        .headers()
        .get(header::LOCATION)
        .unwrap_or_else(|| panic!("{} without Location", r.status()))
        .to_str()
        .unwrap();
    base.join(loc).unwrap()
}

fn attribute<'h>(html: &'h str, marker: &str) -> Option<&'h str> {
    let start = html.find(marker)? + marker.len();
    let end = html[start..].find('"')?;
    Some(&html[start..start + end])
}

impl Sso {
    /// `GET /api/auth/oidc/login[?mode=..]` as an API client: 204 with the provider's URL.
    pub async fn start(&self, browser: &User, query: &str) -> String {
        let r = browser.get(&format!("/api/auth/oidc/login{query}")).await;
        assert_eq!(r.status(), 204, "{}", r.text().await.unwrap());
        r.headers()[header::LOCATION].to_str().unwrap().to_owned()
    }

    /// Signs `login` in at the provider's own forms, from the authorization URL to the
    /// redirect back to Cardsmith; returns that callback URL. Cardsmith's configured public
    /// URL has no real port in these tests (the server binds a random one later), so the
    /// redirect's origin is replaced with the server's.
    pub async fn at_provider(&self, browser: &User, authorize: &str, login: &str) -> String {
        let mut next = Url::parse(authorize).unwrap();
        for _ in 0..12 {
            let r = browser.client.get(next.clone()).send().await.unwrap();
            let r = if r.status() == StatusCode::OK {
                let html = r.text().await.unwrap();
                let action = attribute(&html, "action=\"").expect("an interaction form");
                let prompt = attribute(&html, "name=\"prompt\" value=\"").unwrap_or("consent");
                let mut form = vec![("prompt", prompt)];
                if prompt == "login" {
                    form.extend([("login", login), ("password", "any")]);
                }
                browser
                    .client
                    .post(action)
                    .form(&form)
                    .send()
                    .await
                    .unwrap()
            } else {
                r
            };
            assert!(
                r.status().is_redirection(),
                "provider answered {}",
                r.status()
            );
            next = location(&r, &next);
            if next.path() == CALLBACK {
                return format!("{}{CALLBACK}?{}", self.app.base, next.query().unwrap_or(""));
            }
        }
        panic!("the provider never sent the browser back");
    }

    /// The whole sign-in (or with `query` `?mode=link`, link) as an API client: start, the
    /// provider's forms, and the callback's answer.
    pub async fn flow(&self, browser: &User, query: &str, login: &str) -> Response {
        let authorize = self.start(browser, query).await;
        let callback = self.at_provider(browser, &authorize, login).await;
        browser.client.get(callback).send().await.unwrap()
    }

    /// A fresh browser signed in through the provider as `login`.
    pub async fn signed_in(&self, login: &str) -> User {
        let browser = self.app.anonymous();
        let r = self.flow(&browser, "", login).await;
        assert_eq!(r.status(), 204, "{}", r.text().await.unwrap());
        browser
    }

    /// A JWT made by the provider's test route: signed with its key (`"provider"`), another
    /// key (`"other"`), or unsigned (`"none"`).
    pub async fn sign(&self, header: Value, claims: Value, key: &str) -> String {
        reqwest::Client::new()
            .post(format!("{}/test/sign", self.op.issuer))
            .json(&json!({"header": header, "claims": claims, "key": key}))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// The provider's own back-channel logout delivery for (`sub`, `sid`); returns its status
    /// (200 when Cardsmith accepted it).
    pub async fn provider_logout(&self, sub: &str, sid: &str) -> (u16, String) {
        let r = reqwest::Client::new()
            .post(format!("{}/test/logout", self.op.issuer))
            .query(&[("sub", sub), ("sid", sid)])
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// The provider session ids (`sid`) of `user_id`'s sessions, oldest first.
    pub async fn sids_of(&self, user_id: &str) -> Vec<String> {
        sqlx::query_scalar(
            "SELECT oidc_sid FROM sessions WHERE user_id = $1 AND oidc_sid IS NOT NULL ORDER BY created_at, id",
        )
        .bind(user_id)
        .fetch_all(self.app.core.db.pool())
        .await
        .unwrap()
    }
}

/// The `/api/auth/me` of a browser.
pub async fn me(browser: &User) -> Value {
    let r = browser.me().await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}
