//! The key that encrypts stored secrets (linked-account tokens, label share tokens) at rest,
//! and the owner-only files and directory the server keeps its secrets in.
//!
//! It comes from configuration or, when absent, from a file in the data directory that is
//! generated on first start with mode 0600. Its `Debug` never shows the bytes.

use std::io::Write;
use std::path::Path;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;

use crate::{CoreError, CoreResult};

pub mod passphrase;
pub mod rotate;

/// Name of the generated key file inside the data directory.
pub const KEY_FILE: &str = "encryption.key";

/// Prefix of values sealed with their row id as associated data (base64 has no `:`).
const BOUND: &str = "v2:";

/// 32 bytes for AES-256-GCM.
#[derive(Clone)]
pub struct EncryptionKey([u8; 32]);

impl std::fmt::Debug for EncryptionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EncryptionKey([redacted])")
    }
}

impl EncryptionKey {
    /// Parses base64 (standard alphabet) or 64 hex digits.
    pub fn parse(text: &str) -> CoreResult<Self> {
        let text = text.trim();
        let bytes = if text.len() == 64 && text.chars().all(|c| c.is_ascii_hexdigit()) {
            (0..32)
                .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| bad_key())?
        } else {
            STANDARD.decode(text).map_err(|_| bad_key())?
        };
        bytes.try_into().map(Self).map_err(|_| bad_key())
    }

    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Encrypts `plaintext` with AES-256-GCM under a fresh random nonce, binding `aad`
    /// (associated data: the id of the row that stores the result) into the tag. The result
    /// is `v2:` + base64 of `nonce ‖ ciphertext+tag`, safe to store as text.
    ///
    /// Binding the row id means a sealed value copied into another row (say, another user's
    /// linked account, by someone who can write the database but lacks the key) does not
    /// open there.
    pub fn seal(&self, plaintext: &[u8], aad: &[u8]) -> String {
        format!("{BOUND}{}", self.seal_raw(plaintext, aad))
    }

    fn seal_raw(&self, plaintext: &[u8], aad: &[u8]) -> String {
        use aes_gcm::aead::{Aead, KeyInit, Payload};
        let cipher = aes_gcm::Aes256Gcm::new_from_slice(&self.0).expect("32-byte key");
        let mut nonce = [0u8; 12];
        rand::thread_rng().fill_bytes(&mut nonce);
        let sealed = cipher
            .encrypt(
                aes_gcm::Nonce::from_slice(&nonce),
                Payload {
                    msg: plaintext,
                    aad,
                },
            )
            .expect("AES-GCM encryption of an in-memory buffer cannot fail");
        let mut out = nonce.to_vec();
        out.extend(sealed);
        STANDARD.encode(out)
    }

    /// Decrypts what [`seal`](Self::seal) made with this key for the row `aad`. A wrong key,
    /// another row's id or altered text is an error, never garbage.
    ///
    /// Values sealed before row ids were bound (no `v2:` prefix) still open, without the
    /// check; every write seals anew with the id, so they are re-sealed bound the next time
    /// their row is written (token refresh, relinking, key rotation).
    pub fn open(&self, sealed: &str, aad: &[u8]) -> CoreResult<Vec<u8>> {
        match sealed.strip_prefix(BOUND) {
            Some(bound) => self.open_raw(bound, aad),
            None => self.open_raw(sealed, b""),
        }
    }

    fn open_raw(&self, sealed: &str, aad: &[u8]) -> CoreResult<Vec<u8>> {
        use aes_gcm::aead::{Aead, KeyInit, Payload};
        let bytes = STANDARD
            .decode(sealed)
            .map_err(|_| CoreError::Internal("a stored secret is not base64".into()))?;
        if bytes.len() < 12 + 16 {
            return Err(CoreError::Internal("a stored secret is truncated".into()));
        }
        let (nonce, ciphertext) = bytes.split_at(12);
        let cipher = aes_gcm::Aes256Gcm::new_from_slice(&self.0).expect("32-byte key");
        cipher
            .decrypt(
                aes_gcm::Nonce::from_slice(nonce),
                Payload {
                    msg: ciphertext,
                    aad,
                },
            )
            .map_err(|_| {
                CoreError::Internal(
                    "a stored secret does not open with this key for this row".into(),
                )
            })
    }

    /// Writes this key to `data_dir`'s key file (0600), replacing the one there: a restore
    /// putting back the key a backup carried.
    pub fn save(&self, data_dir: &Path) -> CoreResult<()> {
        let path = data_dir.join(KEY_FILE);
        let _ = std::fs::remove_file(&path);
        write_private(&path, STANDARD.encode(self.0).as_bytes())
            .map_err(|e| CoreError::Internal(format!("writing {}: {e}", path.display())))
    }

    /// The configured key, else the one in `data_dir`, else a new one written there (0600).
    pub fn load_or_create(configured: Option<&str>, data_dir: &Path) -> CoreResult<Self> {
        if let Some(text) = configured {
            return Self::parse(text);
        }
        let path = data_dir.join(KEY_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut bytes = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                write_private(&path, STANDARD.encode(bytes).as_bytes())
                    .map_err(|e| CoreError::Internal(format!("writing {}: {e}", path.display())))?;
                Ok(Self(bytes))
            }
            Err(e) => Err(CoreError::Internal(format!(
                "reading {}: {e}",
                path.display()
            ))),
        }
    }
}

/// Creates `path` (and missing parents) accessible by its owner only (0700), for the data
/// directory: it holds the database, the generated key and the initial password. An existing
/// directory is left as it is, with a warning when others may enter it.
/// Makes every file and directory this process creates from now on private to its user
/// (umask 077): the database, media and keys in the data directory are nobody else's, even
/// when a script or an operator created the directory more openly. Call it first in `main`.
pub fn keep_new_files_private() {
    #[cfg(unix)]
    // SAFETY: umask only sets the process's file mode creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

pub fn create_private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    let existed = path.is_dir();
    builder.create(path)?;
    #[cfg(unix)]
    if existed {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)?.permissions().mode();
        if mode & 0o077 != 0 {
            tracing::warn!(
                path = %path.display(),
                mode = format!("{:o}", mode & 0o777),
                "the data directory is open to other users; `chmod 700` it"
            );
        }
    }
    Ok(())
}

fn bad_key() -> CoreError {
    CoreError::Internal("the encryption key must be 32 bytes, as base64 or 64 hex digits".into())
}

/// Creates `path` readable by its owner only, refusing to overwrite.
pub(crate) fn write_private(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(contents)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_only_with_their_key() {
        let key = EncryptionKey([7; 32]);
        let sealed = key.seal(b"refresh-token", b"row-1");
        assert!(sealed.starts_with("v2:"));
        assert_ne!(
            sealed,
            key.seal(b"refresh-token", b"row-1"),
            "a fresh nonce every time"
        );
        assert_eq!(key.open(&sealed, b"row-1").unwrap(), b"refresh-token");
        assert!(EncryptionKey([8; 32]).open(&sealed, b"row-1").is_err());
        let mut tampered = STANDARD.decode(&sealed[3..]).unwrap();
        *tampered.last_mut().unwrap() ^= 1;
        let tampered = format!("v2:{}", STANDARD.encode(tampered));
        assert!(key.open(&tampered, b"row-1").is_err());
    }

    #[test]
    fn a_secret_moved_to_another_row_does_not_open() {
        let key = EncryptionKey([7; 32]);
        let sealed = key.seal(b"refresh-token", b"0190-account-a");
        assert!(key.open(&sealed, b"0190-account-b").is_err());
        assert!(key.open(&sealed, b"").is_err());
        // stripping the prefix does not bring back the unbound (legacy) reading either
        assert!(key.open(&sealed[3..], b"0190-account-b").is_err());
        assert_eq!(
            key.open(&sealed, b"0190-account-a").unwrap(),
            b"refresh-token"
        );
    }

    #[test]
    fn secrets_sealed_before_row_binding_still_open_and_reseal_bound() {
        let key = EncryptionKey([7; 32]);
        // what `seal` wrote before row ids were bound: no prefix, no associated data
        let legacy = key.seal_raw(b"refresh-token", b"");
        let plain = key.open(&legacy, b"row-1").unwrap();
        assert_eq!(plain, b"refresh-token");
        let resealed = key.seal(&plain, b"row-1");
        assert!(key.open(&resealed, b"row-2").is_err());
        assert_eq!(key.open(&resealed, b"row-1").unwrap(), b"refresh-token");
    }

    #[test]
    fn generated_once_private_and_stable() {
        let dir = tempfile::tempdir().unwrap();
        let a = EncryptionKey::load_or_create(None, dir.path()).unwrap();
        let b = EncryptionKey::load_or_create(None, dir.path()).unwrap();
        assert_eq!(a.bytes(), b.bytes());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(KEY_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(!format!("{a:?}").contains(&STANDARD.encode(a.bytes())));
    }

    #[test]
    fn parses_hex_and_base64() {
        let hex = "00".repeat(32);
        assert_eq!(EncryptionKey::parse(&hex).unwrap().bytes(), &[0u8; 32]);
        assert!(EncryptionKey::parse(&STANDARD.encode([7u8; 32])).is_ok());
        assert!(EncryptionKey::parse("short").is_err());
    }
}
