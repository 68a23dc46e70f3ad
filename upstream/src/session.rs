//! The token state of one linked account, shared by every handle on that account.
//!
//! Refresh tokens are single-use, so two refreshes racing with the same token lock the user
//! out (the failure peers shipped: music-assistant#6240, yoto_ha#207). All token access of an
//! account goes through one async mutex: one refresh in flight, and callers that queued behind
//! it reuse its result. A rotated pair is saved before anyone uses it; if saving fails the
//! account is marked as needing a new link and neither token is ever sent again.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use chrono::Utc;
use tokio::sync::Mutex;

use crate::error::{RelinkReason, Result, UpstreamError};
use crate::oauth::OAuth;
use crate::pacer::Pacer;
use crate::tokens::{TokenSet, TokenStore};

enum Slot {
    /// Not read from the store yet (or forgotten).
    Unloaded,
    Linked(TokenSet),
    /// Dead until [`AccountSession::install`] is called with a fresh link.
    Relink(RelinkReason),
}

/// What a token refresh needs besides the session itself.
pub(crate) struct TokenContext<'a> {
    pub oauth: &'a OAuth,
    pub store: &'a dyn TokenStore,
    pub account: &'a str,
    pub leeway: Duration,
}

pub(crate) struct AccountSession {
    slot: Mutex<Slot>,
    /// Bumped whenever a new token pair becomes current; lets callers that waited on the
    /// lock notice that a refresh already happened for them.
    generation: AtomicU64,
    pub pacer: Pacer,
}

impl AccountSession {
    pub fn new(pacing: Duration) -> Self {
        Self {
            slot: Mutex::new(Slot::Unloaded),
            generation: AtomicU64::new(0),
            pacer: Pacer::new(pacing),
        }
    }

    /// A usable access token, refreshing (once, for everyone waiting) when it expires within
    /// the leeway.
    pub async fn access_token(&self, ctx: &TokenContext<'_>) -> Result<String> {
        let seen = self.generation.load(Ordering::Acquire);
        let mut slot = self.slot.lock().await;
        if matches!(*slot, Slot::Unloaded) {
            match ctx.store.load(ctx.account).await {
                Ok(Some(tokens)) => *slot = Slot::Linked(tokens),
                Ok(None) => return Err(UpstreamError::relink(RelinkReason::NotLinked)),
                Err(e) => return Err(UpstreamError::Store(e.0)),
            }
        }
        let tokens = match &*slot {
            Slot::Linked(tokens) => tokens,
            Slot::Relink(reason) => return Err(UpstreamError::relink(reason.clone())),
            Slot::Unloaded => return Err(UpstreamError::relink(RelinkReason::NotLinked)),
        };
        let refreshed_while_waiting = self.generation.load(Ordering::Acquire) != seen;
        if refreshed_while_waiting || tokens.is_fresh(Utc::now(), ctx.leeway) {
            return Ok(tokens.access_token.clone());
        }
        let Some(refresh_token) = tokens.refresh_token.clone() else {
            if tokens.is_fresh(Utc::now(), Duration::ZERO) {
                return Ok(tokens.access_token.clone());
            }
            *slot = Slot::Relink(RelinkReason::NoRefreshToken);
            return Err(UpstreamError::relink(RelinkReason::NoRefreshToken));
        };

        tracing::debug!(account = ctx.account, "refreshing upstream access token");
        let rotated = match ctx.oauth.refresh(&refresh_token).await {
            Ok(rotated) => rotated,
            Err(failure) => {
                let error = UpstreamError::from(failure);
                if let UpstreamError::NeedsRelink { reason } = &error {
                    *slot = Slot::Relink(reason.clone());
                }
                return Err(error);
            }
        };
        // The old refresh token is spent from here on: only the rotated one may be sent again,
        // and only once it is durable.
        if let Err(e) = ctx.store.save(ctx.account, &rotated).await {
            tracing::error!(account = ctx.account, error = %e, "rotated upstream token not saved; account needs relinking");
            let reason = RelinkReason::SaveFailed(e.0);
            *slot = Slot::Relink(reason.clone());
            return Err(UpstreamError::relink(reason));
        }
        let access = rotated.access_token.clone();
        *slot = Slot::Linked(rotated);
        self.generation.fetch_add(1, Ordering::AcqRel);
        Ok(access)
    }

    /// The API refused `access_token` (401): make the next [`Self::access_token`] refresh,
    /// unless another caller already replaced that token.
    pub async fn reject(&self, access_token: &str) {
        let mut slot = self.slot.lock().await;
        if let Slot::Linked(tokens) = &mut *slot {
            if tokens.access_token == access_token {
                tokens.expires_at = Utc::now() - chrono::Duration::seconds(1);
            }
        }
    }

    /// Saves a freshly linked token set and makes it current, clearing any relink state.
    pub async fn install(
        &self,
        store: &dyn TokenStore,
        account: &str,
        tokens: TokenSet,
    ) -> Result<()> {
        let mut slot = self.slot.lock().await;
        store
            .save(account, &tokens)
            .await
            .map_err(|e| UpstreamError::Store(e.0))?;
        *slot = Slot::Linked(tokens);
        self.generation.fetch_add(1, Ordering::AcqRel);
        Ok(())
    }

    /// Drops the cached tokens; the next call reads the store again.
    pub async fn forget(&self) {
        *self.slot.lock().await = Slot::Unloaded;
    }
}
