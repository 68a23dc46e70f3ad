//! A short-lived memory of live sessions, so a burst of requests from one signed-in client
//! (a player's Range GETs, a page's images) does not run the session and user queries each
//! time.
//!
//! Correctness comes first: every path that ends a session or changes what a user may do
//! calls [`forget_token`] or [`forget_user`] (sign-out, "sign out everywhere", password change
//! and reset, admin revoke, role change, deactivation, account deletion, OIDC back-channel
//! logout), and the next request goes to the database. Two further guards make a missed or
//! racing change harmless:
//! - an entry lives at most [`TTL`], and never past its session's own expiry;
//! - after a user is forgotten, nothing about them is remembered for [`TTL`] (the
//!   *quarantine*). A change is forgotten while its transaction is still open; a request
//!   that read the old rows just before the commit would otherwise put them back.
//!
//! Several instances sharing one PostgreSQL database: every instance hears, through the
//! database, which users changed on any of them, and forgets them too
//! (`fleet::relay_forgotten_users`); if it stops hearing, it forgets everything, and an
//! entry it kept while the notice was on its way lives at most [`TTL`] anyway.
//!
//! The memory is one per process, not one per [`crate::Core`]: sessions end inside
//! transactions that have no `Core` at hand (`session::end_all` takes an executor), and
//! keys are SHA-256 hashes of random tokens, so apps sharing a process (the test suite)
//! never see each other's entries.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::auth::Actor;

/// How long an entry may answer for the database.
pub const TTL: Duration = Duration::from_secs(15);

/// At most this many sessions are remembered (about 1 KiB each); when full, the memory
/// starts over rather than tracking ages.
const CAPACITY: usize = 4096;

struct Entry {
    actor: Actor,
    /// When it stops answering: the earlier of `TTL` after caching and the session's expiry.
    until: Instant,
}

#[derive(Default)]
struct Memory {
    /// By session token hash.
    sessions: HashMap<String, Entry>,
    /// Users forgotten recently, and until when nothing about them is remembered.
    quarantine: HashMap<String, Instant>,
}

static MEMORY: LazyLock<Mutex<Memory>> = LazyLock::new(Mutex::default);

fn memory() -> MutexGuard<'static, Memory> {
    // A panic while holding the lock cannot leave a half-written entry that grants access
    // (inserts and removals are single map operations), so a poisoned lock is still usable.
    MEMORY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The actor remembered for `token_hash`, if still fresh. The caller sets the request's
/// own client address on it.
pub fn recall(token_hash: &str) -> Option<Actor> {
    let now = Instant::now();
    let mut memory = memory();
    match memory.sessions.get(token_hash) {
        Some(entry) if entry.until > now => Some(entry.actor.clone()),
        Some(_) => {
            memory.sessions.remove(token_hash);
            None
        }
        None => None,
    }
}

/// Remembers `actor` for `token_hash` until `TTL` from now or `session_left` (the session's
/// remaining life), whichever comes first; not while the user is quarantined.
pub fn remember(token_hash: &str, actor: &Actor, session_left: Duration) {
    let now = Instant::now();
    let mut memory = memory();
    if memory
        .quarantine
        .get(actor.id())
        .is_some_and(|until| *until > now)
    {
        return;
    }
    if memory.sessions.len() >= CAPACITY {
        memory.sessions.clear();
    }
    let mut actor = actor.clone();
    actor.ip = None;
    memory.sessions.insert(
        token_hash.to_owned(),
        Entry {
            actor,
            until: now + TTL.min(session_left),
        },
    );
}

/// Forgets the session behind `token_hash` (it was signed out).
pub fn forget_token(token_hash: &str) {
    memory().sessions.remove(token_hash);
}

/// Forgets every session of `user_id` and remembers none of theirs for `TTL`: their
/// sessions ended, or their role, status or password changed.
pub fn forget_user(user_id: &str) {
    let now = Instant::now();
    let mut memory = memory();
    memory
        .sessions
        .retain(|_, entry| entry.actor.id() != user_id);
    memory.quarantine.retain(|_, until| *until > now);
    memory.quarantine.insert(user_id.to_owned(), now + TTL);
}

/// Forgets everything and quarantines nobody: the notifications of other instances'
/// changes may have been missed (see `fleet::relay_forgotten_users`).
pub fn forget_all() {
    memory().sessions.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsmith_model::user::UserOut;

    fn actor(user_id: &str) -> Actor {
        Actor {
            user: UserOut {
                id: user_id.to_owned(),
                email: "a@example.com".into(),
                display_name: "A".into(),
                role: "user".into(),
                status: "active".into(),
                auth_type: "password".into(),
                created_at: "2026-01-01T00:00:00Z".into(),
                email_verified_at: "2026-01-01T00:00:00Z".into(),
                email_confirmed: false,
                locked_account_count: 0,
                locale: None,
            },
            session_id: "s".into(),
            ip: Some("192.0.2.1".parse().unwrap()),
            locale: Default::default(),
        }
    }

    #[test]
    fn remembers_until_forgotten_and_then_quarantines() {
        let user = crate::new_id();
        let token = crate::new_id();
        remember(&token, &actor(&user), TTL);
        let recalled = recall(&token).expect("remembered");
        assert_eq!(recalled.id(), user);
        assert_eq!(
            recalled.ip, None,
            "the address is the request's, not the cache's"
        );

        forget_user(&user);
        assert!(recall(&token).is_none());
        remember(&token, &actor(&user), TTL);
        assert!(
            recall(&token).is_none(),
            "a read racing the change must not put the old rows back"
        );
    }

    #[test]
    fn forgets_a_signed_out_token_and_honours_the_session_expiry() {
        let user = crate::new_id();
        let (kept, ended) = (crate::new_id(), crate::new_id());
        remember(&kept, &actor(&user), TTL);
        remember(&ended, &actor(&user), TTL);
        forget_token(&ended);
        assert!(recall(&ended).is_none());
        assert!(recall(&kept).is_some(), "only that session ends");

        let short = crate::new_id();
        remember(&short, &actor(&user), Duration::ZERO);
        assert!(
            recall(&short).is_none(),
            "never past the session's own expiry"
        );
    }
}
