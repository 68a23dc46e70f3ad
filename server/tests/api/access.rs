//! Every documented operation, called without a session, is refused with 401 problem+json,
//! except the few that are public by contract.

use cardsmith::api;
use cardsmith::state::HttpSettings;

use crate::support::helpers::{assert_problem, spawn_app};

const PUBLIC: [(&str, &str); 12] = [
    ("GET", "/health"),
    ("GET", "/ready"),
    ("POST", "/auth/login"),
    ("POST", "/auth/logout"),
    // links from mails: the token is the credential, and forgot-password answers anybody alike
    ("POST", "/auth/forgot-password"),
    ("POST", "/auth/reset-password"),
    ("POST", "/auth/verify-email"),
    // the identity provider's redirects and its logout notification (a signed token)
    ("GET", "/auth/oidc/login"),
    ("GET", "/auth/oidc/callback"),
    ("POST", "/auth/oidc/backchannel-logout"),
    // the platform's redirect; it checks the session that started the flow itself
    ("GET", "/player-accounts/callback"),
    // a handed-off link's code, typed in whatever browser the platform sent back: the code
    // the client shows is the credential
    ("POST", "/player-accounts/link/{linkId}/confirm"),
];

#[tokio::test]
async fn every_protected_operation_needs_a_session() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let settings = HttpSettings {
        public_origin: String::new(),
        max_json_bytes: 1024,
        max_image_bytes: 1024,
        max_audio_bytes: 1024,
        image_sources: String::new(),
    };
    let (_, doc) = api::router(&settings);
    let mut checked = 0;
    for (path, item) in &doc.paths.paths {
        for method in operations(item) {
            if PUBLIC.contains(&(method, path.as_str())) {
                continue;
            }
            let concrete = path
                .split('/')
                .map(|seg| if seg.starts_with('{') { "some-id" } else { seg })
                .collect::<Vec<_>>()
                .join("/");
            let request = anon
                .client
                .request(
                    method.parse().unwrap(),
                    anon.url(&format!("/api{concrete}")),
                )
                .header("content-type", "application/json")
                .body("{}");
            let body = assert_problem(request.send().await.unwrap(), 401).await;
            assert_eq!(body["type"], "/problems/unauthenticated", "{method} {path}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} protected operations found");
}

fn operations(item: &utoipa::openapi::PathItem) -> Vec<&'static str> {
    [
        ("GET", item.get.is_some()),
        ("POST", item.post.is_some()),
        ("PUT", item.put.is_some()),
        ("PATCH", item.patch.is_some()),
        ("DELETE", item.delete.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, present)| present.then_some(name))
    .collect()
}
