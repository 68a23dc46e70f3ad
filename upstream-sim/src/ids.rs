//! Identifiers and digests in the platform's formats.

use base64::Engine as _;
use rand::distributions::Alphanumeric;
use rand::Rng;
use sha2::{Digest, Sha256};

/// Random alphanumerics, like card ids (5) or device ids (24).
pub fn alphanumeric(len: usize) -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

/// Random lower-case hex, like Mongo-style `_id`s (24).
pub fn hex_id(len: usize) -> String {
    let bytes: Vec<u8> = (0..len.div_ceil(2)).map(|_| rand::random()).collect();
    let mut text = hex::encode(bytes);
    text.truncate(len);
    text
}

/// An opaque random secret (codes, refresh tokens), URL-safe.
pub fn secret() -> String {
    let bytes: [u8; 32] = rand::random();
    base64url(&bytes)
}

pub fn base64url(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(sha256(bytes))
}

/// Media ids look like `base64url(sha256)`: 43 characters.
pub fn media_id(bytes: &[u8]) -> String {
    base64url(&sha256(bytes))
}

pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .ok()
}
