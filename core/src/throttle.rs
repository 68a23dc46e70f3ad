//! Rate limits, kept in memory per client address and per (address, key): sign-in attempts
//! (the key is the email, so a flood of guesses is refused before it costs an argon2 hash),
//! and every action that costs the server or somebody else something (mail, speech,
//! generations, invitations; the key is the user). Each [`Throttle`] carries the noun its
//! 429 names; [`Throttles`] builds all of them in one place.
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

/// One rate limit: attempts per client address and per (address, key), named by `noun`
/// ("too many `noun`; try again in N seconds").
pub struct Throttle {
    noun: &'static str,
    per_address: Mutex<Limiter>,
    per_key: Mutex<Limiter>,
}

impl Throttle {
    /// `per_address` attempts a minute from one address, `per_key` of them for one key.
    pub fn new(noun: &'static str, per_address: u32, per_key: u32) -> Self {
        let minute = Duration::from_secs(60);
        Self {
            noun,
            per_address: Mutex::new(Limiter::new(per_address, minute)),
            per_key: Mutex::new(Limiter::new(per_key, minute)),
        }
    }

    /// Admits one attempt for `key` (an email, compared as emails are, or a user id) from
    /// `address`, or answers 429 with `Retry-After`. Unknown addresses (no TCP peer, e.g.
    /// in-process calls) share one budget.
    pub fn admit(&self, address: Option<IpAddr>, key: &str) -> Result<(), CoreError> {
        let (address_key, pair_key) = keys(address, key);
        let now = Instant::now();
        let mut per_address = lock(&self.per_address);
        let mut per_key = lock(&self.per_key);
        let too_many = |wait| self.too_many(wait);
        // Check both before taking from either, so a refusal costs nothing.
        let waits = [
            per_address.peek(&address_key, now),
            per_key.peek(&pair_key, now),
        ];
        if let Some(wait) = waits.into_iter().flatten().max() {
            return Err(too_many(wait));
        }
        per_address.take(&address_key, now).map_err(too_many)?;
        per_key.take(&pair_key, now).map_err(too_many)
    }

    /// Admits one request of `actor`: per client address and per (address, user).
    pub fn admit_actor(&self, actor: &crate::Actor) -> Result<(), CoreError> {
        self.admit(actor.ip, actor.id())
    }

    /// A successful sign-in returns its attempt to the (address, email) budget, so people who
    /// sign in on several tabs are not slowed by their own successes.
    pub fn succeeded(&self, address: Option<IpAddr>, key: &str) {
        let (_, pair_key) = keys(address, key);
        lock(&self.per_key).give_back(&pair_key);
    }

    fn too_many(&self, wait: Duration) -> CoreError {
        let retry_after_s = (wait.as_millis().div_ceil(1000) as i64).max(1);
        CoreError::TooManyRequests {
            detail: match retry_after_s {
                1 => format!("too many {}; try again in 1 second", self.noun),
                n => format!("too many {}; try again in {n} seconds", self.noun),
            },
            retry_after_s,
        }
    }
}

/// Every rate limit of one server process.
pub struct Throttles {
    /// Sign-in attempts, per address and per (address, email); see [`crate::users::login`].
    pub sign_in: Throttle,
    /// Requests that make the server mail a link (forgot-password, resend-verification); see
    /// [`crate::users::recovery`].
    pub mail_links: Throttle,
    /// Account deletion requests; see [`crate::users::deletion_requests`].
    pub deletion_requests: Throttle,
    /// Speech previews and spoken tracks; see [`crate::tts::preview`].
    pub speech: Throttle,
    /// Cover generations; see [`crate::cards::generate`].
    pub covers: Throttle,
    /// Icon generations (theme suggestions, batches, variations); see [`crate::icon_generation`].
    pub icons: Throttle,
    /// Story drafts and story cards; see [`crate::stories`].
    pub stories: Throttle,
    /// Collection invitations, per inviter; see [`crate::collections::invitations`].
    pub invitations: Throttle,
}

impl Throttles {
    pub fn new(settings: &crate::CoreSettings) -> Self {
        use crate::{cards, collections, icon_generation, stories, tts, users};
        Self {
            sign_in: Throttle::new(
                "sign-in attempts",
                settings.login_attempts_per_address,
                settings.login_attempts_per_account,
            ),
            mail_links: Throttle::new(
                "requests for mail",
                users::recovery::MAIL_REQUESTS_PER_ADDRESS,
                users::recovery::MAIL_REQUESTS_PER_ACCOUNT,
            ),
            deletion_requests: Throttle::new(
                "deletion requests",
                users::deletion_requests::REQUESTS_PER_ADDRESS,
                users::deletion_requests::REQUESTS_PER_USER,
            ),
            speech: Throttle::new(
                "speech requests",
                tts::preview::SPEECH_PER_ADDRESS,
                tts::preview::SPEECH_PER_USER,
            ),
            covers: Throttle::new(
                "covers generated",
                cards::generate::GENERATIONS_PER_ADDRESS,
                cards::generate::GENERATIONS_PER_USER,
            ),
            icons: Throttle::new(
                "icon generations",
                icon_generation::GENERATIONS_PER_ADDRESS,
                icon_generation::GENERATIONS_PER_USER,
            ),
            stories: Throttle::new(
                "story requests",
                stories::STORIES_PER_ADDRESS,
                stories::STORIES_PER_USER,
            ),
            invitations: Throttle::new(
                "invitations",
                collections::invitations::INVITATIONS_PER_ADDRESS,
                collections::invitations::INVITATIONS_PER_USER,
            ),
        }
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

fn keys(address: Option<IpAddr>, key: &str) -> (String, String) {
    let address = address_key(address);
    let pair = format!("{address} {}", crate::users::repo::normalise_email(key));
    (address, pair)
}

fn lock(m: &Mutex<Limiter>) -> std::sync::MutexGuard<'_, Limiter> {
    // A panic while holding this lock cannot leave the map inconsistent; keep serving.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
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
        let t = Throttle::new("sign-in attempts", 30, 2);
        assert!(t.admit(ip(1), "A@x.org").is_ok());
        assert!(t.admit(ip(1), "a@x.org ").is_ok());
        let err = t.admit(ip(1), "a@x.org").unwrap_err();
        assert!(
            matches!(&err, CoreError::TooManyRequests { retry_after_s, .. } if *retry_after_s > 0 && *retry_after_s <= 30)
        );
        let CoreError::TooManyRequests { detail, .. } = err else {
            unreachable!()
        };
        assert!(
            detail.starts_with("too many sign-in attempts; try again in "),
            "{detail}"
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
        let t = Throttle::new("sign-in attempts", 3, 10);
        for n in 0..3 {
            assert!(t.admit(ip(1), &format!("u{n}@x.org")).is_ok());
        }
        assert!(t.admit(ip(1), "u9@x.org").is_err());
        assert!(t.admit(ip(2), "u9@x.org").is_ok());
    }
}
