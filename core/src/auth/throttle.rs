//! Rate limits on sign-in attempts, kept in memory per client address and per
//! (address, email), so a flood of guesses is refused before it costs an argon2 hash.
//!
//! Each key has a budget of `limit` attempts that refills evenly over a minute (the generic
//! cell rate algorithm: one timestamp per key, no timers). A refused attempt costs nothing,
//! so a client that waits `Retry-After` always gets through. The limits are per process: a
//! restart forgets them, which is fine because the lockout (in the database) still holds.
//!
//! The per-account key includes the address on purpose: a per-email budget shared by every
//! address would let anybody keep the owner from signing in by spending it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::CoreError;

/// Past this many keys, those whose budget is full again are forgotten (at most once a
/// second), so the table stays as small as the traffic of the last minute.
const SWEEP_ABOVE: usize = 4096;

/// One limit: `limit` attempts per `window`, as a burst that refills evenly.
struct Limiter {
    interval: Duration,
    window: Duration,
    /// Per key, the "theoretical arrival time": when its budget will be full again.
    full_at: HashMap<String, Instant>,
    swept_at: Option<Instant>,
}

impl Limiter {
    fn new(limit: u32, window: Duration) -> Self {
        Self {
            interval: window / limit.max(1),
            window,
            full_at: HashMap::new(),
            swept_at: None,
        }
    }

    /// Takes one attempt from `key`'s budget, or says how long until one is free.
    fn take(&mut self, key: &str, now: Instant) -> Result<(), Duration> {
        let sweep_due = self
            .swept_at
            .is_none_or(|t| now.saturating_duration_since(t) >= Duration::from_secs(1));
        if self.full_at.len() >= SWEEP_ABOVE && sweep_due {
            self.full_at.retain(|_, full_at| *full_at > now);
            self.swept_at = Some(now);
        }
        let full_at = self.full_at.get(key).copied().unwrap_or(now).max(now);
        let next = full_at + self.interval;
        if next > now + self.window {
            return Err(next - self.window - now);
        }
        self.full_at.insert(key.to_owned(), next);
        Ok(())
    }

    /// Gives one attempt back (a sign-in that succeeded was not a guess).
    fn give_back(&mut self, key: &str) {
        if let Some(full_at) = self.full_at.get_mut(key) {
            *full_at = full_at
                .checked_sub(self.interval)
                .unwrap_or(*full_at)
                .max(Instant::now());
        }
    }
}

/// The sign-in limits of one server.
pub struct LoginThrottle {
    per_address: Mutex<Limiter>,
    per_account: Mutex<Limiter>,
}

impl LoginThrottle {
    /// `per_address` attempts a minute from one address, `per_account` of them for one email.
    pub fn new(per_address: u32, per_account: u32) -> Self {
        let minute = Duration::from_secs(60);
        Self {
            per_address: Mutex::new(Limiter::new(per_address, minute)),
            per_account: Mutex::new(Limiter::new(per_account, minute)),
        }
    }

    /// Admits one attempt for `email` from `address`, or answers 429 with `Retry-After`.
    /// Unknown addresses (no TCP peer, e.g. in-process calls) share one budget.
    pub fn admit(&self, address: Option<IpAddr>, email: &str) -> Result<(), CoreError> {
        let (address_key, account_key) = keys(address, email);
        let now = Instant::now();
        let mut per_address = lock(&self.per_address);
        let mut per_account = lock(&self.per_account);
        // Check both before taking from either, so a refusal costs nothing.
        let waits = [
            per_address.peek(&address_key, now),
            per_account.peek(&account_key, now),
        ];
        if let Some(wait) = waits.into_iter().flatten().max() {
            return Err(too_many(wait));
        }
        per_address.take(&address_key, now).map_err(too_many)?;
        per_account.take(&account_key, now).map_err(too_many)
    }

    /// Admits one request of `actor` (per client address and per address and user), or
    /// answers 429 saying "too many `what`" with `Retry-After`: the throttles of actions
    /// other than signing in (speech, stories, invitations) name their own action.
    pub fn admit_actor(&self, actor: &crate::Actor, what: &str) -> Result<(), CoreError> {
        self.admit(actor.ip, actor.id()).map_err(|e| match e {
            CoreError::TooManyRequests { retry_after_s, .. } => CoreError::TooManyRequests {
                detail: format!("too many {what}; try again in {retry_after_s} second(s)"),
                retry_after_s,
            },
            other => other,
        })
    }

    /// A successful sign-in returns its attempt to the (address, email) budget, so people who
    /// sign in on several tabs are not slowed by their own successes.
    pub fn succeeded(&self, address: Option<IpAddr>, email: &str) {
        let (_, account_key) = keys(address, email);
        lock(&self.per_account).give_back(&account_key);
    }
}

impl Limiter {
    /// How long `key` must wait for one attempt, without taking it.
    fn peek(&self, key: &str, now: Instant) -> Option<Duration> {
        let full_at = self.full_at.get(key).copied().unwrap_or(now).max(now);
        let next = full_at + self.interval;
        (next > now + self.window).then(|| next - self.window - now)
    }
}

/// The key of a client address in limits and lockouts ('' when unknown). IPv6 clients are
/// keyed by their /64: one household or server gets a whole /64 and could otherwise rotate
/// addresses to get fresh budgets and fresh lockout counts.
pub fn address_key(address: Option<IpAddr>) -> String {
    match address {
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Some(IpAddr::V4(v4)) => v4.to_string(),
        None => String::new(),
    }
}

fn keys(address: Option<IpAddr>, email: &str) -> (String, String) {
    let address = address_key(address);
    let account = format!("{address} {}", crate::users::repo::normalise_email(email));
    (address, account)
}

fn lock(m: &Mutex<Limiter>) -> std::sync::MutexGuard<'_, Limiter> {
    // A panic while holding this lock cannot leave the map inconsistent; keep serving.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn too_many(wait: Duration) -> CoreError {
    let retry_after_s = (wait.as_millis().div_ceil(1000) as i64).max(1);
    CoreError::TooManyRequests {
        detail: format!("too many sign-in attempts; try again in {retry_after_s} second(s)"),
        retry_after_s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([127, 0, 0, last]))
    }

    #[test]
    fn a_burst_then_one_per_interval() {
        let mut l = Limiter::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(l.take("k", t0).is_ok());
        }
        let wait = l.take("k", t0).unwrap_err();
        assert!(wait <= Duration::from_secs(20) && wait > Duration::from_secs(19));
        assert!(l.take("other", t0).is_ok(), "keys are independent");
        assert!(l.take("k", t0 + Duration::from_secs(20)).is_ok());
        assert!(l.take("k", t0 + Duration::from_secs(20)).is_err());
    }

    #[test]
    fn per_account_limit_is_per_address_and_refusals_are_free() {
        let t = LoginThrottle::new(30, 2);
        assert!(t.admit(ip(1), "A@x.org").is_ok());
        assert!(t.admit(ip(1), "a@x.org ").is_ok());
        let err = t.admit(ip(1), "a@x.org").unwrap_err();
        assert!(
            matches!(err, CoreError::TooManyRequests { retry_after_s, .. } if retry_after_s > 0 && retry_after_s <= 30)
        );
        assert!(
            t.admit(ip(2), "a@x.org").is_ok(),
            "another address is not held back"
        );
        assert!(t.admit(ip(1), "b@x.org").is_ok());
        t.succeeded(ip(1), "a@x.org");
        assert!(
            t.admit(ip(1), "a@x.org").is_ok(),
            "a success gives its attempt back"
        );
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_slash_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(address_key(Some(a)), address_key(Some(b)));
        assert_eq!(address_key(Some(a)), "2001:db8:1:2::/64");
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(Some(mapped)), "192.0.2.7");
        assert_eq!(address_key(None), "");
    }

    #[test]
    fn per_address_limit_covers_every_email() {
        let t = LoginThrottle::new(3, 10);
        for n in 0..3 {
            assert!(t.admit(ip(1), &format!("u{n}@x.org")).is_ok());
        }
        assert!(t.admit(ip(1), "u9@x.org").is_err());
        assert!(t.admit(ip(2), "u9@x.org").is_ok());
    }
}
