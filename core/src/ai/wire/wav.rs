//! WAV framing: speech must reach the track pipeline as something ffmpeg and our probe read,
//! and some providers answer bare PCM.

/// Whether `bytes` start like a RIFF/WAVE file.
pub(super) fn is_wav(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE"
}

/// Signed 16-bit little-endian mono PCM at `sample_rate`, framed as a WAV file.
pub(super) fn wrap_pcm16_mono(pcm: &[u8], sample_rate: u32) -> Vec<u8> {
    // A trailing odd byte is half a sample; WAV readers reject a data chunk that splits one.
    let pcm = &pcm[..pcm.len() & !1];
    let data_len = u32::try_from(pcm.len()).unwrap_or(u32::MAX - 36);
    let mut wav = Vec::with_capacity(44 + pcm.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&sample_rate.to_le_bytes());
    wav.extend_from_slice(&(sample_rate * 2).to_le_bytes()); // bytes per second
    wav.extend_from_slice(&2u16.to_le_bytes()); // block align
    wav.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    wav.extend_from_slice(pcm);
    wav
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
}
