//! The key that encrypts stored secrets (linked-account tokens) at rest.
//!
//! It comes from configuration or, when absent, from a file in the data directory that is
//! generated on first start with mode 0600. Its `Debug` never shows the bytes.

use std::io::Write;
use std::path::Path;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;

use crate::{CoreError, CoreResult};

/// Name of the generated key file inside the data directory.
pub const KEY_FILE: &str = "encryption.key";

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

    /// Encrypts `plaintext` with AES-256-GCM under a fresh random nonce; the result is
    /// base64 of `nonce ‖ ciphertext+tag`, safe to store as text.
    pub fn seal(&self, plaintext: &[u8]) -> String {
        use aes_gcm::aead::{Aead, KeyInit};
        let cipher = aes_gcm::Aes256Gcm::new_from_slice(&self.0).expect("32-byte key");
        let mut nonce = [0u8; 12];
        rand::thread_rng().fill_bytes(&mut nonce);
        let sealed = cipher
            .encrypt(aes_gcm::Nonce::from_slice(&nonce), plaintext)
            .expect("AES-GCM encryption of an in-memory buffer cannot fail");
        let mut out = nonce.to_vec();
        out.extend(sealed);
        STANDARD.encode(out)
    }

    /// Decrypts what [`seal`](Self::seal) made with this key. A wrong key or altered text is
    /// an error, never garbage.
    pub fn open(&self, sealed: &str) -> CoreResult<Vec<u8>> {
        use aes_gcm::aead::{Aead, KeyInit};
        let bytes = STANDARD
            .decode(sealed)
            .map_err(|_| CoreError::Internal("a stored secret is not base64".into()))?;
        if bytes.len() < 12 + 16 {
            return Err(CoreError::Internal("a stored secret is truncated".into()));
        }
        let (nonce, ciphertext) = bytes.split_at(12);
        let cipher = aes_gcm::Aes256Gcm::new_from_slice(&self.0).expect("32-byte key");
        cipher
            .decrypt(aes_gcm::Nonce::from_slice(nonce), ciphertext)
            .map_err(|_| CoreError::Internal("a stored secret does not open with this key".into()))
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

fn bad_key() -> CoreError {
    CoreError::Internal("the encryption key must be 32 bytes, as base64 or 64 hex digits".into())
}

/// Creates `path` readable by its owner only, refusing to overwrite.
fn write_private(path: &Path, contents: &[u8]) -> std::io::Result<()> {
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
        let sealed = key.seal(b"refresh-token");
        assert_ne!(
            sealed,
            key.seal(b"refresh-token"),
            "a fresh nonce every time"
        );
        assert_eq!(key.open(&sealed).unwrap(), b"refresh-token");
        assert!(EncryptionKey([8; 32]).open(&sealed).is_err());
        let mut tampered = STANDARD.decode(&sealed).unwrap();
        *tampered.last_mut().unwrap() ^= 1;
        assert!(key.open(&STANDARD.encode(tampered)).is_err());
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
