//! Encoding long audio on every core: the AAC of one track is made in consecutive parts, one
//! ffmpeg per part at once, and the parts' AAC frames are joined into one M4A.
//!
//! ffmpeg's AAC encoder runs on one core and is most of a transcode's time; a 2-core server
//! finishes a 10-minute track in about half of it when each core encodes half. AAC frames
//! (1,024 samples each) stand alone in the bitstream, so frames of different encoder runs can
//! follow each other, provided that
//!
//! - every part encodes on the same frame grid: parts start at multiples of 1,024 samples, so
//!   a part's frame covers exactly the samples of the frame one encode would have made;
//! - a part's first kept frame is as good as a frame in the middle of one encode: each part
//!   but the first starts [`PRE_ROLL_FRAMES`] early and drops the frames of that pre-roll
//!   (the encoder's rate control and psychoacoustic model settle within it; with 93 ms of
//!   pre-roll the 190 ms after a join were 5–9 dB further from the source than one encode's,
//!   with 1 s they are as close), and each part but the last encodes [`TAIL_FRAMES`] beyond
//!   its end, so its last kept frames are not the encoder's flush;
//! - the M4A says how many samples of priming to skip: parts are written as ADTS, the kept
//!   frames joined (see [`splice`]), and the muxer is told the first frame starts
//!   [`AAC_PRIMING`] samples early, which it writes as the edit list one encode has.
//!
//! Parts are also whole numbers of waveform windows (`decode::PEAK_WINDOW_MS`), so the
//! waveform of the joined track is the parts' waveforms one after another.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::{CoreError, CoreResult};

/// Samples per channel in one AAC frame.
pub const AAC_FRAME: u64 = 1024;
/// Samples of priming ffmpeg's AAC encoder puts before the audio (its `initial_padding`).
pub const AAC_PRIMING: u64 = 1024;
/// Samples each part after the first encodes before its own start and then drops: 45 frames,
/// about a second at 44.1 kHz.
pub const PRE_ROLL_FRAMES: u64 = 45 * AAC_FRAME;
/// Samples each part before the last encodes past its end: the encoder reads a frame ahead
/// and the transform overlaps the next frame, so four frames keep its last kept frames clean.
pub const TAIL_FRAMES: u64 = 4 * AAC_FRAME;

/// One part of a track: the samples `start..end` of the whole (`end` `None`: to the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    pub start: u64,
    pub end: Option<u64>,
}

impl Part {
    /// The first sample this part's encoder reads.
    pub fn input_start(&self) -> u64 {
        self.start.saturating_sub(PRE_ROLL_FRAMES)
    }

    /// The sample after the last one this part's encoder reads (`None`: the end).
    pub fn input_end(&self) -> Option<u64> {
        self.end.map(|end| end + TAIL_FRAMES)
    }

    /// Samples of the encoder's input that precede this part (its pre-roll).
    pub fn lead_in(&self) -> u64 {
        self.start - self.input_start()
    }

    /// Whether the `index`th AAC frame of this part's encoder (0: the priming frame) belongs
    /// to the joined track: frames of the pre-roll and of the tail belong to the neighbours.
    pub fn keeps_frame(&self, index: u64) -> bool {
        // where the frame's audio starts on the whole track's timeline
        let starts_at = (self.input_start() + index * AAC_FRAME) as i128 - AAC_PRIMING as i128;
        let after_start = self.start == 0 || starts_at >= self.start as i128;
        let before_end = self.end.is_none_or(|end| starts_at < end as i128);
        after_start && before_end
    }
}

/// Splits `frames` samples into at most `parts` parts of whole multiples of both an AAC frame
/// and a waveform window of `window` samples, none shorter than that multiple. Audio shorter
/// than two such multiples stays in one part.
pub fn plan(frames: u64, parts: usize, window: u64) -> Vec<Part> {
    let unit = lcm(AAC_FRAME, window.max(1));
    let count = (parts.max(1) as u64).min(frames / unit).max(1);
    // boundaries rounded down to the unit: increasing (parts are at least a unit long) and
    // all before the end
    let mut bounds: Vec<u64> = (1..count)
        .map(|k| (k * frames / count) / unit * unit)
        .collect();
    bounds.insert(0, 0);
    bounds
        .iter()
        .enumerate()
        .map(|(k, &start)| Part {
            start,
            end: bounds.get(k + 1).copied(),
        })
        .collect()
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// Writes the frames each part keeps, in order, from the parts' ADTS files into one ADTS file
/// `out`; answers how many frames it wrote.
pub fn splice(parts: &[(PathBuf, Part)], out: &Path) -> CoreResult<u64> {
    let io = |e: std::io::Error| CoreError::internal("joining encoded parts", e);
    let mut joined = BufWriter::new(std::fs::File::create(out).map_err(io)?);
    let mut written = 0;
    let mut frame = Vec::new();
    for (path, part) in parts {
        let mut adts = BufReader::new(std::fs::File::open(path).map_err(io)?);
        let mut index = 0;
        while next_frame(&mut adts, &mut frame)? {
            if part.keeps_frame(index) {
                joined.write_all(&frame).map_err(io)?;
                written += 1;
            }
            index += 1;
        }
    }
    joined.flush().map_err(io)?;
    Ok(written)
}

/// Reads the next ADTS frame (header included) into `frame`; `false` at the end.
fn next_frame(adts: &mut impl Read, frame: &mut Vec<u8>) -> CoreResult<bool> {
    const HEADER: usize = 7;
    frame.resize(HEADER, 0);
    match adts.read_exact(frame) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(false),
        Err(e) => return Err(CoreError::internal("reading an encoded part", e)),
    }
    // syncword 0xFFF, then the 13-bit frame length (header included) at bits 30..43
    if frame[0] != 0xFF || frame[1] & 0xF0 != 0xF0 {
        return Err(CoreError::Internal("an encoded part is not ADTS".into()));
    }
    let length = (usize::from(frame[3] & 0x03) << 11)
        | (usize::from(frame[4]) << 3)
        | usize::from(frame[5] >> 5);
    if length < HEADER {
        return Err(CoreError::Internal(
            "an ADTS frame shorter than its header".into(),
        ));
    }
    frame.resize(length, 0);
    adts.read_exact(&mut frame[HEADER..])
        .map_err(|e| CoreError::internal("reading an encoded part", e))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: u64 = 441; // 10 ms at 44.1 kHz
    const UNIT: u64 = 1024 * 441;

    #[test]
    fn parts_are_whole_units_and_cover_the_audio() {
        let frames = 26_460_000; // 10 minutes at 44.1 kHz
        let parts = plan(frames, 2, WINDOW);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].start, 0);
        assert_eq!(parts[0].end, Some(parts[1].start));
        assert_eq!(parts[1].end, None);
        assert_eq!(parts[1].start % UNIT, 0);
        assert!(parts[1].start.abs_diff(frames / 2) < UNIT);
        let three = plan(frames, 3, WINDOW);
        assert_eq!(three.len(), 3);
        assert!(three.windows(2).all(|w| w[0].end == Some(w[1].start)));
    }

    #[test]
    fn short_audio_or_one_core_stays_in_one_part() {
        let whole = vec![Part {
            start: 0,
            end: None,
        }];
        assert_eq!(plan(2 * UNIT - 1, 4, WINDOW), whole);
        assert_eq!(plan(26_460_000, 1, WINDOW), whole);
        assert_eq!(plan(0, 2, WINDOW), whole);
        // as many parts as units at most, each at least a unit long
        let parts = plan(3 * UNIT + 5, 8, WINDOW);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[1].start, UNIT);
        assert_eq!(parts[2].start, 2 * UNIT);
    }

    #[test]
    fn each_frame_of_the_timeline_is_kept_by_exactly_one_part() {
        let parts = plan(5 * UNIT + 300, 3, WINDOW);
        // frames of a part's encoder: its priming frame, its input, one frame of flush
        let kept: Vec<Vec<u64>> = parts
            .iter()
            .map(|p| {
                let input = p.input_end().unwrap_or(5 * UNIT + 300) - p.input_start();
                let encoded = input.div_ceil(AAC_FRAME) + 2;
                (0..encoded)
                    .filter(|&i| p.keeps_frame(i))
                    .map(|i| p.input_start() + i * AAC_FRAME)
                    .collect()
            })
            .collect();
        // the timeline positions (priming included) run on without a gap or a repeat
        let all: Vec<u64> = kept.concat();
        assert_eq!(all[0], 0, "the first part keeps its priming frame");
        assert!(all.windows(2).all(|w| w[1] == w[0] + AAC_FRAME));
        assert!(parts[1..].iter().all(|p| p.lead_in() == PRE_ROLL_FRAMES));
    }

    /// An ADTS frame of `payload` bytes whose first payload byte is `tag`.
    fn adts_frame(tag: u8, payload: usize) -> Vec<u8> {
        let length = 7 + payload;
        let mut frame = vec![
            0xFF,
            0xF1,
            0x50,
            0x40 | ((length >> 11) as u8 & 0x03),
            (length >> 3) as u8,
            ((length & 0x07) as u8) << 5 | 0x1F,
            0xFC,
        ];
        frame.push(tag);
        frame.resize(length, 0);
        frame
    }

    #[test]
    fn splice_keeps_each_parts_own_frames_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let parts = plan(2 * UNIT, 2, WINDOW);
        let mut files = Vec::new();
        let mut kept_tags = Vec::new();
        for (k, part) in parts.iter().enumerate() {
            let input = part.input_end().unwrap_or(2 * UNIT) - part.input_start();
            let count = input.div_ceil(AAC_FRAME) + 2;
            let path = dir.path().join(format!("{k}.aac"));
            let mut bytes = Vec::new();
            for i in 0..count {
                let tag = (i % 251) as u8;
                bytes.extend(adts_frame(tag, 10 + (i % 3) as usize));
                if part.keeps_frame(i) {
                    kept_tags.push(tag);
                }
            }
            std::fs::write(&path, bytes).unwrap();
            files.push((path, *part));
        }
        let out = dir.path().join("joined.aac");
        let written = splice(&files, &out).unwrap();
        assert_eq!(written as usize, kept_tags.len());
        // the joined stream reads back frame by frame, each the frame a part kept
        let joined = std::fs::read(&out).unwrap();
        let mut reader = joined.as_slice();
        let mut frame = Vec::new();
        let mut tags = Vec::new();
        while next_frame(&mut reader, &mut frame).unwrap() {
            tags.push(frame[7]);
        }
        assert_eq!(tags, kept_tags);
        assert_eq!(written, 2 * UNIT / AAC_FRAME + 2);
    }

    #[test]
    fn what_is_not_adts_is_refused() {
        let mut frame = Vec::new();
        let err = next_frame(&mut &b"RIFF\0\0\0\0WAVE"[..], &mut frame).unwrap_err();
        assert!(err.to_string().contains("not ADTS"));
        let mut short = adts_frame(1, 0);
        short[4] = 0;
        short[5] &= 0x1F;
        assert!(next_frame(&mut short.as_slice(), &mut frame).is_err());
    }
}
