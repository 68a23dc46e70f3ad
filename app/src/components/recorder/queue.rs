//! The chunk queue of one take: pure bookkeeping, no browser in sight, so it is tested natively.
//!
//! The recorder pushes chunks as MediaRecorder delivers them; each gets the next sequence
//! number. The uploader always sends the first chunk the server has not acknowledged, and hands
//! every answer of the chunk endpoint (its `next_seq`, from a 204 or a 409) back here: chunks
//! below it are stored; a `next_seq` below what was already acknowledged is a gap the server
//! reports, and sending goes back to it (chunks stay here until the take ends, so a re-sent
//! chunk is harmless). A send that got no answer at all puts the link down and says how long
//! to wait before the next try; the browser's `online` event cuts that wait short. The take may
//! be finished only once the recorder has delivered its last chunk and every chunk is stored.

// Only the browser's uploader uses the queue (and the tests); the server never records.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

use std::collections::VecDeque;

/// The first wait after a send got no answer; it doubles with each further failure.
pub const FIRST_BACKOFF_MS: u32 = 1_000;
/// The longest wait between two tries while the connection is down.
pub const MAX_BACKOFF_MS: u32 = 10_000;

/// Whether the chunk endpoint is reachable, as far as the last send could tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// The last send was answered.
    Up,
    /// The last `failures` sends got no answer; `woken` once the browser said it is online
    /// again, so the wait before the next try ends early.
    Down { failures: u32, woken: bool },
}

/// What one answer of the chunk endpoint meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Chunks `from..to` are stored now (`from == to` when the answer stored nothing new): their
    /// durable copies can go.
    Stored { from: u64, to: u64 },
    /// The server is missing chunks this queue thought stored: sending goes back to `from`.
    Resend { from: u64 },
    /// The server wants chunk `from`, which this queue no longer holds (it was recorded before a
    /// reload and not kept): what follows cannot be appended.
    Lost { from: u64 },
}

/// The chunks of one take and what the server has of them. `C` is the chunk (a `Blob` in the
/// browser, anything in tests).
#[derive(Debug)]
pub struct ChunkQueue<C> {
    /// Sequence number of `chunks[0]`: 0 for a fresh take, the first kept one after a reload.
    base: u64,
    chunks: VecDeque<C>,
    /// The server's `next_seq`: every chunk below it is stored.
    acked: u64,
    /// The recorder delivered its last chunk.
    closed: bool,
    link: Link,
}

impl<C> Default for ChunkQueue<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C> ChunkQueue<C> {
    /// The queue of a take that starts now.
    pub fn new() -> Self {
        Self {
            base: 0,
            chunks: VecDeque::new(),
            acked: 0,
            closed: false,
            link: Link::Up,
        }
    }

    /// The queue of a take interrupted by a reload: `kept` are the chunks that were not known to
    /// be stored (in any order), `acked` the last `next_seq` heard before the reload. Only the
    /// run without holes from the first kept chunk is usable: a chunk after a hole could not be
    /// appended anyway. Nothing more will be recorded into it, so it is closed.
    pub fn kept(acked: u64, mut kept: Vec<(u64, C)>) -> Self {
        kept.sort_by_key(|(seq, _)| *seq);
        let base = kept.first().map_or(acked, |(seq, _)| *seq);
        let mut chunks = VecDeque::new();
        for (seq, chunk) in kept {
            if seq != base + chunks.len() as u64 {
                break;
            }
            chunks.push_back(chunk);
        }
        Self {
            base,
            chunks,
            // the meta record is written after the chunks are forgotten, so the first kept chunk
            // is where the server is, as far as this tab can know
            acked: base,
            closed: true,
            link: Link::Up,
        }
    }

    /// Adds the recorder's next chunk; answers its sequence number.
    pub fn push(&mut self, chunk: C) -> u64 {
        debug_assert!(!self.closed, "a chunk after the recorder stopped");
        self.chunks.push_back(chunk);
        self.end() - 1
    }

    /// The recorder has delivered its last chunk.
    pub fn close(&mut self) {
        self.closed = true;
    }

    /// The chunk to send now: the first one the server has not acknowledged.
    pub fn next(&self) -> Option<(u64, &C)> {
        let index = usize::try_from(self.acked.checked_sub(self.base)?).ok()?;
        self.chunks.get(index).map(|c| (self.acked, c))
    }

    /// The server answered with `next_seq` (a 204, or a 409 naming the chunk it misses).
    pub fn answered(&mut self, next_seq: u64) -> Answer {
        self.link = Link::Up;
        if next_seq < self.base {
            return Answer::Lost { from: next_seq };
        }
        if next_seq < self.acked {
            self.acked = next_seq;
            return Answer::Resend { from: next_seq };
        }
        let from = self.acked;
        // a server ahead of what was pushed cannot be, short of a bug: never skip past `end`
        self.acked = next_seq.min(self.end());
        Answer::Stored {
            from,
            to: self.acked,
        }
    }

    /// A send got no answer (offline, server unreachable): the link is down; answers how many
    /// milliseconds to wait before trying again (1 s, 2 s, 4 s, … at most 10 s).
    pub fn send_failed(&mut self) -> u32 {
        let failures = match self.link {
            Link::Up => 1,
            Link::Down { failures, .. } => failures.saturating_add(1),
        };
        self.link = Link::Down {
            failures,
            woken: false,
        };
        FIRST_BACKOFF_MS
            .saturating_mul(1 << (failures - 1).min(10))
            .min(MAX_BACKOFF_MS)
    }

    /// The browser says it is online again: a wait for the next try ends now.
    pub fn back_online(&mut self) {
        if let Link::Down { failures, .. } = self.link {
            self.link = Link::Down {
                failures,
                woken: true,
            };
        }
    }

    /// Whether a wait before the next try should end early.
    pub fn woken(&self) -> bool {
        matches!(self.link, Link::Down { woken: true, .. })
    }

    pub fn link(&self) -> Link {
        self.link
    }

    /// The sequence number the next pushed chunk gets.
    pub fn end(&self) -> u64 {
        self.base + self.chunks.len() as u64
    }

    /// Every chunk below this one is stored on the server.
    pub fn acknowledged(&self) -> u64 {
        self.acked
    }

    /// How many chunks are not stored yet.
    pub fn waiting(&self) -> u64 {
        self.end() - self.acked
    }

    /// The take may be finished: the recorder stopped and every chunk is stored.
    pub fn complete(&self) -> bool {
        self.closed && self.waiting() == 0
    }

    /// The whole take as recorded so far, in order, to listen back to: chunks stay here until
    /// the take ends, stored or not (for a take resumed after a reload, only the kept ones).
    pub fn recorded(&self) -> impl Iterator<Item = &C> {
        self.chunks.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue_of(n: u8) -> ChunkQueue<u8> {
        let mut q = ChunkQueue::new();
        for c in 0..n {
            q.push(c);
        }
        q
    }

    #[test]
    fn chunks_are_numbered_and_sent_in_order_until_acknowledged() {
        let mut q = ChunkQueue::new();
        assert_eq!(q.push('a'), 0);
        assert_eq!(q.push('b'), 1);
        assert_eq!(q.next(), Some((0, &'a')));
        // no answer yet: the same chunk is next again
        assert_eq!(q.next(), Some((0, &'a')));
        assert_eq!(q.answered(1), Answer::Stored { from: 0, to: 1 });
        assert_eq!(q.next(), Some((1, &'b')));
        assert_eq!(q.waiting(), 1);
        assert_eq!(q.answered(2), Answer::Stored { from: 1, to: 2 });
        assert_eq!(q.next(), None);
        assert_eq!(q.acknowledged(), 2);
    }

    #[test]
    fn an_answer_may_acknowledge_several_chunks_but_never_more_than_were_pushed() {
        let mut q = queue_of(3);
        // a re-sent chunk the server already had: it answers where it really is
        assert_eq!(q.answered(2), Answer::Stored { from: 0, to: 2 });
        assert_eq!(q.answered(9), Answer::Stored { from: 2, to: 3 });
        assert_eq!(q.waiting(), 0);
        // the same answer twice stores nothing new
        assert_eq!(q.answered(3), Answer::Stored { from: 3, to: 3 });
    }

    #[test]
    fn a_gap_the_server_reports_sends_again_from_the_missing_chunk() {
        let mut q = queue_of(4);
        q.answered(3);
        assert_eq!(q.next(), Some((3, &3)));
        // the server answers 409 naming chunk 1: chunks 1 and 2 go again, then 3
        assert_eq!(q.answered(1), Answer::Resend { from: 1 });
        assert_eq!(q.next(), Some((1, &1)));
        assert_eq!(q.waiting(), 3);
        assert_eq!(q.answered(2), Answer::Stored { from: 1, to: 2 });
        assert_eq!(q.next(), Some((2, &2)));
    }

    #[test]
    fn a_gap_before_the_kept_chunks_is_lost() {
        let mut q = ChunkQueue::kept(5, vec![(5, 'f'), (6, 'g')]);
        assert_eq!(q.answered(3), Answer::Lost { from: 3 });
        assert!(!q.complete());
    }

    #[test]
    fn offline_sends_back_off_up_to_ten_seconds_and_online_wakes_the_wait() {
        let mut q = queue_of(1);
        assert_eq!(q.link(), Link::Up);
        let waits: Vec<u32> = (0..6).map(|_| q.send_failed()).collect();
        assert_eq!(waits, [1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
        assert!(!q.woken());
        q.back_online();
        assert!(q.woken());
        // the next failure starts a new wait, not woken
        assert_eq!(q.send_failed(), 10_000);
        assert!(!q.woken());
        // an answer puts the link up and the backoff starts over
        q.answered(1);
        assert_eq!(q.link(), Link::Up);
        assert_eq!(q.send_failed(), 1_000);
        // online while up changes nothing
        let mut up = queue_of(1);
        up.back_online();
        assert!(!up.woken());
    }

    #[test]
    fn offline_keeps_every_chunk_until_it_is_stored() {
        let mut q = queue_of(2);
        q.send_failed();
        q.push(2);
        q.send_failed();
        assert_eq!(q.waiting(), 3);
        assert_eq!(q.next(), Some((0, &0)));
        assert_eq!(q.answered(1), Answer::Stored { from: 0, to: 1 });
        assert_eq!(q.waiting(), 2);
    }

    #[test]
    fn finishing_waits_for_the_last_chunk_and_every_acknowledgement() {
        let mut q = queue_of(2);
        q.answered(2);
        // everything sent so far is stored, but the recorder has not delivered its last chunk
        assert!(!q.complete());
        q.push(2);
        q.close();
        assert!(!q.complete());
        q.answered(2);
        assert!(!q.complete());
        q.answered(3);
        assert!(q.complete());
        // a gap reported after that reopens the work
        q.answered(1);
        assert!(!q.complete());
    }

    #[test]
    fn the_whole_take_can_be_listened_to_stored_or_not() {
        let mut q = queue_of(3);
        q.answered(2);
        q.send_failed();
        q.push(3);
        q.close();
        let take: Vec<u8> = q.recorded().copied().collect();
        assert_eq!(take, [0, 1, 2, 3], "stored chunks stay for listening back");
        // a gap the server reports sends again, and changes nothing of what is heard
        q.answered(1);
        assert_eq!(q.recorded().count(), 4);
    }

    #[test]
    fn an_empty_stopped_take_is_complete_at_once() {
        let mut q = ChunkQueue::<u8>::new();
        q.close();
        assert!(q.complete());
    }

    #[test]
    fn kept_chunks_resume_from_the_first_one_and_stop_at_a_hole() {
        let q = ChunkQueue::kept(3, vec![(5, 'f'), (3, 'd'), (4, 'e'), (7, 'h')]);
        assert_eq!(q.next(), Some((3, &'d')));
        assert_eq!(q.end(), 6, "chunk 7 follows a hole and is not usable");
        assert!(!q.complete());
        // the meta record can lag behind: the first kept chunk is where sending starts
        let q = ChunkQueue::kept(1, vec![(2, 'c')]);
        assert_eq!(q.next(), Some((2, &'c')));
        // nothing kept: every chunk was stored, the take only needs finishing
        let q = ChunkQueue::<u8>::kept(4, Vec::new());
        assert_eq!(q.acknowledged(), 4);
        assert!(q.complete());
    }

    #[test]
    fn kept_chunks_the_server_already_has_are_acknowledged_by_its_answer() {
        let mut q = ChunkQueue::kept(2, vec![(2, 'c'), (3, 'd'), (4, 'e')]);
        // chunk 2 was stored just before the reload, its answer lost: the server says 4
        assert_eq!(q.answered(4), Answer::Stored { from: 2, to: 4 });
        assert_eq!(q.next(), Some((4, &'e')));
        q.answered(5);
        assert!(q.complete());
    }
}
