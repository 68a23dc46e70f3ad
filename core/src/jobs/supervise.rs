//! Keeping workers alive whatever a job does. Each run is a task of its own: a panic ends that
//! run (the job fails with a reason a user can read) instead of the worker that claimed it, so
//! a pool never shrinks; and every run has a time limit, so a hung call cannot hold a pool for
//! good.

use std::future::Future;
use std::time::Duration;

use tokio::task::AbortHandle;
use tracing::Instrument;

use crate::CoreResult;

/// How a supervised run ended.
#[derive(Debug)]
pub enum Ended {
    /// The job returned (successfully or not).
    Returned(CoreResult<String>),
    /// The job panicked; the message is for the log only.
    Panicked(String),
    /// The job ran past its time limit and was stopped.
    TimedOut(Duration),
}

impl Ended {
    /// Why the job failed, in words for its owner, for the endings that are not its own error.
    pub fn reason(&self) -> Option<String> {
        match self {
            Self::Returned(_) => None,
            Self::Panicked(_) => Some(
                "the job stopped on an internal error and was not retried; the server log has the details"
                    .to_owned(),
            ),
            Self::TimedOut(limit) => Some(format!(
                "the job ran longer than the time limit of {} (CARDSMITH_JOB_TIMEOUT_SECS) and was stopped",
                human(*limit)
            )),
        }
    }
}

/// Runs `job` as its own task under a time limit. Dropping the returned future (the job was
/// cancelled, the server stops) aborts the task, and with it any child process it holds.
pub async fn supervised<F>(job: F, limit: Duration) -> Ended
where
    F: Future<Output = CoreResult<String>> + Send + 'static,
{
    let task = tokio::spawn(job.in_current_span());
    let _abort = AbortOnDrop(task.abort_handle());
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(result)) => Ended::Returned(result),
        Ok(Err(join)) => match join.try_into_panic() {
            Ok(payload) => Ended::Panicked(panic_message(payload.as_ref())),
            // only aborted from here, which does not happen while we wait
            Err(_) => Ended::Panicked("the job task was cancelled".into()),
        },
        Err(_) => Ended::TimedOut(limit),
    }
}

struct AbortOnDrop(AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// `3 h`, `90 min`, `45 s`.
fn human(limit: Duration) -> String {
    let secs = limit.as_secs();
    if secs >= 3600 && secs.is_multiple_of(3600) {
        format!("{} h", secs / 3600)
    } else if secs >= 60 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else if secs > 0 {
        format!("{secs} s")
    } else {
        format!("{} ms", limit.as_millis())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    use super::*;

    #[tokio::test]
    async fn a_panic_is_an_ending_not_a_crash() {
        let ended = supervised(
            async {
                if true {
                    panic!("boom in a job");
                }
                Ok(String::new())
            },
            Duration::from_secs(5),
        )
        .await;
        match &ended {
            Ended::Panicked(message) => assert_eq!(message, "boom in a job"),
            other => panic!("{other:?}"),
        }
        let reason = ended.reason().unwrap();
        assert!(reason.contains("internal error") && !reason.contains("boom"));
    }

    #[tokio::test]
    async fn a_run_past_its_limit_is_stopped() {
        struct Flag(Arc<AtomicBool>);
        impl Drop for Flag {
            fn drop(&mut self) {
                self.0.store(true, Ordering::SeqCst);
            }
        }
        let dropped = Arc::new(AtomicBool::new(false));
        let flag = Flag(dropped.clone());
        let ended = supervised(
            async move {
                let _flag = flag;
                tokio::time::sleep(Duration::from_secs(60)).await;
                Ok(String::new())
            },
            Duration::from_millis(50),
        )
        .await;
        assert!(matches!(ended, Ended::TimedOut(_)), "{ended:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(dropped.load(Ordering::SeqCst), "the job task was aborted");
        assert!(ended.reason().unwrap().contains("50 ms"));
        assert!(Ended::TimedOut(Duration::from_secs(3 * 3600))
            .reason()
            .unwrap()
            .contains("3 h"));
    }

    #[tokio::test]
    async fn results_pass_through() {
        let ended = supervised(async { Ok("done".to_owned()) }, Duration::from_secs(5)).await;
        assert!(matches!(ended, Ended::Returned(Ok(ref s)) if s == "done"));
        assert!(ended.reason().is_none());
    }
}
