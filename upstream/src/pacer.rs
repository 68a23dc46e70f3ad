//! Spacing of track operations. The platform publishes no rate limits; the service keeps at
//! least a fixed gap between two track operations of one account, which observation shows is
//! tolerated, instead of discovering the limit through 429s.

use std::time::Duration;

use tokio::sync::Mutex;
use tokio::time::Instant;

/// Hands out turns at least `interval` apart, first come first served.
#[derive(Debug)]
pub struct Pacer {
    interval: Duration,
    next_turn: Mutex<Option<Instant>>,
}

impl Pacer {
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            next_turn: Mutex::new(None),
        }
    }

    /// Waits until this caller may start its operation.
    pub async fn wait_turn(&self) {
        let mut next = self.next_turn.lock().await;
        if let Some(at) = *next {
            tokio::time::sleep_until(at).await;
        }
        *next = Some(Instant::now() + self.interval);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Paused tokio time: the clock only moves when every task sleeps, so this checks the
    // pacing without depending on the machine's speed.
    #[tokio::test(start_paused = true)]
    async fn turns_are_spaced_by_the_interval() {
        let pacer = Pacer::new(Duration::from_millis(500));
        let start = Instant::now();
        pacer.wait_turn().await;
        assert_eq!(start.elapsed(), Duration::ZERO);
        pacer.wait_turn().await;
        pacer.wait_turn().await;
        assert_eq!(start.elapsed(), Duration::from_millis(1000));
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_pacer_does_not_delay() {
        let pacer = Pacer::new(Duration::from_millis(500));
        pacer.wait_turn().await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let before = Instant::now();
        pacer.wait_turn().await;
        assert_eq!(before.elapsed(), Duration::ZERO);
    }
}
