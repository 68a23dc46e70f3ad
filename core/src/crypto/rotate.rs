//! Re-encrypting every stored secret after the encryption key changed.
//!
//! The operator starts the server with the new key (`CARDSMITH_ENCRYPTION_KEY`) and sends the
//! old one here; every secret sealed with the old key is re-sealed with the configured key in
//! one transaction. A wrong old key changes nothing.

use super::EncryptionKey;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::{Core, CoreError, CoreResult};

/// Tables and columns holding sealed secrets, with their key column (whose value is bound to
/// each secret as associated data, see [`EncryptionKey::seal`]).
pub(crate) const SEALED: &[(&str, &str, &str)] = &[
    ("player_accounts", "id", "tokens"),
    ("player_link_states", "state_hash", "verifier"),
    ("label_shares", "id", "token_sealed"),
    ("llm_providers", "id", "api_key_sealed"),
];

/// Returns how many secrets were re-sealed.
pub async fn rotate_key(core: &Core, actor: &Actor, old_key: &str) -> CoreResult<usize> {
    actor.require_admin()?;
    let old = EncryptionKey::parse(old_key).map_err(|_| {
        CoreError::invalid("old_key", "must be 32 bytes as base64 or 64 hex digits")
    })?;
    let mut tx = core.db.begin().await?;
    let mut rotated = 0;
    let mut unreadable = 0;
    for (table, id_column, column) in SEALED {
        let rows: Vec<(String, String)> = sqlx::query_as(&format!(
            "SELECT {id_column}, {column} FROM {table} WHERE {column} IS NOT NULL"
        ))
        .fetch_all(&mut *tx)
        .await?;
        for (id, sealed) in rows {
            match old.open(&sealed, id.as_bytes()) {
                Ok(plain) => {
                    sqlx::query(&format!(
                        "UPDATE {table} SET {column} = $1 WHERE {id_column} = $2"
                    ))
                    .bind(core.key.seal(&plain, id.as_bytes()))
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                    rotated += 1;
                }
                // already under the configured key (a rotation that is run twice)
                Err(_) if core.key.open(&sealed, id.as_bytes()).is_ok() => {}
                Err(_) => unreadable += 1,
            }
        }
    }
    if unreadable > 0 {
        // dropping the transaction rolls back every re-sealed secret
        return Err(CoreError::invalid(
            "old_key",
            format!("does not open {unreadable} stored secret(s); nothing was changed"),
        ));
    }
    audit::record(
        &mut *tx,
        AuditEvent::own(actor, "key.rotated", format!("{rotated} secrets")),
    )
    .await?;
    tx.commit().await?;
    Ok(rotated)
}
