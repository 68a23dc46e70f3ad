//! Tokens of linked accounts, sealed in `player_accounts.tokens`.
//!
//! `save` is one UPDATE of one row: atomic and durable when it returns (SQLite commits
//! synchronously to the WAL), which is what the client needs before it uses a rotated
//! refresh token.

use cardsmith_upstream::{StoreError, TokenSet, TokenStore};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::crypto::EncryptionKey;
use crate::{time, Db};

/// The sealed form of a token pair.
#[derive(Serialize, Deserialize)]
struct Stored {
    access_token: String,
    refresh_token: Option<String>,
    expires_at: String,
    scope: Option<String>,
}

/// Seals a token pair for storage in the `player_accounts` row `account` (its id is bound as
/// associated data: the pair does not open in any other row).
pub fn seal(key: &EncryptionKey, tokens: &TokenSet, account: &str) -> String {
    let stored = Stored {
        access_token: tokens.access_token.clone(),
        refresh_token: tokens.refresh_token.clone(),
        expires_at: tokens.expires_at.to_rfc3339(),
        scope: tokens.scope.clone(),
    };
    key.seal(
        &serde_json::to_vec(&stored).expect("tokens serialise"),
        account.as_bytes(),
    )
}

/// Opens a token pair sealed for the row `account` (pairs sealed before ids were bound open
/// too, and are sealed bound at the next save).
pub fn open(key: &EncryptionKey, sealed: &str, account: &str) -> Result<TokenSet, StoreError> {
    let bytes = key
        .open(sealed, account.as_bytes())
        .map_err(|e| StoreError(e.to_string()))?;
    let stored: Stored =
        serde_json::from_slice(&bytes).map_err(|e| StoreError(format!("stored tokens: {e}")))?;
    let expires_at = DateTime::parse_from_rfc3339(&stored.expires_at)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError(format!("stored expiry: {e}")))?;
    Ok(TokenSet {
        access_token: stored.access_token,
        refresh_token: stored.refresh_token,
        expires_at,
        scope: stored.scope,
    })
}

/// The token store of all linked accounts; the account key is `player_accounts.id`.
pub struct DbTokenStore {
    pub db: Db,
    pub key: EncryptionKey,
}

#[async_trait::async_trait]
impl TokenStore for DbTokenStore {
    async fn load(&self, account: &str) -> Result<Option<TokenSet>, StoreError> {
        let sealed: Option<String> = sqlx::query_scalar(
            "SELECT tokens FROM player_accounts WHERE id = $1 AND status = 'linked'",
        )
        .bind(account)
        .fetch_optional(self.db.pool())
        .await
        .map_err(|e| StoreError(e.to_string()))?;
        sealed.map(|s| open(&self.key, &s, account)).transpose()
    }

    async fn save(&self, account: &str, tokens: &TokenSet) -> Result<(), StoreError> {
        let saved =
            sqlx::query("UPDATE player_accounts SET tokens = $1, updated_at = $2 WHERE id = $3")
                .bind(seal(&self.key, tokens, account))
                .bind(time::now_str())
                .bind(account)
                .execute(self.db.pool())
                .await
                .map_err(|e| StoreError(e.to_string()))?;
        if saved.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError("the account was unlinked".into()))
        }
    }
}
