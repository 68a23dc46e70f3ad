//! Steering a running simulator from tests (and from the admin routes): seeding, fault
//! injection, inspection. Starting one is [`crate::Simulator`]'s job (`server`).

use std::time::Duration;

use chrono::Utc;
use serde_json::Value;
use url::Url;

use crate::faults::Fault;
use crate::oauth::{self, AuthorizeFailure};
use crate::seed::DeviceSeed;
use crate::state::{Account, Blob, DeviceCommand, Doc, SharedState, Stats};
use crate::{cards, content, ids};

/// Steering wheel of a running simulator; cheap to clone.
#[derive(Clone)]
pub struct SimHandle {
    shared: SharedState,
}

impl SimHandle {
    pub(crate) fn from_shared(shared: SharedState) -> Self {
        Self { shared }
    }

    fn url(&self) -> Url {
        // Checked in `Simulator::start`.
        Url::parse(&self.shared.base_url).expect("base URL was validated at start")
    }

    /// Base URL of the auth host (`/authorize`, `/oauth/token`, `/userinfo`).
    pub fn auth_url(&self) -> Url {
        self.url()
    }

    /// Base URL of the API host; also the token audience.
    pub fn api_url(&self) -> Url {
        self.url()
    }

    pub fn client_id(&self) -> &str {
        &self.shared.config.client_id
    }

    /// The players' MQTT broker (`mqtt://127.0.0.1:<port>`), started on first call: a real
    /// `mosquitto` that takes each account's newest access token as the password of
    /// connections naming one of its players, and the simulated players on it.
    pub async fn broker_url(&self) -> std::io::Result<Url> {
        Ok(self.broker().await?.url().clone())
    }

    /// A child puts a card in a player: it starts playing (from `chapter_key`, else the
    /// first), on repeat when asked, and says so on the broker (started if need be).
    pub async fn insert_card(&self, card: crate::broker::Inserted) -> std::io::Result<()> {
        self.broker()
            .await?
            .by_hand(crate::broker::ByHand::Insert(card));
        Ok(())
    }

    /// A child presses a player's left or right button: on an interactive card the chapter's
    /// `onLhb` / `onRhb` event happens at once (a `goto` plays that chapter from its start).
    pub async fn press_button(
        &self,
        device_id: &str,
        button: crate::broker::Button,
    ) -> std::io::Result<()> {
        self.broker().await?.by_hand(crate::broker::ByHand::Press {
            device_id: device_id.to_owned(),
            button,
        });
        Ok(())
    }

    async fn broker(&self) -> std::io::Result<std::sync::Arc<crate::broker::Broker>> {
        let shared = self.shared.clone();
        let broker = self
            .shared
            .broker
            .get_or_try_init(|| async move {
                let broker =
                    std::sync::Arc::new(crate::broker::Broker::start(shared.clone()).await?);
                broker.sync(&shared).await?;
                tokio::spawn(crate::broker::watch(
                    shared,
                    std::sync::Arc::downgrade(&broker),
                ));
                Ok::<_, std::io::Error>(broker)
            })
            .await?;
        Ok(broker.clone())
    }

    // ----- accounts and the simulated sign-in -----

    /// The account that exists from the start.
    pub fn default_user(&self) -> String {
        let world = self.shared.world();
        world.accounts.keys().next().cloned().unwrap_or_default()
    }

    /// Adds an account; returns its user id (`auth0|…`).
    pub fn add_user(&self, email: &str) -> String {
        let account = Account::new(email);
        let user_id = account.user_id.clone();
        self.shared
            .world()
            .accounts
            .insert(user_id.clone(), account);
        user_id
    }

    /// Makes `/authorize` sign in as `user_id`. False if there is no such account.
    pub fn login_as(&self, user_id: &str) -> bool {
        let mut world = self.shared.world();
        let known = world.accounts.contains_key(user_id);
        if known {
            world.login_user = user_id.to_owned();
        }
        known
    }

    /// `false` makes the simulated user click "Deny" (`error=access_denied`).
    pub fn set_consent(&self, approve: bool) {
        self.shared.world().consent = approve;
    }

    /// Runs an authorize URL without HTTP and returns the callback URL it redirects to (with
    /// `code` and `state`, or `error`). `Err` carries the error page's description.
    pub fn authorize(&self, authorize_url: &Url) -> Result<Url, String> {
        let params = oauth::parse_pairs(authorize_url.query().unwrap_or_default().as_bytes());
        match oauth::decide(&self.shared, &params) {
            Ok(url) | Err(AuthorizeFailure::Redirect(url)) => Ok(url),
            Err(AuthorizeFailure::Page(e)) => Err(e.description),
        }
    }

    // ----- seeding -----

    /// Pre-creates a player for `user_id`; returns its device id.
    pub fn seed_device(&self, user_id: &str, seed: DeviceSeed) -> Option<String> {
        let (device_id, device) = seed.build();
        let mut world = self.shared.world();
        world
            .account_mut(user_id)?
            .devices
            .insert(device_id.clone(), device);
        Some(device_id)
    }

    /// Pre-creates a card in `user_id`'s library from a card document (see
    /// [`seed::user_made_card`], [`seed::purchased_card`], [`seed::streaming_card`]). The
    /// card's `userId` defaults to the account (a user-made card). Returns the card id.
    pub fn seed_card(&self, user_id: &str, card: Value) -> Option<String> {
        let Value::Object(doc) = card else {
            return None;
        };
        let mut world = self.shared.world();
        let account = world.account_mut(user_id)?;
        let card_id = match doc.get("cardId").and_then(Value::as_str) {
            Some(id) => id.to_owned(),
            None => content::new_card_id(&account.cards),
        };
        let owner = doc
            .get("userId")
            .and_then(Value::as_str)
            .unwrap_or(user_id)
            .to_owned();
        let stored = cards::store(doc, &card_id, &owner, None);
        account.cards.insert(card_id.clone(), stored);
        Some(card_id)
    }

    /// Stores already-transcoded audio; returns the hash for `trackUrl: "yoto:#<hash>"`.
    pub fn seed_audio(&self, bytes: &[u8]) -> String {
        let hash = ids::media_id(&[b"transcoded:".as_slice(), bytes].concat());
        let blob = Blob {
            bytes: bytes.to_vec().into(),
            content_type: "audio/aac".to_owned(),
        };
        self.shared.world().blobs.insert(hash.clone(), blob);
        hash
    }

    /// Stores a cover image as the platform's image host would; returns its public URL, for
    /// a card's `metadata.cover.imageL`.
    pub fn seed_cover(&self, bytes: &[u8], content_type: &str) -> String {
        let media_id = self.store_image(bytes, content_type);
        format!(
            "{}{}/{media_id}",
            self.shared.base_url,
            crate::storage::COVER_PATH
        )
    }

    /// Stores a 16x16 chapter icon; returns its reference for `display.icon16x16`
    /// (`yoto:#<mediaId>`).
    pub fn seed_icon(&self, png: &[u8]) -> String {
        format!("yoto:#{}", self.store_image(png, "image/png"))
    }

    fn store_image(&self, bytes: &[u8], content_type: &str) -> String {
        let media_id = ids::media_id(bytes);
        let blob = Blob {
            bytes: bytes.to_vec().into(),
            content_type: content_type.to_owned(),
        };
        self.shared.world().blobs.insert(media_id.clone(), blob);
        media_id
    }

    // ----- inspection -----

    pub fn stats(&self) -> Stats {
        let counters = self.shared.faults.counters();
        Stats {
            rate_limited: counters.rate_limited,
            early_retries: counters.early_retries,
            ..self.shared.world().stats.clone()
        }
    }

    /// The stored card document.
    pub fn card(&self, user_id: &str, card_id: &str) -> Option<Doc> {
        self.shared
            .world()
            .accounts
            .get(user_id)?
            .cards
            .get(card_id)
            .cloned()
    }

    /// The account's cards as stored, deleted ones left out (what its library holds).
    pub fn cards(&self, user_id: &str) -> Vec<Doc> {
        self.shared
            .world()
            .accounts
            .get(user_id)
            .map(|a| {
                a.cards
                    .values()
                    .filter(|c| c.get("deleted") != Some(&Value::Bool(true)))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Changes a stored card as an edit in the platform's own app would (`updatedAt` moves).
    /// False if there is no such card.
    pub fn edit_card(&self, user_id: &str, card_id: &str, edit: impl FnOnce(&mut Doc)) -> bool {
        let mut world = self.shared.world();
        let Some(card) = world
            .account_mut(user_id)
            .and_then(|a| a.cards.get_mut(card_id))
        else {
            return false;
        };
        edit(card);
        card.insert(
            "updatedAt".into(),
            crate::state::timestamp(Utc::now()).into(),
        );
        true
    }

    /// The current settings block of a player.
    pub fn device_config(&self, user_id: &str, device_id: &str) -> Option<Doc> {
        let world = self.shared.world();
        Some(
            world
                .accounts
                .get(user_id)?
                .devices
                .get(device_id)?
                .config
                .clone(),
        )
    }

    /// The status block of a player, as the platform's REST API reports it.
    pub fn device_status(&self, user_id: &str, device_id: &str) -> Option<Doc> {
        let world = self.shared.world();
        let device = world.accounts.get(user_id)?.devices.get(device_id)?;
        Some(device.status.clone())
    }

    /// The shortcuts of a player as last written.
    pub fn device_shortcuts(&self, user_id: &str, device_id: &str) -> Option<Value> {
        let world = self.shared.world();
        Some(
            world
                .accounts
                .get(user_id)?
                .devices
                .get(device_id)?
                .shortcuts
                .clone(),
        )
    }

    /// Commands sent to the account's players, oldest first.
    pub fn commands(&self, user_id: &str) -> Vec<DeviceCommand> {
        let world = self.shared.world();
        world
            .accounts
            .get(user_id)
            .map(|a| a.commands.clone())
            .unwrap_or_default()
    }

    // ----- faults -----

    /// Queues a fault (see [`Fault`] for rate limits, errors and delays on a path prefix).
    pub fn add_fault(&self, fault: Fault) {
        self.shared.faults.push(fault);
    }

    pub fn clear_faults(&self) {
        self.shared.faults.clear();
    }

    /// Uses of queued faults that no request has taken yet: 0 once the requests a test
    /// aimed them at have arrived.
    pub fn pending_faults(&self) -> u32 {
        self.shared.faults.pending()
    }

    /// The next `times` requests answer 429, with `Retry-After` when given.
    pub fn rate_limit_next(&self, times: u32, retry_after_secs: Option<u64>) {
        self.add_fault(Fault::rate_limit(times, retry_after_secs));
    }

    /// The next `times` requests answer `status` with `message`.
    pub fn fail_next(&self, times: u32, status: u16, message: &str) {
        self.add_fault(Fault::error(times, status, message));
    }

    /// The next `times` requests are answered after `delay`.
    pub fn delay_next(&self, times: u32, delay: Duration) {
        self.add_fault(Fault::delay(times, delay));
    }

    /// Every access token issued so far stops working now (clients see 401).
    pub fn expire_access_tokens(&self) {
        let now = Utc::now();
        for grant in self.shared.world().access_tokens.values_mut() {
            grant.expires_at = grant.expires_at.min(now);
        }
    }

    /// Every refresh token issued so far is revoked (the user removed the app's access).
    pub fn revoke_refresh_tokens(&self) {
        for grant in self.shared.world().refresh_tokens.values_mut() {
            grant.used = true;
        }
    }

    /// Every signed or pre-signed URL handed out so far is expired.
    pub fn expire_signed_urls(&self) {
        let mut world = self.shared.world();
        world.signed_urls_revoked_through = world.signed_urls_issued;
    }

    /// The next `count` uploaded files fail to transcode (`phase: "failed"`).
    pub fn fail_next_transcodes(&self, count: u32) {
        self.shared.world().failing_transcodes += count;
    }
}
