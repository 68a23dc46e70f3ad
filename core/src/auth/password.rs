//! argon2id password hashing, run off the async runtime (it is deliberately slow).
//!
//! Each hash takes about 19 MiB and a core for a moment. At most one hash per two cores runs
//! at a time (one on a 2-core machine): a burst of sign-ins queues here instead of exhausting
//! memory or taking every core from the requests being served meanwhile.

use std::sync::{Arc, LazyLock};

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{CoreError, CoreResult};

/// One permit per two cores the process may use (at least one).
static HASHING: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(crate::cores().div_ceil(2))));

/// Waits for a free core; the permit travels into the blocking task and ends with it.
async fn permit() -> CoreResult<OwnedSemaphorePermit> {
    HASHING
        .clone()
        .acquire_owned()
        .await
        .map_err(|e| CoreError::Internal(format!("hash permit: {e}")))
}

/// Hashes `password` with argon2id and a fresh salt; returns the PHC string.
pub async fn hash(password: String) -> CoreResult<String> {
    let permit = permit().await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| CoreError::Internal(format!("argon2 hash: {e}")))
    })
    .await
    .map_err(|e| CoreError::Internal(format!("hash task: {e}")))?
}

/// Whether `password` matches `phc`. A missing hash still costs one hash, so unknown emails
/// and SSO-only accounts take as long to reject as a wrong password (no timing oracle).
pub async fn verify(password: String, phc: Option<String>) -> CoreResult<bool> {
    let permit = permit().await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let argon = Argon2::default();
        match phc.as_deref().map(PasswordHash::new) {
            Some(Ok(parsed)) => Ok(argon.verify_password(password.as_bytes(), &parsed).is_ok()),
            Some(Err(e)) => Err(CoreError::Internal(format!("stored hash unreadable: {e}"))),
            None => {
                let salt = SaltString::generate(&mut OsRng);
                let _ = argon.hash_password(password.as_bytes(), &salt);
                Ok(false)
            }
        }
    })
    .await
    .map_err(|e| CoreError::Internal(format!("verify task: {e}")))?
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn round_trip() {
        let phc = super::hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(super::verify("correct horse".into(), Some(phc.clone()))
            .await
            .unwrap());
        assert!(!super::verify("wrong horse".into(), Some(phc))
            .await
            .unwrap());
        assert!(!super::verify("anything".into(), None).await.unwrap());
    }
}
