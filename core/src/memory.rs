//! How the server process keeps its resident memory bounded: the allocator's settings, the
//! runtime's thread limits, and handing freed memory back to the system after a burst.
//!
//! # What held the memory (issue 14, measured on the release build)
//!
//! The server idled at 35–42 MiB (11 MiB of it anonymous, the rest the binary's code pages),
//! rose to 189–224 MiB under a load of 2,000 Range GETs and 400 listings of 1,000 cards over
//! 8 signed-in connections, and *stayed* there. heaptrack put the live heap's peak at 48 MiB
//! and what was still allocated afterwards at under 3 MiB: the rest was freed memory that
//! glibc's allocator kept.
//!
//! - **Argon2.** Every password check fills a 19 MiB block (`Argon2::default()`). glibc maps a
//!   block that large on its own and unmaps it when freed, but the first such free also raises
//!   its *dynamic* mmap threshold to 19 MiB (and its trim threshold to twice that): from then
//!   on every sign-in's block came from the heap arena of whichever blocking thread ran it,
//!   and stayed there, 19 MiB per arena, up to 8 arenas per core.
//! - **Buffers of a few hundred KiB** (the 256 KiB reads of audio streams, a ~600 KiB card
//!   list) the same way, spread over many arenas.
//!
//! With the thresholds fixed ([`tune_allocator`]), the same load peaked at 81–84 MiB (two
//! sign-ins hashing at once are most of that) and ended at 46–48 MiB; the periodic [`trim`]
//! brought that to 41–42 MiB within 30 s, and the trim after start-up takes the idle
//! process's anonymous memory from 11 to 6 MiB.
//!
//! Elsewhere: each database connection's page cache is bounded (`db::PAGE_CACHE_PRAGMA`).

use std::time::Duration;

/// Largest allocation served from a heap arena; larger ones are mapped on their own and
/// unmapped the moment they are freed. Above the audio stream's 256 KiB reads and a
/// 1,000-card list (~600 KiB), which are reused from the arenas; below an Argon2 block
/// (19 MiB) and decoded images. Setting it at all switches off glibc's dynamic threshold,
/// which is what let one freed Argon2 block pull every later one into the heap.
pub const MMAP_THRESHOLD: usize = 1024 * 1024;

/// Free memory an arena keeps at its top before giving it back. Setting the mmap threshold
/// fixes this one at glibc's 128 KiB default, and at that size every 256 KiB read buffer was
/// given back and faulted in again: Range GETs ran at about half their rate (~1,000 instead
/// of ~1,800 req/s on one connection). 4 MiB measured as fast as glibc's defaults.
pub const TRIM_THRESHOLD: usize = 4 * 1024 * 1024;

/// Heap arenas: one per core (at least 2) instead of glibc's eight per core. Each thread that
/// allocates may otherwise get an arena of its own and the memory freed in it is not shared;
/// the blocking pool and the database connections bring dozens of threads.
pub fn arena_count() -> usize {
    crate::cores().max(2)
}

/// Most threads the runtime's blocking pool may have (tokio's default is 512). Each one can
/// hold an Argon2 block while it hashes a password, so this also bounds that memory; file
/// reads of the audio streams take a few microseconds each, and 8 busy connections kept under
/// 30 threads busy.
pub const MAX_BLOCKING_THREADS: usize = 32;

/// How long an idle blocking thread waits for work before it ends (tokio's default, stated).
pub const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(10);

/// How often freed memory is handed back to the system, whatever the load.
pub const TRIM_EVERY: Duration = Duration::from_secs(30);

/// Applies the allocator settings above. Call it first thing in `main`, before any thread is
/// started (arenas already made are not undone). Answers whether glibc accepted all of them;
/// elsewhere than glibc it does nothing and answers `true`.
pub fn tune_allocator() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let settings = [
            (libc::M_ARENA_MAX, arena_count()),
            (libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD),
            (libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD),
        ];
        let tuned = settings.iter().all(|&(param, value)| {
            let value = libc::c_int::try_from(value).unwrap_or(libc::c_int::MAX);
            // SAFETY: mallopt only reads its two integer arguments.
            unsafe { libc::mallopt(param, value) == 1 }
        });
        TUNED.store(tuned, std::sync::atomic::Ordering::Relaxed);
        tuned
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    true
}

/// Whether [`tune_allocator`] set this process's allocator up (the server's `main` does).
static TUNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Trims when a piece of work (a job) has just ended, so its buffers go back at once rather
/// than at the next [`TRIM_EVERY`]; only in a process whose allocator was tuned (the server).
/// A process embedding the core otherwise (the API test binary, hundreds of servers in one
/// heap with glibc's default arenas) keeps its allocator's own policy.
pub fn trim_after_work() {
    if TUNED.load(std::sync::atomic::Ordering::Relaxed) {
        trim();
    }
}

/// Gives the free pages of every arena back to the system (glibc's `malloc_trim`); a no-op
/// elsewhere. Takes about a millisecond on a heap of tens of MiB.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim takes the allocator's own locks; any thread may call it.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Trims every [`TRIM_EVERY`], so memory freed after a burst of requests goes back within
/// half a minute; runs until the runtime stops.
pub async fn trim_periodically() {
    let mut tick = tokio::time::interval(TRIM_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if tokio::task::spawn_blocking(trim).await.is_err() {
            return;
        }
    }
}

/// The server's multi-threaded runtime: a worker per core (tokio's default) and a blocking
/// pool of at most [`MAX_BLOCKING_THREADS`].
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .thread_keep_alive(BLOCKING_KEEP_ALIVE)
        .build()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Condvar, Mutex};

    use super::*;

    /// The blocking pool never runs more than its bound at once, and reaches it: tasks wait
    /// at a gate that opens only once `MAX_BLOCKING_THREADS` of them are inside together.
    #[test]
    fn blocking_pool_runs_at_most_its_bound_at_once() {
        #[derive(Default)]
        struct Gate {
            inside: usize,
            most: usize,
            open: bool,
        }
        let gate = Arc::new((Mutex::new(Gate::default()), Condvar::new()));
        let rt = runtime().unwrap();
        rt.block_on(async {
            let tasks: Vec<_> = (0..2 * MAX_BLOCKING_THREADS)
                .map(|_| {
                    let gate = gate.clone();
                    tokio::task::spawn_blocking(move || {
                        let (lock, opened) = &*gate;
                        let mut g = lock.lock().unwrap();
                        g.inside += 1;
                        g.most = g.most.max(g.inside);
                        if g.inside == MAX_BLOCKING_THREADS {
                            g.open = true;
                            opened.notify_all();
                        }
                        while !g.open {
                            g = opened.wait(g).unwrap();
                        }
                        g.inside -= 1;
                    })
                })
                .collect();
            for task in tasks {
                task.await.unwrap();
            }
        });
        assert_eq!(gate.0.lock().unwrap().most, MAX_BLOCKING_THREADS);
    }

    /// glibc accepts the settings. (Where a large block then lands cannot be asserted here:
    /// other tests of this process filled the heap arenas before the thresholds were set, and
    /// glibc serves a large request from a free chunk of its arena before it maps one. The
    /// server sets them before its first allocation; the README gives the measured effect.)
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn glibc_accepts_the_bounds() {
        assert!(tune_allocator());
    }
}
