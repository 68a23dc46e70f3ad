//! Back-channel logout (OpenID Connect Back-Channel Logout 1.0): the provider POSTs a signed
//! logout token naming a provider session (`sid`) or person (`sub`), and we end exactly the
//! sessions that came from it.
//!
//! `openidconnect` verifies ID tokens but has no logout tokens, so they are checked here, all
//! of these before anything ends:
//! 1. the signature verifies with the provider's key named by `kid` (keys refetched once when
//!    the `kid` is unknown); `alg: none` and every `HS*` (a shared secret anybody with the
//!    client secret could use) are refused;
//! 2. `typ`, when present, is `logout+jwt`;
//! 3. `iss` is the configured issuer, `aud` contains our client id, `iat` is not in the future
//!    and `exp` not past (both within [`SKEW_S`]);
//! 4. `events` has the back-channel logout member (an object);
//! 5. `sub` or `sid` is present, and there is no `nonce` (an ID token is no logout token);
//! 6. `jti` was never accepted before (kept until the token expires): a replay is refused.
//!
//! Then the sessions matching (`iss`, `sid`) end, or when there is no `sid`, every session
//! opened through (`iss`, `sub`). Sessions opened with a password are left alone.

use std::net::IpAddr;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use openidconnect::core::CoreJwsSigningAlgorithm;
use openidconnect::JsonWebKey;
use serde_json::Value;

use super::{configured, jwt_part, Oidc};
use crate::audit::{self, AuditEvent};
use crate::{time, Core, CoreError};

/// Clock skew tolerated on `iat` and `exp`, in seconds.
pub const SKEW_S: i64 = 60;
/// The `events` member that makes a JWT a logout token.
pub const BACKCHANNEL_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";
/// How long a token without `exp` is remembered against replay (the spec requires `exp`; this
/// only bounds the cache).
const MAX_AGE_S: i64 = 600;

/// Why a logout request is refused (answered 400), or a failure of ours (500/502).
#[derive(Debug)]
pub enum LogoutError {
    /// The token is not one we accept; the reason is safe to tell the provider.
    Invalid(String),
    Core(CoreError),
}

impl From<CoreError> for LogoutError {
    fn from(e: CoreError) -> Self {
        LogoutError::Core(e)
    }
}

impl From<sqlx::Error> for LogoutError {
    fn from(e: sqlx::Error) -> Self {
        LogoutError::Core(e.into())
    }
}

fn invalid(why: impl Into<String>) -> LogoutError {
    LogoutError::Invalid(why.into())
}

/// What a valid token asks to end.
#[derive(Debug)]
struct Target {
    subject: Option<String>,
    sid: Option<String>,
    jti: String,
    expires_at: i64,
}

/// Validates `logout_token` and ends the sessions it names; returns how many ended. `client`
/// is the address the request came from (audited).
pub async fn backchannel_logout(
    core: &Core,
    logout_token: &str,
    client: Option<IpAddr>,
) -> Result<u64, LogoutError> {
    let oidc = configured(core)?;
    let target = validate(oidc, logout_token).await?;
    end_sessions(core, oidc, target, client).await
}

async fn validate(oidc: &Oidc, token: &str) -> Result<Target, LogoutError> {
    let parts: Vec<&str> = token.split('.').collect();
    if parts.len() != 3 {
        return Err(invalid("logout_token is not a signed JWT"));
    }
    let header = jwt_part(token, 0).ok_or_else(|| invalid("the token header is not JSON"))?;
    let alg_name = header["alg"].as_str().unwrap_or_default();
    if alg_name.eq_ignore_ascii_case("none") || alg_name.to_ascii_uppercase().starts_with("HS") {
        return Err(invalid(format!(
            "alg {alg_name} is not accepted; the token must be signed with the provider's key"
        )));
    }
    let alg: CoreJwsSigningAlgorithm = serde_json::from_value(Value::String(alg_name.into()))
        .map_err(|_| invalid(format!("alg {alg_name} is not supported")))?;
    if let Some(typ) = header.get("typ") {
        let typ = typ.as_str().unwrap_or_default().to_ascii_lowercase();
        if typ != "logout+jwt" && typ != "application/logout+jwt" {
            return Err(invalid("typ must be logout+jwt"));
        }
    }
    let kid = header["kid"].as_str();
    let signature = URL_SAFE_NO_PAD
        .decode(parts[2])
        .map_err(|_| invalid("the signature is not base64url"))?;
    let signing_input = format!("{}.{}", parts[0], parts[1]);
    verify_signature(oidc, kid, &alg, signing_input.as_bytes(), &signature).await?;
    let claims = jwt_part(token, 1).ok_or_else(|| invalid("the token claims are not JSON"))?;
    check_claims(oidc, &claims, time::now().timestamp())
}

/// Checks the signature with the provider key named by `kid` (or its only key of a fitting
/// type when the header names none), fetching the keys again once when no key fits.
async fn verify_signature(
    oidc: &Oidc,
    kid: Option<&str>,
    alg: &CoreJwsSigningAlgorithm,
    message: &[u8],
    signature: &[u8],
) -> Result<(), LogoutError> {
    for refresh in [false, true] {
        let metadata = oidc.metadata(refresh).await?;
        let keys = metadata.jwks().keys();
        let candidates: Vec<_> = keys
            .iter()
            .filter(|k| match kid {
                Some(kid) => k.key_id().is_some_and(|id| id.as_str() == kid),
                None => true,
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        return if candidates
            .iter()
            .any(|k| k.verify_signature(alg, message, signature).is_ok())
        {
            Ok(())
        } else {
            Err(invalid(
                "the signature does not verify with the provider's key",
            ))
        };
    }
    Err(invalid(
        "the token names a key the provider does not publish",
    ))
}

fn claim_str<'c>(claims: &'c Value, name: &str) -> Option<&'c str> {
    claims
        .get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

/// Steps 3–5 and the presence of `jti`, at time `now` (Unix seconds).
fn check_claims(oidc: &Oidc, claims: &Value, now: i64) -> Result<Target, LogoutError> {
    if claim_str(claims, "iss") != Some(oidc.issuer()) {
        return Err(invalid("iss is not the configured provider"));
    }
    let audience_ok = match claims.get("aud") {
        Some(Value::String(aud)) => aud == oidc.client_id(),
        Some(Value::Array(auds)) => auds.iter().any(|a| a.as_str() == Some(oidc.client_id())),
        _ => false,
    };
    if !audience_ok {
        return Err(invalid("aud does not name this client"));
    }
    let iat = claims
        .get("iat")
        .and_then(Value::as_i64)
        .ok_or_else(|| invalid("iat is required"))?;
    if iat > now + SKEW_S {
        return Err(invalid("iat is in the future"));
    }
    let exp = claims.get("exp").and_then(Value::as_i64);
    if let Some(exp) = exp {
        if exp < now - SKEW_S {
            return Err(invalid("the token has expired"));
        }
    } else if iat < now - MAX_AGE_S {
        return Err(invalid("the token is too old"));
    }
    let event_ok = claims
        .get("events")
        .and_then(|e| e.get(BACKCHANNEL_EVENT))
        .is_some_and(Value::is_object);
    if !event_ok {
        return Err(invalid(format!("events must contain {BACKCHANNEL_EVENT}")));
    }
    if claims.get("nonce").is_some() {
        return Err(invalid("a logout token must not carry a nonce"));
    }
    let subject = claim_str(claims, "sub").map(str::to_owned);
    let sid = claim_str(claims, "sid").map(str::to_owned);
    if subject.is_none() && sid.is_none() {
        return Err(invalid("sub or sid is required"));
    }
    let jti = claim_str(claims, "jti")
        .ok_or_else(|| invalid("jti is required"))?
        .to_owned();
    Ok(Target {
        subject,
        sid,
        jti,
        expires_at: exp.unwrap_or(iat + MAX_AGE_S) + SKEW_S,
    })
}

/// Step 6 and the sessions' end, in one transaction: a replayed `jti` ends nothing.
async fn end_sessions(
    core: &Core,
    oidc: &Oidc,
    target: Target,
    client: Option<IpAddr>,
) -> Result<u64, LogoutError> {
    let now = time::now_str();
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM oidc_logout_tokens WHERE expires_at < $1")
        .bind(&now)
        .execute(&mut *tx)
        .await?;
    let expires_at = chrono::DateTime::from_timestamp(target.expires_at, 0)
        .map(time::format)
        .unwrap_or_else(|| now.clone());
    let fresh = sqlx::query(
        "INSERT INTO oidc_logout_tokens (issuer, jti, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (issuer, jti) DO NOTHING",
    )
    .bind(oidc.issuer())
    .bind(&target.jti)
    .bind(&expires_at)
    .execute(&mut *tx)
    .await?;
    if fresh.rows_affected() == 0 {
        return Err(invalid("this logout token was already used (jti replayed)"));
    }
    // With a sid, the provider session's sessions (of that subject, when it is named too);
    // without, every session opened through that subject.
    let ended: Vec<String> = sqlx::query_scalar(
        "DELETE FROM sessions
         WHERE oidc_issuer = $1
           AND ($2 IS NULL OR oidc_sid = $2)
           AND ($3 IS NULL OR oidc_subject = $3)
         RETURNING user_id",
    )
    .bind(oidc.issuer())
    .bind(&target.sid)
    .bind(&target.subject)
    .fetch_all(&mut *tx)
    .await?;
    let mut users = ended.clone();
    users.sort();
    users.dedup();
    for user_id in &users {
        crate::auth::session_cache::forget_user(user_id);
    }
    for user_id in &users {
        let count = ended.iter().filter(|u| *u == user_id).count();
        audit::record(
            &mut *tx,
            AuditEvent::unattended(
                "auth.oidc_backchannel_logout",
                user_id,
                "",
                format!("{count} session(s) ended by the sign-in provider"),
                client,
            ),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(ended.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::users::oidc::OidcSettings;
    use serde_json::json;

    fn oidc() -> Oidc {
        Oidc::new(OidcSettings {
            issuer: "http://127.0.0.1:9".into(),
            client_id: "cardsmith".into(),
            client_secret: None,
            display_name: "Test".into(),
            redirect_url: "http://127.0.0.1:3000/api/auth/oidc/callback".into(),
        })
        .unwrap()
    }

    fn good() -> Value {
        json!({
            "iss": "http://127.0.0.1:9", "aud": "cardsmith", "iat": 1000, "exp": 1120,
            "jti": "j1", "sid": "s1", "sub": "alice",
            "events": {BACKCHANNEL_EVENT: {}}
        })
    }

    fn refused(claims: Value) -> String {
        match check_claims(&oidc(), &claims, 1010) {
            Err(LogoutError::Invalid(why)) => why,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_token_names_its_session() {
        let target = check_claims(&oidc(), &good(), 1010).unwrap();
        assert_eq!(target.sid.as_deref(), Some("s1"));
        assert_eq!(target.subject.as_deref(), Some("alice"));
        assert_eq!(target.expires_at, 1120 + SKEW_S);
        let mut array_aud = good();
        array_aud["aud"] = json!(["other", "cardsmith"]);
        assert!(check_claims(&oidc(), &array_aud, 1010).is_ok());
    }

    #[test]
    fn every_rule_refuses_on_its_own() {
        let with = |key: &str, value: Value| {
            let mut c = good();
            c[key] = value;
            c
        };
        let without = |key: &str| {
            let mut c = good();
            c.as_object_mut().unwrap().remove(key);
            c
        };
        assert!(refused(with("iss", json!("http://evil"))).contains("iss"));
        assert!(refused(with("aud", json!("other"))).contains("aud"));
        assert!(refused(without("iat")).contains("iat"));
        assert!(refused(with("iat", json!(2000))).contains("future"));
        assert!(refused(with("exp", json!(900))).contains("expired"));
        assert!(refused(without("events")).contains("events"));
        assert!(refused(with("events", json!({"other": {}}))).contains("events"));
        assert!(refused(with("nonce", json!("n"))).contains("nonce"));
        assert!(refused(without("jti")).contains("jti"));
        let mut anonymous = good();
        anonymous.as_object_mut().unwrap().remove("sub");
        anonymous.as_object_mut().unwrap().remove("sid");
        assert!(refused(anonymous).contains("sub or sid"));
    }
}
