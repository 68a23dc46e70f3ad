//! Single sign-on through one OpenID Connect provider (`CARDSMITH_OIDC_ISSUER`).
//!
//! - [`flow`]: Authorization Code with PKCE (S256), `state` and `nonce`; the callback signs in
//!   (provisioning an account on the first visit of an unknown identity) or links the
//!   identity to the signed-in account.
//! - [`identity`]: linking rules, unlinking, the admin's association.
//! - [`logout`]: back-channel logout tokens, validated in full before any session ends.
//!
//! The provider's discovery document and keys are fetched lazily and cached (an hour, or
//! sooner when a token names a key we do not have), so the server starts while the provider
//! is down and picks up key rotation. Every fetch goes to the configured issuer only (an
//! operator's choice, never a user's), with time limits and without following redirects.

pub mod flow;
pub mod identity;
pub mod logout;

use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use openidconnect::core::{CoreClient, CoreProviderMetadata};
use openidconnect::{
    ClientId, ClientSecret, EndpointMaybeSet, EndpointNotSet, EndpointSet, IssuerUrl, RedirectUrl,
};
use tokio::sync::Mutex;

use cardsmith_model::oidc::SignInFailure;

use crate::{Core, CoreError, CoreResult};

/// How long discovery and keys are trusted before they are fetched again.
const METADATA_TTL: Duration = Duration::from_secs(3600);
/// The least time between two forced refetches (an unknown `kid` must not let anybody make
/// us hammer the provider).
const REFETCH_GAP: Duration = Duration::from_secs(30);
/// Time limit of one request to the provider.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// What the operator configured.
#[derive(Clone)]
pub struct OidcSettings {
    /// The issuer identifier, exactly as the provider states it in its discovery document.
    pub issuer: String,
    pub client_id: String,
    /// `None` for a public client (PKCE alone).
    pub client_secret: Option<String>,
    /// Shown on the sign-in page: "Sign in with <display_name>".
    pub display_name: String,
    /// `<public URL>/api/auth/oidc/callback`, registered with the provider.
    pub redirect_url: String,
}

impl std::fmt::Debug for OidcSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcSettings")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "[redacted]"),
            )
            .field("display_name", &self.display_name)
            .field("redirect_url", &self.redirect_url)
            .finish()
    }
}

/// The client as discovery builds it: authorization URL set, token and userinfo endpoints as
/// the provider announced them.
type ProviderClient = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

struct Cached {
    metadata: CoreProviderMetadata,
    fetched: Instant,
}

/// The configured provider. Cheap to share (`Arc` in [`Core`]).
pub struct Oidc {
    settings: OidcSettings,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    http: reqwest::Client,
    cache: Mutex<Option<Cached>>,
}

impl Oidc {
    /// Checks the settings (URLs must parse; http only for loopback issuers, which tests and
    /// local providers use) without contacting the provider.
    pub fn new(settings: OidcSettings) -> CoreResult<Self> {
        let issuer = IssuerUrl::new(settings.issuer.clone())
            .map_err(|e| CoreError::internal("OIDC issuer URL", e))?;
        let scheme = issuer.url().scheme();
        let loopback = matches!(
            issuer.url().host_str(),
            Some("127.0.0.1" | "localhost" | "[::1]")
        );
        if scheme != "https" && !(scheme == "http" && loopback) {
            return Err(CoreError::Internal(
                "the OIDC issuer must be an https URL (http only on loopback)".into(),
            ));
        }
        if settings.client_id.trim().is_empty() {
            return Err(CoreError::Internal("the OIDC client id is empty".into()));
        }
        let redirect = RedirectUrl::new(settings.redirect_url.clone())
            .map_err(|e| CoreError::internal("OIDC redirect URL", e))?;
        let http = reqwest::Client::builder()
            // Following redirects would let the provider (or whoever spoofs it) point our
            // server at other hosts.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(HTTP_TIMEOUT)
            .connect_timeout(HTTP_TIMEOUT)
            .build()
            .map_err(|e| CoreError::internal("OIDC HTTP client", e))?;
        Ok(Self {
            settings,
            issuer,
            redirect,
            http,
            cache: Mutex::new(None),
        })
    }

    pub fn display_name(&self) -> &str {
        &self.settings.display_name
    }

    pub fn issuer(&self) -> &str {
        &self.settings.issuer
    }

    pub fn client_id(&self) -> &str {
        &self.settings.client_id
    }

    /// The discovery document and keys; `refresh` asks for a fresh copy (an unknown key id),
    /// granted at most every [`REFETCH_GAP`].
    async fn metadata(&self, refresh: bool) -> CoreResult<CoreProviderMetadata> {
        let mut cache = self.cache.lock().await;
        if let Some(cached) = cache.as_ref() {
            let age = cached.fetched.elapsed();
            if age < METADATA_TTL && !(refresh && age >= REFETCH_GAP) {
                return Ok(cached.metadata.clone());
            }
        }
        let metadata = CoreProviderMetadata::discover_async(self.issuer.clone(), &self.http)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, issuer = %self.settings.issuer, "OIDC discovery failed");
                CoreError::Unavailable(
                    "the sign-in provider could not be reached; try again later".into(),
                )
            })?;
        *cache = Some(Cached {
            metadata: metadata.clone(),
            fetched: Instant::now(),
        });
        Ok(metadata)
    }

    async fn client(&self, refresh: bool) -> CoreResult<ProviderClient> {
        let metadata = self.metadata(refresh).await?;
        Ok(CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.settings.client_id.clone()),
            self.settings.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(self.redirect.clone()))
    }
}

/// The configured provider, or 404 when this server has none.
pub fn configured(core: &Core) -> CoreResult<&Oidc> {
    core.oidc.as_deref().ok_or_else(|| {
        CoreError::NotFound(
            "single sign-on is not configured on this server (CARDSMITH_OIDC_ISSUER)".into(),
        )
    })
}

/// What failed, as the browser is sent back with it: the failures whose problem detail is a
/// [`SignInFailure`] sentence, a refused or stale flow state, an unreachable provider; any
/// other error is the general failure (its own words stay in the log and the API's answer).
pub fn failure_of(e: &CoreError) -> SignInFailure {
    match e {
        CoreError::Invalid(fields) if fields.iter().any(|f| f.pointer == "/state") => {
            SignInFailure::Expired
        }
        CoreError::Unavailable(_) => SignInFailure::ProviderUnavailable,
        other => {
            let detail = other.to_problem().detail;
            // a sentence alone, or followed by what the provider said in brackets
            let says = |f: &SignInFailure| {
                detail
                    .strip_prefix(f.sentence())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(" ("))
            };
            SignInFailure::ALL
                .into_iter()
                .find(says)
                .unwrap_or(SignInFailure::Failed)
        }
    }
}

/// The claims of a compact JWT, decoded without any check: only for tokens whose signature
/// was verified already, or for reading what to verify.
fn jwt_part(token: &str, index: usize) -> Option<serde_json::Value> {
    let part = token.split('.').nth(index)?;
    let bytes = URL_SAFE_NO_PAD.decode(part.trim_end_matches('=')).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// A random, URL-safe secret of 32 bytes.
fn random_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}
