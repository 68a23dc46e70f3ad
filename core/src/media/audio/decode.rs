//! In-process decoding with symphonia: the exact length of a file and its waveform.
//!
//! Every M4A and FLAC we produce is measured here, so `duration` is what the decoder really
//! yields (gapless: encoder priming and padding excluded), not a container's estimate.

use std::path::Path;

use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::{DecoderOptions, CODEC_TYPE_NULL};
use symphonia::core::errors::Error;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

use crate::{CoreError, CoreResult};

/// Milliseconds of audio per stored peak: fine enough to zoom into single words.
pub const PEAK_WINDOW_MS: u32 = 10;

/// What decoding a whole file tells us.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub sample_rate: u32,
    /// Samples per channel.
    pub frames: u64,
    /// Loudest absolute sample (0..1) of each `PEAK_WINDOW_MS` window, all channels.
    pub peaks: Vec<f32>,
}

impl Summary {
    pub fn duration_ms(&self) -> i64 {
        if self.sample_rate == 0 {
            return 0;
        }
        (self.frames as i64 * 1000) / self.sample_rate as i64
    }

    /// Consecutive stretches of one track, measured apart, as one: their frames add up and
    /// their waveforms follow each other (each stretch but the last a whole number of
    /// [`PEAK_WINDOW_MS`] windows, as `parts::plan` cuts them).
    pub fn joined(parts: Vec<Summary>) -> Summary {
        let sample_rate = parts.first().map_or(0, |p| p.sample_rate);
        let frames = parts.iter().map(|p| p.frames).sum();
        let peaks = parts.into_iter().flat_map(|p| p.peaks).collect();
        Summary {
            sample_rate,
            frames,
            peaks,
        }
    }

    /// The waveform reduced to `buckets` values (each the max of the windows it covers).
    pub fn peaks_in(&self, buckets: usize) -> Vec<f32> {
        let n = self.peaks.len();
        if buckets == 0 || n == 0 {
            return Vec::new();
        }
        (0..buckets)
            .map(|b| {
                let start = b * n / buckets;
                let end = ((b + 1) * n / buckets).max(start + 1).min(n);
                self.peaks[start.min(n - 1)..end]
                    .iter()
                    .copied()
                    .fold(0.0, f32::max)
            })
            .collect()
    }
}

/// Decodes `path` on the blocking pool.
pub async fn summarize(path: &Path) -> CoreResult<Summary> {
    let path = path.to_owned();
    // a whole file's samples: below the server when a job asks (`priority`)
    crate::priority::blocking(move || summarize_blocking(&path)).await?
}

/// The exact length in frames of a WAV or FLAC we wrote, from its header; `None` when the
/// header does not say.
pub async fn frames_of(path: &Path) -> CoreResult<Option<u64>> {
    Ok(length_of(path).await?.map(|(frames, _)| frames))
}

/// The exact length of a WAV or FLAC we wrote, from its header: (frames, sample rate); `None`
/// when the header does not say both.
pub async fn length_of(path: &Path) -> CoreResult<Option<(u64, u32)>> {
    let path = path.to_owned();
    tokio::task::spawn_blocking(move || {
        let fail = |e: Error| CoreError::Internal(format!("reading {}: {e}", path.display()));
        let file =
            std::fs::File::open(&path).map_err(|e| CoreError::internal("opening audio", e))?;
        let mss = MediaSourceStream::new(Box::new(file), Default::default());
        let probed = symphonia::default::get_probe()
            .format(
                &Hint::new(),
                mss,
                &FormatOptions::default(),
                &MetadataOptions::default(),
            )
            .map_err(fail)?;
        Ok(probed.format.default_track().and_then(|t| {
            let params = &t.codec_params;
            params.n_frames.zip(params.sample_rate)
        }))
    })
    .await
    .map_err(|e| CoreError::internal("decode task", e))?
}

fn summarize_blocking(path: &Path) -> CoreResult<Summary> {
    let fail = |e: Error| CoreError::Internal(format!("decoding {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| CoreError::internal("opening audio", e))?;
    let mss = MediaSourceStream::new(Box::new(file), Default::default());
    let format_opts = FormatOptions {
        enable_gapless: true,
        ..Default::default()
    };
    let probed = symphonia::default::get_probe()
        .format(&Hint::new(), mss, &format_opts, &MetadataOptions::default())
        .map_err(fail)?;
    let mut format = probed.format;
    let track = format
        .tracks()
        .iter()
        .find(|t| t.codec_params.codec != CODEC_TYPE_NULL)
        .ok_or_else(|| CoreError::Internal("no decodable audio track".into()))?;
    let track_id = track.id;
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &DecoderOptions::default())
        .map_err(fail)?;
    let mut meter = PeakMeter::new(track.codec_params.sample_rate.unwrap_or(0));
    let mut buffer: Option<SampleBuffer<f32>> = None;
    loop {
        let packet = match format.next_packet() {
            Ok(p) => p,
            Err(Error::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(Error::ResetRequired) => break,
            Err(e) => return Err(fail(e)),
        };
        if packet.track_id() != track_id {
            continue;
        }
        let decoded = match decoder.decode(&packet) {
            Ok(d) => d,
            Err(Error::DecodeError(_)) => continue,
            Err(e) => return Err(fail(e)),
        };
        let spec = *decoded.spec();
        let channels = spec.channels.count().max(1);
        let needed = decoded.capacity() as u64;
        let buf = match buffer.as_mut() {
            Some(b) if b.capacity() as u64 >= needed * channels as u64 => b,
            _ => buffer.insert(SampleBuffer::new(needed, spec)),
        };
        buf.copy_interleaved_ref(decoded);
        meter.set_sample_rate(spec.rate);
        meter.push_interleaved(buf.samples(), channels);
    }
    Ok(meter.finish())
}

/// Turns interleaved samples into a [`Summary`] as they stream past: the frame count and the
/// loudest sample of each [`PEAK_WINDOW_MS`] window. Used on symphonia's output here and on
/// the PCM ffmpeg writes beside the M4A it encodes (`ffmpeg::encode_m4a`), so both measure
/// the same way.
#[derive(Debug)]
pub struct PeakMeter {
    sample_rate: u32,
    frames: u64,
    peaks: Vec<f32>,
    window_peak: f32,
    in_window: u32,
}

impl PeakMeter {
    pub fn new(sample_rate: u32) -> Self {
        Self {
            sample_rate,
            frames: 0,
            peaks: Vec::new(),
            window_peak: 0.0,
            in_window: 0,
        }
    }

    /// The rate the next samples have (a decoder only knows it after the first packet).
    pub fn set_sample_rate(&mut self, sample_rate: u32) {
        self.sample_rate = sample_rate;
    }

    /// Frames measured so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Adds whole frames of `channels` interleaved samples.
    pub fn push_interleaved(&mut self, samples: &[f32], channels: usize) {
        let window = (self.sample_rate * PEAK_WINDOW_MS / 1000).max(1);
        for frame in samples.chunks(channels.max(1)) {
            let loudest = frame.iter().fold(0f32, |m, s| m.max(s.abs()));
            self.window_peak = self.window_peak.max(loudest.min(1.0));
            self.in_window += 1;
            self.frames += 1;
            if self.in_window >= window {
                self.peaks.push(self.window_peak);
                self.window_peak = 0.0;
                self.in_window = 0;
            }
        }
    }

    pub fn finish(mut self) -> Summary {
        if self.in_window > 0 {
            self.peaks.push(self.window_peak);
        }
        Summary {
            sample_rate: self.sample_rate,
            frames: self.frames,
            peaks: self.peaks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peaks_reduce_to_buckets() {
        let s = Summary {
            sample_rate: 1000,
            frames: 4000,
            peaks: vec![0.1, 0.5, 0.2, 0.9],
        };
        assert_eq!(s.duration_ms(), 4000);
        assert_eq!(s.peaks_in(2), vec![0.5, 0.9]);
        assert_eq!(s.peaks_in(8).len(), 8);
        assert!(s.peaks_in(0).is_empty());
    }

    #[tokio::test]
    async fn a_wav_says_its_exact_length() {
        let dir = tempfile::tempdir().unwrap();
        let wav = dir.path().join("tone.wav");
        crate::media::audio::ffmpeg::sine(&wav, 2.5, 440, "wav")
            .await
            .unwrap();
        assert_eq!(frames_of(&wav).await.unwrap(), Some(110_250));
    }

    #[test]
    fn joined_summaries_add_up() {
        let part = |frames, peaks: Vec<f32>| Summary {
            sample_rate: 1000,
            frames,
            peaks,
        };
        let joined = Summary::joined(vec![part(20, vec![0.1, 0.2]), part(15, vec![0.3, 0.4])]);
        assert_eq!(joined, part(35, vec![0.1, 0.2, 0.3, 0.4]));
    }
}
