//! Linking a player account in another browser than the one that asked (a native app that
//! opens the system browser, a command line), like the platform's own device-code flow.
//!
//! A link started in a session completes only in that session ([`super::accounts`]), so that
//! nobody can finish a link into someone else's account. A client without a browser session
//! asks for a *handoff* instead ([`start`]): it gets the authorization URL, a link id to poll
//! and a one-time code of 8 letters to show. The person signs in at the platform in any
//! browser; the platform sends that browser back to the callback, which exchanges the code
//! for tokens and keeps them sealed here ([`authorize`]), then shows a page asking for the
//! code. Only when the code the client shows is typed there ([`confirm`]) do the tokens
//! become an account of the user who started: whoever holds a forwarded callback URL, but
//! not the code, links nothing. Five wrong codes end the link. The client polls [`status`].

use cardsmith_model::player::{
    ConfirmLinkInput, LinkHandoffOut, LinkHandoffStatusOut, LINK_CODE_LENGTH, LINK_CODE_LETTERS,
};
use chrono::Duration;

use super::accounts::{self, Callback, LINK_TTL_MINUTES};
use super::store;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::media::store::sha256_hex;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Wrong codes a link survives.
pub const MAX_CODE_ATTEMPTS: i64 = 5;
/// How often a client should poll.
pub const POLL_INTERVAL_S: i64 = 3;

/// Starts a handed-off link for `actor`.
pub async fn start(core: &Core, actor: &Actor) -> CoreResult<LinkHandoffOut> {
    let client = super::client(core)?;
    let request = client.link_request();
    let now = time::now_str();
    sqlx::query("DELETE FROM player_link_handoffs WHERE expires_at < $1")
        .bind(&now)
        .execute(core.db.pool())
        .await?;
    let id = new_id();
    let code = new_code();
    let state_hash = sha256_hex(request.csrf_state.as_bytes());
    let expires_at = time::from_now(Duration::minutes(LINK_TTL_MINUTES));
    sqlx::query(
        "INSERT INTO player_link_handoffs
             (id, user_id, state_hash, user_code_hash, verifier, status, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, 'waiting', $6, $7)",
    )
    .bind(&id)
    .bind(actor.id())
    .bind(&state_hash)
    .bind(sha256_hex(code.as_bytes()))
    .bind(
        core.key
            .seal(request.pkce_verifier.as_bytes(), state_hash.as_bytes()),
    )
    .bind(&expires_at)
    .bind(&now)
    .execute(core.db.pool())
    .await?;
    Ok(LinkHandoffOut {
        link_id: id,
        user_code: format!("{}-{}", &code[..4], &code[4..]),
        authorize_url: request.url.to_string(),
        expires_at,
        poll_interval_s: POLL_INTERVAL_S,
    })
}

/// Eight letters of [`LINK_CODE_LETTERS`], from the operating system's random source.
fn new_code() -> String {
    use rand::RngCore;
    let letters = LINK_CODE_LETTERS.as_bytes();
    let mut bytes = [0u8; LINK_CODE_LENGTH];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    // 256 is not a multiple of 20: the few letters a byte maps to more often leave the code
    // far beyond guessing in five tries
    bytes
        .iter()
        .map(|b| letters[usize::from(*b) % letters.len()] as char)
        .collect()
}

/// The callback of the handoff whose state hashes to `state_hash`, in whatever browser: the
/// platform's code is exchanged and the tokens kept, sealed, for [`confirm`]. Returns the
/// link id (the page asking for the code). A state nobody started is the 422 of an unknown
/// state, like the session-bound link's.
pub(super) async fn authorize(
    core: &Core,
    state_hash: &str,
    callback: Callback,
) -> CoreResult<String> {
    let unknown = || {
        CoreError::invalid(
            "state",
            "is unknown or was already used; start linking again",
        )
    };
    let found: Option<(String, String, String)> = sqlx::query_as(
        "SELECT id, verifier, expires_at FROM player_link_handoffs
         WHERE state_hash = $1 AND status = 'waiting'",
    )
    .bind(state_hash)
    .fetch_optional(core.db.pool())
    .await?;
    let (id, verifier, expires_at) = found.ok_or_else(unknown)?;
    if expires_at < time::now_str() {
        return Err(CoreError::invalid(
            "state",
            "has expired; start linking again",
        ));
    }
    let outcome = exchange(core, state_hash, &verifier, &callback).await;
    let (status, tokens, error) = match &outcome {
        Ok(tokens) => (
            "authorized",
            Some(store::seal(&core.key, tokens, &id)),
            None,
        ),
        Err(e) => ("failed", None, Some(e.user_message())),
    };
    sqlx::query(
        "UPDATE player_link_handoffs SET status = $1, tokens = $2, error = $3
         WHERE id = $4 AND status = 'waiting'",
    )
    .bind(status)
    .bind(tokens)
    .bind(error)
    .bind(&id)
    .execute(core.db.pool())
    .await?;
    outcome.map(|_| id)
}

/// The platform's tokens for the callback's code.
async fn exchange(
    core: &Core,
    state_hash: &str,
    verifier: &str,
    callback: &Callback,
) -> CoreResult<cardsmith_upstream::TokenSet> {
    accounts::refused_by_platform(callback)?;
    let code = callback
        .code
        .as_deref()
        .filter(|c| !c.is_empty())
        .ok_or_else(|| CoreError::invalid("code", "is required"))?;
    let verifier = String::from_utf8(core.key.open(verifier, state_hash.as_bytes())?)
        .map_err(|_| CoreError::Internal("stored verifier is not text".into()))?;
    super::client(core)?
        .exchange_code(code, &verifier)
        .await
        .map_err(accounts::upstream_error)
}

/// The person typed the code their client shows: when it is this link's, the kept tokens
/// become an account of the user who started the link. 404 for a link that is not waiting
/// for its code (unknown, expired, done); 422 for a wrong code, which counts: the fifth ends
/// the link. Public: the browser the platform sent back may have no session here.
pub async fn confirm(
    core: &Core,
    link_id: &str,
    input: ConfirmLinkInput,
    ip: Option<std::net::IpAddr>,
) -> CoreResult<()> {
    input.validate()?;
    let not_waiting = || CoreError::not_found("no link waits for a code by that id");
    let found: Option<(String, String, Option<String>, i64, String)> = sqlx::query_as(
        "SELECT user_id, user_code_hash, tokens, attempts, expires_at FROM player_link_handoffs
         WHERE id = $1 AND status = 'authorized'",
    )
    .bind(link_id)
    .fetch_optional(core.db.pool())
    .await?;
    let (user_id, code_hash, tokens, attempts, expires_at) = found.ok_or_else(not_waiting)?;
    if expires_at < time::now_str() {
        return Err(not_waiting());
    }
    if sha256_hex(input.normalised().as_bytes()) != code_hash {
        let attempts = attempts + 1;
        let spent = attempts >= MAX_CODE_ATTEMPTS;
        sqlx::query(
            "UPDATE player_link_handoffs SET attempts = $1, status = $2, error = $3, tokens = $4
             WHERE id = $5",
        )
        .bind(attempts)
        .bind(if spent { "failed" } else { "authorized" })
        .bind(spent.then_some("the code was typed wrong too often; start linking again"))
        .bind(if spent { None } else { tokens })
        .bind(link_id)
        .execute(core.db.pool())
        .await?;
        let left = MAX_CODE_ATTEMPTS - attempts;
        return Err(CoreError::invalid(
            "user_code",
            match left {
                0 => "is not the code; the link has ended, start linking again".to_owned(),
                n => format!("is not the code your app shows ({n} tries left)"),
            },
        ));
    }
    let tokens = store::open(&core.key, tokens.as_deref().unwrap_or_default(), link_id)
        .map_err(|e| CoreError::internal("handed-off tokens", e))?;
    // claimed once: two browsers typing the right code at the same moment link once
    let claimed = sqlx::query(
        "UPDATE player_link_handoffs SET status = 'linked', tokens = NULL
         WHERE id = $1 AND status = 'authorized'",
    )
    .bind(link_id)
    .execute(core.db.pool())
    .await?;
    if claimed.rows_affected() == 0 {
        return Err(not_waiting());
    }
    let account = accounts::save_account(core, &user_id, tokens).await?;
    sqlx::query("UPDATE player_link_handoffs SET account_id = $1 WHERE id = $2")
        .bind(&account)
        .bind(link_id)
        .execute(core.db.pool())
        .await?;
    audit::record(
        core.db.pool(),
        AuditEvent::unattended(
            "player_account.linked",
            &user_id,
            &user_id,
            format!("account {account}, confirmed by code (link {link_id})"),
            ip,
        ),
    )
    .await
}

/// Where the caller's handed-off link is; another user's (or an unknown id) is a 404.
pub async fn status(core: &Core, actor: &Actor, link_id: &str) -> CoreResult<LinkHandoffStatusOut> {
    let found: Option<(String, Option<String>, Option<String>, String)> = sqlx::query_as(
        "SELECT status, error, account_id, expires_at FROM player_link_handoffs
         WHERE id = $1 AND user_id = $2",
    )
    .bind(link_id)
    .bind(actor.id())
    .fetch_optional(core.db.pool())
    .await?;
    let (status, error, account_id, expires_at) =
        found.ok_or_else(|| CoreError::not_found("no link of yours has that id"))?;
    let open = matches!(status.as_str(), "waiting" | "authorized");
    let status = if open && expires_at < time::now_str() {
        "expired".to_owned()
    } else {
        status
    };
    let account = match account_id {
        Some(id) => Some(accounts::get(core, actor, &id).await?),
        None => None,
    };
    Ok(LinkHandoffStatusOut {
        status,
        account,
        error,
    })
}
