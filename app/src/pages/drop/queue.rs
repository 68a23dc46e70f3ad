//! Which files of a drop still go to the server, and how far they got: the browser sends
//! [`PARALLEL`] at a time, a lost connection puts a file back in the queue (up to
//! [`MAX_TRIES`] times, then it waits for "Resume"), a refusal is final and named, and a file
//! the server already holds (same path and size, from before a reload) is never sent again.
//! Pure, so it is tested natively; the page keeps the browser's `File` objects beside it.

// Sending happens only in the browser: on the server the queue stays empty.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

/// Files sent at once.
pub const PARALLEL: usize = 3;
/// Sends of one file before it waits for the parent.
pub const MAX_TRIES: u8 = 4;

#[derive(Debug, Clone, PartialEq)]
pub enum FileState {
    Waiting,
    Sending,
    /// Kept by the server.
    Stored,
    /// Refused by the server, with its reason (final).
    Refused(String),
    /// Not sent: the connection kept failing. "Resume" sends it again.
    Paused,
    /// Not sent: empty files hold nothing to keep.
    Empty,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub key: u32,
    pub path: String,
    pub size: f64,
    /// Bytes sent so far (of the current try).
    pub sent: f64,
    pub state: FileState,
    pub tries: u8,
}

/// How one send ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Stored,
    Refused(String),
    Offline,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Queue {
    pub items: Vec<Queued>,
    next_key: u32,
}

impl Queue {
    /// Queues the file at `path` of `size` bytes, unless `stored` (the server has it): then it
    /// counts as sent. A path queued before is queued again only if it was not stored.
    /// Answers its key when it is to be sent.
    pub fn add(&mut self, path: &str, size: f64, stored: bool) -> Option<u32> {
        if let Some(item) = self.items.iter_mut().find(|i| i.path == path) {
            if item.state == FileState::Stored || item.state == FileState::Sending {
                return None;
            }
            item.state = if stored {
                FileState::Stored
            } else {
                FileState::Waiting
            };
            item.size = size;
            item.sent = 0.0;
            item.tries = 0;
            return (!stored).then_some(item.key);
        }
        let key = self.next_key;
        self.next_key += 1;
        let state = if stored {
            FileState::Stored
        } else if size == 0.0 {
            FileState::Empty
        } else {
            FileState::Waiting
        };
        let send = state == FileState::Waiting;
        self.items.push(Queued {
            key,
            path: path.to_owned(),
            size,
            sent: 0.0,
            state,
            tries: 0,
        });
        send.then_some(key)
    }

    /// The next file to send, if fewer than [`PARALLEL`] are on their way: marked sending.
    pub fn next(&mut self) -> Option<u32> {
        let sending = self
            .items
            .iter()
            .filter(|i| i.state == FileState::Sending)
            .count();
        if sending >= PARALLEL {
            return None;
        }
        let item = self
            .items
            .iter_mut()
            .find(|i| i.state == FileState::Waiting)?;
        item.state = FileState::Sending;
        item.sent = 0.0;
        item.tries += 1;
        Some(item.key)
    }

    pub fn progress(&mut self, key: u32, fraction: f64) {
        if let Some(item) = self.items.iter_mut().find(|i| i.key == key) {
            item.sent = item.size * fraction.clamp(0.0, 1.0);
        }
    }

    /// Records how the send of `key` ended.
    pub fn finished(&mut self, key: u32, outcome: Outcome) {
        let Some(item) = self.items.iter_mut().find(|i| i.key == key) else {
            return;
        };
        item.state = match outcome {
            Outcome::Stored => FileState::Stored,
            Outcome::Refused(why) => FileState::Refused(why),
            Outcome::Offline if item.tries < MAX_TRIES => FileState::Waiting,
            Outcome::Offline => FileState::Paused,
        };
        if item.state != FileState::Stored {
            item.sent = 0.0;
        }
    }

    /// Puts paused files back in the queue, their tries forgotten.
    pub fn resume(&mut self) {
        for item in &mut self.items {
            if item.state == FileState::Paused {
                item.state = FileState::Waiting;
                item.tries = 0;
            }
        }
    }

    /// `(bytes done, bytes in all)` of the files that go or went to the server.
    pub fn bytes(&self) -> (f64, f64) {
        self.items
            .iter()
            .filter(|i| i.state != FileState::Empty)
            .fold((0.0, 0.0), |(done, all), i| {
                let here = match i.state {
                    FileState::Stored | FileState::Refused(_) => i.size,
                    _ => i.sent,
                };
                (done + here, all + i.size)
            })
    }

    /// Whether nothing is waiting or on its way.
    pub fn idle(&self) -> bool {
        !self
            .items
            .iter()
            .any(|i| matches!(i.state, FileState::Waiting | FileState::Sending))
    }

    pub fn count(&self, wanted: impl Fn(&FileState) -> bool) -> usize {
        self.items.iter().filter(|i| wanted(&i.state)).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_at_a_time_and_a_lost_connection_retries_then_pauses() {
        let mut q = Queue::default();
        for n in 0..5 {
            assert!(q.add(&format!("f{n}"), 100.0, false).is_some());
        }
        let sending: Vec<u32> = std::iter::from_fn(|| q.next()).collect();
        assert_eq!(sending, [0, 1, 2]);
        q.progress(0, 0.5);
        assert_eq!(q.bytes(), (50.0, 500.0));
        q.finished(0, Outcome::Stored);
        q.finished(1, Outcome::Refused("too long".into()));
        q.finished(2, Outcome::Offline);
        assert_eq!(q.bytes(), (200.0, 500.0));
        // the lost file goes back in line and is tried again, up to the limit
        let mut tries = 1;
        while let Some(key) = std::iter::from_fn(|| q.next()).find(|k| *k == 2) {
            tries += 1;
            q.finished(key, Outcome::Offline);
        }
        assert_eq!(tries, MAX_TRIES);
        assert_eq!(q.items[2].state, FileState::Paused);
        q.resume();
        assert_eq!(q.items[2].state, FileState::Waiting);
    }

    #[test]
    fn files_the_server_holds_are_not_sent_again() {
        let mut q = Queue::default();
        assert_eq!(q.add("a", 10.0, true), None);
        assert_eq!(q.add("b", 0.0, false), None);
        assert_eq!(q.items[1].state, FileState::Empty);
        let b = q.add("c", 10.0, false).unwrap();
        assert_eq!(q.next(), Some(b));
        q.finished(b, Outcome::Stored);
        // chosen again after a reload: stored ones stay stored
        assert_eq!(q.add("c", 10.0, false), None);
        assert!(q.idle());
        assert_eq!(q.bytes(), (20.0, 20.0));
    }
}
