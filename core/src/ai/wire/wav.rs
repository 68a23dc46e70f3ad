//! WAV framing: speech must reach the track pipeline as something ffmpeg and our probe read,
//! and some providers answer bare PCM.

/// Whether `bytes` start like a RIFF/WAVE file.
pub(super) fn is_wav(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE"
}

/// How integer PCM samples are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PcmFormat {
    pub sample_rate: u32,
    pub channels: u16,
    pub bits: u16,
}

impl PcmFormat {
    fn block_align(self) -> usize {
        usize::from(self.channels.max(1)) * usize::from(self.bits.div_ceil(8).max(1))
    }
}

/// Signed 16-bit little-endian mono PCM at `sample_rate`, framed as a WAV file.
pub(super) fn wrap_pcm16_mono(pcm: &[u8], sample_rate: u32) -> Vec<u8> {
    let format = PcmFormat {
        sample_rate,
        channels: 1,
        bits: 16,
    };
    wrap(pcm, format)
}

/// `pcm` in `format`, framed as a WAV file.
fn wrap(pcm: &[u8], format: PcmFormat) -> Vec<u8> {
    // A trailing partial frame would split a sample; WAV readers reject that.
    let align = format.block_align();
    let pcm = &pcm[..pcm.len() - pcm.len() % align];
    let data_len = u32::try_from(pcm.len()).unwrap_or(u32::MAX - 36);
    let mut wav = Vec::with_capacity(44 + pcm.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    wav.extend_from_slice(&1u16.to_le_bytes()); // integer PCM
    wav.extend_from_slice(&format.channels.to_le_bytes());
    wav.extend_from_slice(&format.sample_rate.to_le_bytes());
    let bytes_per_second = format.sample_rate * align as u32;
    wav.extend_from_slice(&bytes_per_second.to_le_bytes());
    wav.extend_from_slice(&(align as u16).to_le_bytes());
    wav.extend_from_slice(&format.bits.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    wav.extend_from_slice(pcm);
    wav
}

/// The format and samples of an integer-PCM WAV. A data chunk whose declared size runs past
/// the end (streamed WAVs declare the largest size) ends with the file.
fn samples(wav: &[u8]) -> Option<(PcmFormat, &[u8])> {
    if !is_wav(wav) {
        return None;
    }
    let u16_at = |at: usize| Some(u16::from_le_bytes(wav.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(wav.get(at..at + 4)?.try_into().ok()?));
    let mut format = None;
    let mut at = 12;
    while at + 8 <= wav.len() {
        let id = &wav[at..at + 4];
        let size = u32_at(at + 4)? as usize;
        let body = at + 8;
        if id == b"fmt " {
            if u16_at(body)? != 1 {
                return None;
            }
            format = Some(PcmFormat {
                channels: u16_at(body + 2)?,
                sample_rate: u32_at(body + 4)?,
                bits: u16_at(body + 14)?,
            });
        } else if id == b"data" {
            let end = body.saturating_add(size).min(wav.len());
            return Some((format?, &wav[body..end]));
        }
        at = body.checked_add(size)?.checked_add(size % 2)?;
    }
    None
}

/// WAV files of one format joined end to end into one; `None` when one is not integer-PCM
/// WAV or the formats differ.
pub(super) fn join(parts: &[Vec<u8>]) -> Option<Vec<u8>> {
    let mut format = None;
    let mut pcm = Vec::new();
    for part in parts {
        let (part_format, data) = samples(part)?;
        if *format.get_or_insert(part_format) != part_format {
            return None;
        }
        pcm.extend_from_slice(&data[..data.len() - data.len() % part_format.block_align()]);
    }
    Some(wrap(&pcm, format?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_pcm_is_a_wav_of_whole_samples() {
        let wav = wrap_pcm16_mono(&[1, 2, 3, 4, 5], 22_050);
        assert!(is_wav(&wav));
        assert_eq!(wav.len(), 44 + 4);
        assert_eq!(&wav[40..44], &4u32.to_le_bytes());
        assert_eq!(&wav[24..28], &22_050u32.to_le_bytes());
    }

    #[test]
    fn wavs_join_into_one_and_streamed_sizes_are_read_to_the_end() {
        let a = wrap_pcm16_mono(&[1, 0, 2, 0], 24_000);
        let mut streamed = wrap_pcm16_mono(&[3, 0], 24_000);
        streamed[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
        let joined = join(&[a, streamed]).unwrap();
        assert_eq!(&joined[44..], &[1, 0, 2, 0, 3, 0]);
        assert_eq!(&joined[40..44], &6u32.to_le_bytes());
        let other_rate = wrap_pcm16_mono(&[1, 0], 22_050);
        assert!(join(&[joined, other_rate]).is_none());
        assert!(join(&[b"not a wav".to_vec()]).is_none());
    }
}
