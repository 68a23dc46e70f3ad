//! The encryption key sealed with a passphrase, for a backup to carry it without carrying it in
//! the clear.
//!
//! A backup without the key restores an instance whose linked player accounts and AI provider
//! keys are unreadable; a backup holding the key as it is hands those secrets to anyone who
//! reads the backup. Sealed, the key opens only with the passphrase the admin chose.
//!
//! Construction, from crates Cardsmith already uses (no second crypto stack): Argon2id (64 MiB,
//! 3 passes, one lane; the OWASP-recommended floor is 19 MiB) derives a 32-byte key from the
//! passphrase and a random 16-byte salt; that key seals the encryption key with AES-256-GCM
//! exactly as stored secrets are sealed ([`EncryptionKey::seal`], bound to [`CONTEXT`]). The
//! parameters are stored beside it, so a later version can raise them and still open old
//! backups. A wrong passphrase fails the GCM tag check: an error, never a wrong key.

use argon2::{Algorithm, Argon2, Params, Version};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::EncryptionKey;
use crate::{CoreError, CoreResult};

/// What the sealed key is bound to: it opens as nothing else.
const CONTEXT: &[u8] = b"cardsmith backup: encryption key";

/// Shortest passphrase accepted (a backup may sit in a shared bucket for years).
pub const MIN_PASSPHRASE_CHARS: usize = 12;

/// The encryption key, sealed with a passphrase.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SealedKey {
    /// Always `argon2id`.
    pub kdf: String,
    /// Argon2 memory in KiB, passes and lanes.
    pub memory_kib: u32,
    pub passes: u32,
    pub lanes: u32,
    /// Base64 of the salt.
    pub salt: String,
    /// The key, sealed as stored secrets are (`v2:` + base64 of nonce, ciphertext and tag).
    pub sealed: String,
}

impl SealedKey {
    /// Seals `key` with `passphrase` (refused when shorter than [`MIN_PASSPHRASE_CHARS`]).
    pub fn seal(key: &EncryptionKey, passphrase: &str) -> CoreResult<Self> {
        if passphrase.chars().count() < MIN_PASSPHRASE_CHARS {
            return Err(CoreError::invalid(
                "passphrase",
                format!("must be at least {MIN_PASSPHRASE_CHARS} characters"),
            ));
        }
        let mut salt = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut salt);
        let (memory_kib, passes, lanes) = (64 * 1024, 3, 1);
        let derived = derive(passphrase, &salt, memory_kib, passes, lanes)?;
        Ok(Self {
            kdf: "argon2id".into(),
            memory_kib,
            passes,
            lanes,
            salt: STANDARD.encode(salt),
            sealed: derived.seal(key.bytes(), CONTEXT),
        })
    }

    /// The key, if `passphrase` is the one it was sealed with.
    pub fn open(&self, passphrase: &str) -> CoreResult<EncryptionKey> {
        if self.kdf != "argon2id" || self.memory_kib > 1024 * 1024 || self.passes > 64 {
            return Err(CoreError::Internal(
                "the sealed key names a key derivation this version does not use".into(),
            ));
        }
        let salt = STANDARD
            .decode(&self.salt)
            .map_err(|_| CoreError::Internal("the sealed key's salt is not base64".into()))?;
        let derived = derive(passphrase, &salt, self.memory_kib, self.passes, self.lanes)?;
        let bytes = derived.open(&self.sealed, CONTEXT).map_err(|_| {
            CoreError::invalid(
                "passphrase",
                "does not open the key in this backup (a wrong passphrase, or a damaged backup)",
            )
        })?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|_| CoreError::Internal("the sealed key is not 32 bytes".into()))?;
        Ok(EncryptionKey(bytes))
    }
}

fn derive(
    passphrase: &str,
    salt: &[u8],
    memory_kib: u32,
    passes: u32,
    lanes: u32,
) -> CoreResult<EncryptionKey> {
    let params = Params::new(memory_kib, passes, lanes, Some(32))
        .map_err(|e| CoreError::internal("argon2 parameters", e))?;
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(passphrase.as_bytes(), salt, &mut out)
        .map_err(|e| CoreError::internal("deriving the passphrase key", e))?;
    Ok(EncryptionKey(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_opens_with_its_passphrase_only() {
        let key = EncryptionKey([7; 32]);
        let sealed = SealedKey::seal(&key, "correct horse battery").unwrap();
        assert!(!sealed.sealed.contains(&STANDARD.encode([7u8; 32])));
        assert_eq!(
            sealed.open("correct horse battery").unwrap().bytes(),
            &[7; 32]
        );
        assert!(sealed.open("correct horse batterY").is_err());
        let mut tampered = sealed.clone();
        tampered.salt = STANDARD.encode([0u8; 16]);
        assert!(tampered.open("correct horse battery").is_err());
        assert!(SealedKey::seal(&key, "too short").is_err());
    }
}
