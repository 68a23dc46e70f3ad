//! Background work runs below the server's own priority, so a page, a card poll or a sign-in
//! never waits for a core or the disk an encoder holds.
//!
//! A worker runs each job inside [`as_background`]. Inside it:
//! - child processes made with [`command`] (ffmpeg, ffprobe, the speech engines) start
//!   [`NICENESS`] steps nicer than the server and in the lowest best-effort disk class (as
//!   `nice -n 10 ionice -c 2 -n 7` would start them);
//! - CPU work handed to [`blocking`] (decoding a whole file, drawing a cover) runs on threads
//!   of its own at the same niceness, not on Tokio's blocking pool, which reads the files a
//!   request serves and hashes sign-in passwords;
//! - the jobs it queues are bulk work (`jobs::Priority::Bulk`).
//!
//! Outside it (a request), the same calls run at the server's priority: finishing the recording
//! a parent waits for is not background work. Niceness only ever goes up, which needs no
//! privilege; a system that refuses it leaves the work at the server's priority.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{LazyLock, Mutex};

use crate::{CoreError, CoreResult};

/// How many steps nicer than the server background work runs: at 10, the kernel gives a
/// busy server thread about ten times the CPU share of a busy encoder.
pub const NICENESS: i32 = 10;

tokio::task_local! {
    /// Set while a worker runs a job.
    static BACKGROUND: ();
}

/// Runs `work` (a job's run) as background work.
pub(crate) async fn as_background<F: std::future::Future>(work: F) -> F::Output {
    BACKGROUND.scope((), work).await
}

/// Whether the caller runs inside [`as_background`].
pub fn in_background() -> bool {
    BACKGROUND.try_with(|_| ()).is_ok()
}

/// A command for `program` that starts below the server when the caller is background work.
pub fn command(program: &str) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(program);
    if in_background() {
        // SAFETY: runs in the forked child before exec, where only async-signal-safe calls
        // are allowed: `lower_calling_thread` makes two system calls and touches no memory
        // shared with the parent.
        unsafe {
            command.pre_exec(|| {
                lower_calling_thread();
                Ok(())
            });
        }
    }
    command
}

/// Runs `work` on a thread that may block: a background thread below the server inside
/// [`as_background`], Tokio's blocking pool outside it. A panic in `work` is an internal
/// error, as a panicking `spawn_blocking` task is.
pub async fn blocking<T, F>(work: F) -> CoreResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    if !in_background() {
        return tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| CoreError::internal("blocking task", e));
    }
    let (answer, answered) = tokio::sync::oneshot::channel();
    let task: Task = Box::new(move || {
        let _ = answer.send(catch_unwind(AssertUnwindSafe(work)));
    });
    BACKGROUND_THREADS
        .lock()
        .map_err(|_| CoreError::Internal("background threads: poisoned".into()))?
        .send(task)
        .map_err(|_| CoreError::Internal("background threads: gone".into()))?;
    match answered.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(_)) => Err(CoreError::Internal("a background task panicked".into())),
        Err(_) => Err(CoreError::Internal("a background task was dropped".into())),
    }
}

type Task = Box<dyn FnOnce() + Send>;

/// The background threads' inbox: one thread per core, each lowered once when it starts.
static BACKGROUND_THREADS: LazyLock<Mutex<mpsc::Sender<Task>>> = LazyLock::new(|| {
    let (send, receive) = mpsc::channel::<Task>();
    let receive = std::sync::Arc::new(Mutex::new(receive));
    for i in 0..crate::cores() {
        let receive = receive.clone();
        let started = std::thread::Builder::new()
            .name(format!("background-{i}"))
            .spawn(move || {
                lower_calling_thread();
                loop {
                    let next = match receive.lock() {
                        Ok(inbox) => inbox.recv(),
                        Err(_) => return,
                    };
                    match next {
                        Ok(task) => task(),
                        Err(_) => return,
                    }
                }
            });
        if let Err(e) = started {
            tracing::error!(error = %e, "starting a background thread failed");
        }
    }
    Mutex::new(send)
});

/// Lowers the calling thread (on Linux a priority is a thread's): [`NICENESS`] steps nicer,
/// and the lowest best-effort disk priority. Failures leave it as it was.
fn lower_calling_thread() {
    // SAFETY: plain system calls on the calling thread, with no pointers.
    unsafe {
        // Linux's `nice` sets the calling thread's niceness relative to its own
        libc::nice(NICENESS);
        #[cfg(target_os = "linux")]
        {
            const IOPRIO_WHO_PROCESS: libc::c_long = 1;
            const IOPRIO_CLASS_BEST_EFFORT: libc::c_long = 2;
            const LOWEST: libc::c_long = 7;
            libc::syscall(
                libc::SYS_ioprio_set,
                IOPRIO_WHO_PROCESS,
                0,
                (IOPRIO_CLASS_BEST_EFFORT << 13) | LOWEST,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calling thread's niceness.
    fn niceness() -> i32 {
        // SAFETY: a plain system call; `who` 0 is the calling thread on Linux
        unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
    }

    async fn child_says() -> String {
        let out = command("sh")
            .args(["-c", "nice; ionice"])
            .output()
            .await
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    }

    /// A child started by background work runs 10 steps nicer and in the lowest best-effort
    /// disk class; one started by a request runs as the server does.
    #[tokio::test]
    async fn background_children_start_below_the_server() {
        let server = niceness();
        let request = child_says().await;
        let job = as_background(child_says()).await;
        let lines = |s: &str| s.lines().map(str::to_owned).collect::<Vec<_>>();
        let (request, job) = (lines(&request), lines(&job));
        assert_eq!(request[0], server.to_string(), "{request:?}");
        assert_eq!(job[0], (server + NICENESS).min(19).to_string(), "{job:?}");
        assert_eq!(job[1], "best-effort: prio 7", "{job:?}");
        // a request's child keeps the disk priority of the server (this test) as it is
        let ours = std::process::Command::new("ionice")
            .args(["-p", &std::process::id().to_string()])
            .output()
            .unwrap();
        let ours = String::from_utf8(ours.stdout).unwrap();
        assert_eq!(request[1], ours.trim(), "{request:?}");
    }

    /// Background CPU work runs on a thread 10 steps nicer; a request's on Tokio's blocking
    /// pool at the server's niceness. A panic is an error, and the threads go on.
    #[tokio::test]
    async fn background_blocking_work_runs_below_the_server() {
        let server = niceness();
        assert_eq!(blocking(niceness).await.unwrap(), server);
        let lowered = as_background(blocking(niceness)).await.unwrap();
        assert_eq!(lowered, (server + NICENESS).min(19));
        let panicked = as_background(blocking(|| panic!("a bug"))).await;
        assert!(matches!(panicked, Err::<(), _>(CoreError::Internal(_))));
        for _ in 0..4 {
            assert_eq!(as_background(blocking(|| 7)).await.unwrap(), 7);
        }
    }
}
