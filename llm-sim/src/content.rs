//! What the simulator answers when no reply is scripted: deterministic text with token
//! counts that follow its length, real PNG pictures of the asked size, and real speech-length
//! audio (a tone whose length follows the text).

/// Tokens in `text` as the simulator counts them: one per four characters, rounded up (the
/// usual rule of thumb for English), so usage grows with what was sent and answered.
pub fn tokens(text: &str) -> u64 {
    (text.chars().count() as u64).div_ceil(4)
}

/// The default text reply to `prompt`: a sentence quoting its start, or a JSON object when
/// JSON was asked for; cut to `max_tokens` like a real model's `length` stop.
pub fn reply(prompt: &str, json: bool, max_tokens: Option<u64>) -> String {
    let quoted: String = prompt.chars().take(80).collect();
    if json {
        return serde_json::json!({"reply": "simulated", "prompt": quoted}).to_string();
    }
    let text = format!(
        "This is a simulated answer to \"{quoted}\". It is deterministic, so tests can rely on it."
    );
    match max_tokens {
        Some(max) => text
            .chars()
            .take(usize::try_from(max.saturating_mul(4)).unwrap_or(usize::MAX))
            .collect(),
        None => text,
    }
}

/// A seed from text (FNV-1a), so the same prompt draws the same picture.
pub fn seed(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Largest side of a picture the simulator draws; beyond it a request is refused.
pub const MAX_SIDE: u32 = 4096;

/// A `width`×`height` RGB PNG: diagonal stripes in two colours picked by `seed`. Stored
/// (uncompressed) deflate keeps it fast in debug builds; any PNG reader decodes it.
pub fn png(width: u32, height: u32, seed: u64) -> Vec<u8> {
    let a = [
        (seed >> 8) as u8 | 0x40,
        (seed >> 16) as u8,
        (seed >> 24) as u8 | 0x20,
    ];
    let b = [255 - a[0] / 2, 255 - a[1] / 2, 255 - a[2] / 2];
    let stripe = 24 + (seed % 24) as u32;
    let row_len = 1 + width as usize * 3;
    let mut raw = Vec::with_capacity(row_len * height as usize);
    for y in 0..height {
        raw.push(0); // filter: none
        for x in 0..width {
            let colour = if ((x + y) / stripe).is_multiple_of(2) {
                a
            } else {
                b
            };
            raw.extend_from_slice(&colour);
        }
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit, RGB, deflate, no filter set, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = if data.is_empty() {
        vec![&[][..]]
    } else {
        data.chunks(65_535).collect()
    };
    let count = blocks.len();
    for (i, block) in blocks.into_iter().enumerate() {
        out.push(u8::from(i + 1 == count));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    !data.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &byte in chunk {
            a += u32::from(byte);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    (b << 16) | a
}

/// Seconds of speech for `text`: 60 ms a character, at least half a second.
pub fn speech_seconds(text: &str) -> f64 {
    (text.chars().count() as f64 * 0.06).max(0.5)
}

/// 16-bit little-endian mono PCM at `rate`: a soft 220 Hz tone as long as `text` would take
/// to say.
pub fn pcm(text: &str, rate: u32) -> Vec<u8> {
    let samples = (speech_seconds(text) * f64::from(rate)) as usize;
    let step = 2.0 * std::f64::consts::PI * 220.0 / f64::from(rate);
    let mut out = Vec::with_capacity(samples * 2);
    for i in 0..samples {
        let value = ((i as f64 * step).sin() * 6000.0) as i16;
        out.extend_from_slice(&value.to_le_bytes());
    }
    out
}

/// [`pcm`] framed as a WAV file.
pub fn wav(text: &str, rate: u32) -> Vec<u8> {
    let pcm = pcm(text, rate);
    let len = pcm.len() as u32;
    let mut out = Vec::with_capacity(44 + pcm.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&pcm);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    #[test]
    fn png_has_the_asked_size_in_its_header() {
        let png = png(70, 30, 7);
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(&png[16..20], &70u32.to_be_bytes());
        assert_eq!(&png[20..24], &30u32.to_be_bytes());
        assert!(png.ends_with(&[0xAE, 0x42, 0x60, 0x82]));
    }

    #[test]
    fn speech_length_follows_the_text() {
        let short = wav("hi", 24_000);
        let long = wav(&"word ".repeat(40), 24_000);
        assert_eq!(short.len(), 44 + 24_000); // half a second at two bytes a sample
        assert_eq!(long.len(), 44 + (200.0 * 0.06 * 24_000.0) as usize * 2);
    }

    #[test]
    fn tokens_grow_with_length() {
        assert_eq!(tokens(""), 0);
        assert_eq!(tokens("abcd"), 1);
        assert_eq!(tokens("abcde"), 2);
    }
}
