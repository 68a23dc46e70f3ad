//! Counts the connections a piece of work takes from the pool, so a test can show that a
//! list asks the database a fixed number of times whatever its length (no query per row).
//!
//! Every statement sent on the pool itself takes a connection, and a transaction takes one
//! for all its statements: with the listings' reads, which run on the pool, the count is the
//! number of queries. The pool's hooks ([`noted`]) run inside `acquire`, in the task that
//! asked, so a task-local counter sees exactly the work inside [`count`] and nothing of
//! other tasks (the job workers polling the same pool, other requests).

use std::cell::Cell;
use std::future::Future;

tokio::task_local! {
    static ACQUIRED: Cell<u64>;
}

/// Runs `work` and returns its output with the number of connections it took from the pool.
pub async fn count<T>(work: impl Future<Output = T>) -> (T, u64) {
    ACQUIRED
        .scope(Cell::new(0), async {
            let out = work.await;
            (out, ACQUIRED.with(Cell::get))
        })
        .await
}

/// Called by the pool each time it hands out a connection (idle or new); counts only inside
/// [`count`].
pub(super) fn noted() {
    let _ = ACQUIRED.try_with(|n| n.set(n.get() + 1));
}
