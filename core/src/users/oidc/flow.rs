//! The sign-in and link flows: Authorization Code with PKCE (S256), `state` and `nonce`.
//!
//! [`start`] remembers a single-use flow (15 minutes) keyed by the SHA-256 of `state`, with
//! the nonce and PKCE verifier sealed under the server key, and binds it to the browser that
//! started it with a flow cookie. [`finish`] (the callback) claims the flow, checks the
//! browser (and for linking, the session), the provider's `iss`, exchanges the code with the
//! verifier and verifies the ID token (signature by the provider's keys, `iss`, `aud`, `exp`,
//! `nonce`). Without the browser binding, somebody could send a victim the callback URL of
//! their own sign-in and have the victim's browser signed in as them (login CSRF).

use std::net::IpAddr;

use chrono::Duration;
use openidconnect::core::{CoreAuthenticationFlow, CoreJwsSigningAlgorithm, CoreUserInfoClaims};
use openidconnect::{
    AuthorizationCode, ClaimsVerificationError, CsrfToken, Nonce, OAuth2TokenResponse,
    PkceCodeChallenge, PkceCodeVerifier, RequestTokenError, Scope, TokenResponse,
};

use cardsmith_model::oidc::SignInFailure;

use super::identity::{self, Verified};
use super::{configured, jwt_part, random_token, Oidc};
use crate::auth::{cookie, Actor};
use crate::media::store::sha256_hex;
use crate::users::SignedIn;
use crate::{time, Core, CoreError, CoreResult};

/// How long a started flow may take before its state expires.
pub const FLOW_TTL_MINUTES: i64 = 15;
/// The flow cookie on plain http.
pub const FLOW_COOKIE: &str = "cardsmith_oidc_flow";
/// The flow cookie behind https (`__Host-`: only this host can set it).
pub const SECURE_FLOW_COOKIE: &str = "__Host-cardsmith_oidc_flow";

/// What the flow does when the provider sends the browser back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Sign in (provisioning an account for an unknown identity).
    SignIn,
    /// Attach the identity to the account of the session that started the flow.
    Link,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Mode::SignIn => "sign_in",
            Mode::Link => "link",
        }
    }
}

/// A started flow: where to send the browser, and the flow cookie to set.
pub struct Started {
    pub url: String,
    /// A `Set-Cookie` value.
    pub set_cookie: String,
}

/// The flow cookie's name in use.
pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_FLOW_COOKIE
    } else {
        FLOW_COOKIE
    }
}

/// The flow cookie a request carries, if any.
pub fn browser_token(headers: &http::HeaderMap, secure: bool) -> Option<&str> {
    cookie::named(headers, cookie_name(secure))
}

/// `Set-Cookie` value of the flow cookie (`value` empty and `max_age_s` 0 removes it). Lax, so
/// it comes along on the provider's top-level redirect back to the callback.
pub fn flow_cookie(value: &str, max_age_s: i64, secure: bool) -> String {
    let name = cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/; Max-Age={max_age_s}; HttpOnly; SameSite=Lax{secure}")
}

fn sealing_context(state_hash: &str, what: &str) -> Vec<u8> {
    format!("oidc-flow:{state_hash}:{what}").into_bytes()
}

/// Starts a flow and returns the provider's authorization URL. `browser` is the flow cookie
/// the request already carries (kept, so two tabs can sign in at once). Linking needs a
/// session (401) whose account has no identity yet (409).
pub async fn start(
    core: &Core,
    mode: Mode,
    actor: Option<&Actor>,
    browser: Option<&str>,
) -> CoreResult<Started> {
    let oidc = configured(core)?;
    let (session_id, user_id) = match mode {
        Mode::SignIn => (None, None),
        Mode::Link => {
            let actor = actor.ok_or_else(|| {
                CoreError::Unauthenticated("sign in first to link a sign-in provider".into())
            })?;
            identity::ensure_unlinked(core, actor.id()).await?;
            (Some(actor.session_id.clone()), Some(actor.id().to_owned()))
        }
    };
    let client = oidc.client(false).await?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, state, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let browser = browser
        .filter(|b| {
            b.len() == 43
                && b.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        })
        .map(str::to_owned)
        .unwrap_or_else(random_token);
    let state_hash = sha256_hex(state.secret().as_bytes());
    let now = time::now_str();
    let pool = core.db.pool();
    sqlx::query("DELETE FROM oidc_flows WHERE expires_at < $1")
        .bind(&now)
        .execute(pool)
        .await?;
    sqlx::query(
        "INSERT INTO oidc_flows (state_hash, browser_hash, mode, session_id, user_id, nonce, verifier, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&state_hash)
    .bind(sha256_hex(browser.as_bytes()))
    .bind(mode.as_str())
    .bind(session_id)
    .bind(user_id)
    .bind(core.key.seal(nonce.secret().as_bytes(), &sealing_context(&state_hash, "nonce")))
    .bind(core.key.seal(verifier.secret().as_bytes(), &sealing_context(&state_hash, "verifier")))
    .bind(time::from_now(Duration::minutes(FLOW_TTL_MINUTES)))
    .bind(&now)
    .execute(pool)
    .await?;
    Ok(Started {
        url: url.to_string(),
        set_cookie: flow_cookie(
            &browser,
            FLOW_TTL_MINUTES * 60,
            core.settings.secure_cookies,
        ),
    })
}

/// What the provider sent back to the callback.
#[derive(Default, Clone)]
pub struct Callback {
    pub state: Option<String>,
    pub code: Option<String>,
    /// RFC 9207: the issuer of the answer (checked when present, against mix-up attacks).
    pub iss: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

impl std::fmt::Debug for Callback {
    /// The code and state are credentials while the flow is open: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Callback")
            .field("iss", &self.iss)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

/// How a flow ended.
pub enum Finished {
    /// A new session (the account may just have been created).
    SignedIn(SignedIn),
    /// The identity is now joined to the signed-in account.
    Linked(cardsmith_model::user::UserOut),
}

#[derive(sqlx::FromRow)]
struct FlowRow {
    browser_hash: String,
    mode: String,
    session_id: Option<String>,
    user_id: Option<String>,
    nonce: String,
    verifier: String,
    expires_at: String,
}

/// Completes a flow (see the module docs). `browser` is the request's flow cookie, `actor`
/// its session if any, `client` its address (audited).
pub async fn finish(
    core: &Core,
    callback: Callback,
    browser: Option<&str>,
    actor: Option<&Actor>,
    client: Option<IpAddr>,
) -> CoreResult<Finished> {
    let oidc = configured(core)?;
    let state = callback
        .state
        .filter(|s| !s.is_empty())
        .ok_or_else(|| CoreError::invalid("state", "is required"))?;
    let state_hash = sha256_hex(state.as_bytes());
    let flow: FlowRow = sqlx::query_as(
        "DELETE FROM oidc_flows WHERE state_hash = $1
         RETURNING browser_hash, mode, session_id, user_id, nonce, verifier, expires_at",
    )
    .bind(&state_hash)
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(|| CoreError::invalid("state", "is unknown or was already used; sign in again"))?;
    if browser.map(|b| sha256_hex(b.as_bytes())).as_deref() != Some(flow.browser_hash.as_str()) {
        return Err(CoreError::Forbidden(
            "this sign-in was started in another browser; start again from this one".into(),
        ));
    }
    if flow.expires_at < time::now_str() {
        return Err(CoreError::invalid("state", "has expired; sign in again"));
    }
    if callback
        .iss
        .as_deref()
        .is_some_and(|iss| iss != oidc.issuer())
    {
        return Err(CoreError::Forbidden(
            "the answer came from another issuer than the configured provider".into(),
        ));
    }
    if let Some(error) = callback.error {
        let why: String = callback
            .error_description
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect();
        // the API's answer says what the provider said; a browser reads our own sentence
        return Err(CoreError::Conflict(format!(
            "{} ({error}) {why}",
            SignInFailure::Denied.sentence()
        )));
    }
    let code = callback
        .code
        .filter(|c| !c.is_empty())
        .ok_or_else(|| CoreError::invalid("code", "is required"))?;
    let link_actor = if flow.mode == Mode::Link.as_str() {
        let same_session = |a: &&Actor| {
            Some(a.session_id.as_str()) == flow.session_id.as_deref()
                && Some(a.id()) == flow.user_id.as_deref()
        };
        Some(actor.filter(same_session).ok_or_else(|| {
            CoreError::Forbidden(
                "this link was started in another session; start linking again from Settings"
                    .into(),
            )
        })?)
    } else {
        None
    };
    let open = |sealed: &str, what: &str| -> CoreResult<String> {
        String::from_utf8(core.key.open(sealed, &sealing_context(&state_hash, what))?)
            .map_err(|_| CoreError::Internal("stored OIDC flow secret is not text".into()))
    };
    let nonce = Nonce::new(open(&flow.nonce, "nonce")?);
    let verifier = PkceCodeVerifier::new(open(&flow.verifier, "verifier")?);
    let who = exchange(oidc, code, verifier, &nonce).await?;
    match link_actor {
        Some(actor) => identity::link_own(core, actor, &who)
            .await
            .map(Finished::Linked),
        None => identity::sign_in(core, oidc, &who, client)
            .await
            .map(Finished::SignedIn),
    }
}

/// Algorithms accepted for ID tokens: asymmetric ones only, so nobody holding the client
/// secret (or nothing at all, `none`) can mint one.
fn signing_algorithms() -> Vec<CoreJwsSigningAlgorithm> {
    use CoreJwsSigningAlgorithm as A;
    vec![
        A::RsaSsaPkcs1V15Sha256,
        A::RsaSsaPkcs1V15Sha384,
        A::RsaSsaPkcs1V15Sha512,
        A::RsaSsaPssSha256,
        A::RsaSsaPssSha384,
        A::RsaSsaPssSha512,
        A::EcdsaP256Sha256,
        A::EcdsaP384Sha384,
        A::EdDsa,
    ]
}

/// Exchanges the code (with the PKCE verifier) and verifies the ID token; asks the userinfo
/// endpoint for the email when the ID token has none (many providers put it only there).
async fn exchange(
    oidc: &Oidc,
    code: String,
    verifier: PkceCodeVerifier,
    nonce: &Nonce,
) -> CoreResult<Verified> {
    let client = oidc.client(false).await?;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .map_err(|e| CoreError::internal("OIDC token endpoint", e))?
        .set_pkce_verifier(verifier)
        .request_async(&oidc.http)
        .await
        .map_err(|e| match e {
            RequestTokenError::ServerResponse(r) => CoreError::invalid(
                "code",
                format!(
                    "was refused by the sign-in provider ({}); sign in again",
                    r.error()
                ),
            ),
            other => {
                tracing::warn!(error = %other, "OIDC code exchange failed");
                CoreError::Unavailable(
                    "the sign-in provider could not be reached; try again later".into(),
                )
            }
        })?;
    let id_token = token
        .id_token()
        .ok_or_else(|| CoreError::Forbidden("the sign-in provider sent no ID token".into()))?;
    let refused = |e: ClaimsVerificationError| {
        tracing::warn!(error = %e, "OIDC ID token refused");
        CoreError::Forbidden(format!("the sign-in provider's ID token was refused: {e}"))
    };
    let verify = |client: &super::ProviderClient| {
        id_token
            .claims(
                &client
                    .id_token_verifier()
                    .set_allowed_algs(signing_algorithms()),
                nonce,
            )
            .cloned()
    };
    let claims = match verify(&client) {
        // A key we do not know yet: the provider may have rotated its keys.
        Err(ClaimsVerificationError::SignatureVerification(_)) => {
            verify(&oidc.client(true).await?).map_err(refused)?
        }
        other => other.map_err(refused)?,
    };
    let sid = jwt_part(&id_token.to_string(), 1)
        .and_then(|c| c.get("sid").and_then(|s| s.as_str()).map(str::to_owned));
    let mut who = Verified {
        subject: claims.subject().to_string(),
        sid,
        email: claims.email().map(|e| e.to_string()),
        email_verified: claims.email_verified().unwrap_or(false),
        name: claims
            .name()
            .and_then(|n| n.get(None))
            .map(|n| n.to_string()),
    };
    if who.email.is_none() {
        let userinfo: Option<CoreUserInfoClaims> =
            match client.user_info(token.access_token().clone(), Some(claims.subject().clone())) {
                Ok(request) => request.request_async(&oidc.http).await.ok(),
                Err(_) => None,
            };
        if let Some(info) = userinfo {
            who.email = info.email().map(|e| e.to_string());
            who.email_verified = info.email_verified().unwrap_or(false);
            if who.name.is_none() {
                who.name = info.name().and_then(|n| n.get(None)).map(|n| n.to_string());
            }
        }
    }
    Ok(who)
}
