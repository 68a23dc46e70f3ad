//! The auth host: `/authorize` (Authorization Code + PKCE S256, auto-approved as the simulated
//! signed-in user), `/oauth/token` (code exchange, rotating single-use refresh tokens) and
//! `/userinfo` (401 without `openid`).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{Duration, Utc};
use serde_json::{json, Value};
use url::Url;

use crate::error::OAuthError;
use crate::ids;
use crate::state::{AccessGrant, AuthCode, RefreshGrant, SharedState, World};

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/authorize", get(authorize))
        .route("/oauth/token", post(token))
        .route("/userinfo", get(userinfo))
}

/// Why an authorize request did not produce a code.
#[derive(Debug)]
pub enum AuthorizeFailure {
    /// The request cannot be trusted to redirect (unknown client or callback): an error page.
    Page(OAuthError),
    /// The error is sent back to the callback, like a real auth host does.
    Redirect(Url),
}

async fn authorize(State(shared): State<SharedState>, RawQuery(query): RawQuery) -> Response {
    let params = parse_pairs(query.unwrap_or_default().as_bytes());
    match decide(&shared, &params) {
        // 302 Found, as the real auth host answers.
        Ok(callback) | Err(AuthorizeFailure::Redirect(callback)) => (
            StatusCode::FOUND,
            [(header::LOCATION, callback.to_string())],
        )
            .into_response(),
        Err(AuthorizeFailure::Page(error)) => error.into_response(),
    }
}

/// The authorize decision, shared by the HTTP route and [`crate::SimHandle::authorize`]:
/// the callback URL with `code` and `state`, or with `error`.
pub fn decide(
    shared: &SharedState,
    params: &HashMap<String, String>,
) -> Result<Url, AuthorizeFailure> {
    let param = |name: &str| params.get(name).map(String::as_str).unwrap_or_default();
    let config = &shared.config;
    if param("client_id") != config.client_id {
        return Err(AuthorizeFailure::Page(OAuthError::invalid_request(
            "Unknown client.",
        )));
    }
    let mut callback = Url::parse(param("redirect_uri"))
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .filter(|u| config.redirect_uris.is_empty() || config.redirect_uris.iter().any(|r| r == u.as_str()))
        .ok_or_else(|| {
            AuthorizeFailure::Page(OAuthError::invalid_request(
                "Callback URL mismatch. The provided redirect_uri is not in the list of allowed callback URLs.",
            ))
        })?;
    let state = param("state").to_owned();
    let fail = |mut callback: Url, error: &str, description: &str| {
        let mut pairs = callback.query_pairs_mut();
        pairs
            .append_pair("error", error)
            .append_pair("error_description", description);
        if !state.is_empty() {
            pairs.append_pair("state", &state);
        }
        drop(pairs);
        Err(AuthorizeFailure::Redirect(callback))
    };

    if param("response_type") != "code" {
        return fail(
            callback,
            "unsupported_response_type",
            "Unsupported response type: only code is supported",
        );
    }
    if param("code_challenge").is_empty() || param("code_challenge_method") != "S256" {
        return fail(
            callback,
            "invalid_request",
            "PKCE with code_challenge_method=S256 is required for public clients",
        );
    }
    if param("audience") != shared.audience() {
        return fail(
            callback,
            "access_denied",
            &format!("Service not found: {}", param("audience")),
        );
    }
    let scope: Vec<String> = param("scope")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    if let Some(unknown) = scope.iter().find(|s| !config.approved_scopes.contains(s)) {
        return fail(
            callback,
            "access_denied",
            &format!("Client is requesting scopes that have not been pre-approved: {unknown}"),
        );
    }

    let mut world = shared.world();
    if !world.consent {
        drop(world);
        return fail(
            callback,
            "access_denied",
            "User did not authorize the request",
        );
    }
    let code = ids::secret();
    let user_id = world.login_user.clone();
    world.codes.insert(
        code.clone(),
        AuthCode {
            client_id: config.client_id.clone(),
            redirect_uri: param("redirect_uri").to_owned(),
            code_challenge: param("code_challenge").to_owned(),
            scope,
            user_id,
            expires_at: Utc::now() + Duration::minutes(5),
        },
    );
    drop(world);
    let mut pairs = callback.query_pairs_mut();
    pairs.append_pair("code", &code);
    if !state.is_empty() {
        pairs.append_pair("state", &state);
    }
    drop(pairs);
    Ok(callback)
}

async fn token(State(shared): State<SharedState>, headers: HeaderMap, body: Bytes) -> Response {
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let params = if json_body {
        match serde_json::from_slice::<HashMap<String, Value>>(&body) {
            Ok(map) => map
                .into_iter()
                .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_owned())))
                .collect(),
            Err(_) => return OAuthError::invalid_request("Malformed JSON body").into_response(),
        }
    } else {
        parse_pairs(&body)
    };
    let granted = grant(&shared, &params);
    if granted.is_ok() {
        // the players' broker takes the new token before the client can try it
        shared.sync_broker().await;
    }
    match granted {
        Ok(tokens) => (
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            Json(tokens),
        )
            .into_response(),
        Err(error) => error.into_response(),
    }
}

fn grant(shared: &SharedState, params: &HashMap<String, String>) -> Result<Value, OAuthError> {
    let param = |name: &str| params.get(name).map(String::as_str).unwrap_or_default();
    if param("client_id") != shared.config.client_id {
        return Err(OAuthError::new(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Unknown client.",
        ));
    }
    if !param("audience").is_empty() && param("audience") != shared.audience() {
        return Err(OAuthError::new(
            StatusCode::FORBIDDEN,
            "access_denied",
            format!("Service not found: {}", param("audience")),
        ));
    }
    let mut world = shared.world();
    match param("grant_type") {
        "authorization_code" => {
            let code = world
                .codes
                .remove(param("code"))
                .ok_or_else(|| OAuthError::invalid_grant("Invalid authorization code"))?;
            if code.expires_at <= Utc::now() || code.client_id != param("client_id") {
                return Err(OAuthError::invalid_grant("Invalid authorization code"));
            }
            if code.redirect_uri != param("redirect_uri") {
                return Err(OAuthError::invalid_grant(
                    "The redirect_uri MUST match the one used in the authorization request.",
                ));
            }
            let challenge = ids::base64url(&ids::sha256(param("code_verifier").as_bytes()));
            if param("code_verifier").is_empty() || challenge != code.code_challenge {
                return Err(OAuthError::invalid_grant("Failed to verify code verifier"));
            }
            world.stats.code_grants += 1;
            Ok(issue(
                shared,
                &mut world,
                &code.user_id,
                code.scope,
                ids::secret(),
            ))
        }
        "refresh_token" => {
            let presented = param("refresh_token");
            let Some(grant) = world.refresh_tokens.get_mut(presented) else {
                world.stats.rejected_refreshes += 1;
                return Err(OAuthError::invalid_grant(
                    "Unknown or invalid refresh token.",
                ));
            };
            if grant.used {
                let family = grant.family.clone();
                world.stats.refresh_token_reuse += 1;
                world.stats.rejected_refreshes += 1;
                if shared.config.refresh_reuse_detection {
                    revoke_family(&mut world, &family);
                }
                return Err(OAuthError::invalid_grant(
                    "Unknown or invalid refresh token.",
                ));
            }
            grant.used = true;
            let (user_id, scope, family) = (
                grant.user_id.clone(),
                grant.scope.clone(),
                grant.family.clone(),
            );
            world.stats.refresh_grants += 1;
            Ok(issue(shared, &mut world, &user_id, scope, family))
        }
        "" => Err(OAuthError::invalid_request(
            "Missing required parameter: grant_type",
        )),
        other => Err(OAuthError::new(
            StatusCode::FORBIDDEN,
            "unsupported_grant_type",
            format!("Unsupported grant type: {other}"),
        )),
    }
}

/// Reuse of a rotated refresh token means it leaked or a client raced itself: the auth host
/// kills every token rotated from the same login.
fn revoke_family(world: &mut World, family: &str) {
    for grant in world
        .refresh_tokens
        .values_mut()
        .filter(|g| g.family == family)
    {
        grant.used = true;
    }
}

/// Mints an access token (a JWT-shaped string whose `sub` is the user id) and, with
/// `offline_access`, a refresh token of `family`.
fn issue(
    shared: &SharedState,
    world: &mut World,
    user_id: &str,
    scope: Vec<String>,
    family: String,
) -> Value {
    let ttl = shared.config.access_token_ttl;
    let now = Utc::now();
    let expires_at = now + Duration::from_std(ttl).unwrap_or(Duration::MAX);
    let scope_text = scope.join(" ");
    let claims = json!({
        "iss": format!("{}/", shared.base_url),
        "sub": user_id,
        "aud": [shared.audience(), format!("{}/userinfo", shared.base_url)],
        "iat": now.timestamp(),
        "exp": expires_at.timestamp(),
        "scope": scope_text,
        "azp": shared.config.client_id,
        "jti": ids::hex_id(16),
    });
    let access_token = format!(
        "{}.{}.{}",
        ids::base64url(br#"{"alg":"RS256","typ":"JWT","kid":"sim"}"#),
        ids::base64url(claims.to_string().as_bytes()),
        ids::secret()
    );
    let mut answer = json!({
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": ttl.as_secs(),
        "expires_at": expires_at.timestamp(),
        "scope": scope_text,
    });
    if scope.iter().any(|s| s == "offline_access") {
        let refresh = format!("v1.{}", ids::secret());
        world.refresh_tokens.insert(
            refresh.clone(),
            RefreshGrant {
                user_id: user_id.to_owned(),
                scope: scope.clone(),
                family,
                used: false,
            },
        );
        answer["refresh_token"] = refresh.into();
    }
    if scope.iter().any(|s| s == "openid") {
        answer["id_token"] = ids::secret().into();
    }
    world.access_tokens.insert(
        access_token,
        AccessGrant {
            user_id: user_id.to_owned(),
            scope,
            expires_at,
        },
    );
    answer
}

async fn userinfo(State(shared): State<SharedState>, headers: HeaderMap) -> Response {
    let unauthorized = |error: &str| {
        (
            StatusCode::UNAUTHORIZED,
            [(
                header::WWW_AUTHENTICATE,
                format!("Bearer error=\"{error}\""),
            )],
            "Unauthorized",
        )
            .into_response()
    };
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    let world = shared.world();
    let Some(grant) = world
        .access_tokens
        .get(token)
        .filter(|g| g.expires_at > Utc::now())
    else {
        return unauthorized("invalid_token");
    };
    if !grant.scope.iter().any(|s| s == "openid") {
        return unauthorized("insufficient_scope");
    }
    let email = world.accounts.get(&grant.user_id).map(|a| a.email.clone());
    Json(json!({ "sub": grant.user_id, "email": email })).into_response()
}

pub fn parse_pairs(bytes: &[u8]) -> HashMap<String, String> {
    url::form_urlencoded::parse(bytes).into_owned().collect()
}
