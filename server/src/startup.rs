//! From configuration to a serving router: database, first admin, routes, layers.

use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::Context;
use axum::http::header;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::Router;
use cardsmith_app::{shell, App};
use cardsmith_core::auth::session;
use cardsmith_core::crypto::EncryptionKey;
use cardsmith_core::users::bootstrap::{ensure_first_admin, FirstAdmin};
use cardsmith_core::{jobs, recording, Core, CoreSettings, Db};
use leptos::config::LeptosOptions;
use leptos::prelude::provide_context;
use leptos_axum::{generate_route_list, AxumRouteListing, LeptosRoutes};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::sensitive_headers::SetSensitiveHeadersLayer;
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::state::{AppState, HttpSettings};
use crate::{api, openapi, security_headers, session as http_session};

/// A built application, ready to serve on a listener.
pub struct Application {
    pub router: Router,
    pub core: Core,
    /// The in-process player platform of demo mode (kept alive with the server).
    pub simulator: Option<cardsmith_upstream_sim::Simulator>,
    /// The in-process AI provider simulator of demo mode (kept alive with the server).
    pub llm_simulator: Option<cardsmith_llm_sim::SimHandle>,
}

impl Application {
    /// Opens the data directory and database, creates the first admin if there are no users,
    /// and assembles every route.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        cardsmith_core::crypto::create_private_dir(&config.data_dir)
            .with_context(|| format!("creating data directory {}", config.data_dir.display()))?;
        let key = EncryptionKey::load_or_create(config.encryption_key.as_deref(), &config.data_dir)
            .map_err(|e| anyhow::anyhow!("encryption key: {e}"))?;
        let db = Db::connect(&config.database_url())
            .await
            .context("opening the database")?;
        let mut ai_base_urls = crate::ai::base_urls(&config.ai_base_urls)?;
        let llm_simulator = if config.demo_upstream {
            Some(crate::ai::start_demo_sim(&mut ai_base_urls).await?)
        } else {
            None
        };
        let settings = CoreSettings {
            secure_cookies: config.secure_cookies(),
            session_lifetime: chrono::Duration::days(config.session_lifetime_days.max(1) as i64),
            deletion_request_ttl: chrono::Duration::days(config.deletion_request_days.max(1) as i64),
            login_attempts_per_address: config.login_attempts_per_address.max(1),
            login_attempts_per_account: config.login_attempts_per_account.max(1),
            trust_forwarded_for: config.trust_forwarded_for,
            data_dir: config.data_dir.clone(),
            media: config.media.open().await?,
            max_image_bytes: config.max_image_bytes,
            max_audio_bytes: config.max_audio_bytes,
            allow_private_streams: config.allow_private_streams,
            feed_allow_hosts: config.feed_allow_hosts.clone(),
            max_track_duration: chrono::Duration::seconds(config.max_track_secs.max(1) as i64),
            max_tracks_per_card: config.max_tracks_per_card.max(1),
            max_storage_per_user: config.max_storage_per_user,
            max_open_recordings: config.max_open_recordings.max(1),
            recording_idle: chrono::Duration::seconds(config.recording_idle_secs.max(1) as i64),
            job_lease: chrono::Duration::seconds(config.job_lease_secs.max(1) as i64),
            job_timeout: Duration::from_secs(config.job_timeout_secs.max(1)),
            metrics_token: crate::api::metrics::token_setting(config.metrics_token.as_deref()),
            public_origin: config.public_origin(),
            smtp: config
                .smtp_url
                .as_deref()
                .map(cardsmith_core::mail::SmtpConfig::parse)
                .transpose()
                .map_err(|e| anyhow::anyhow!("CARDSMITH_SMTP_URL: {e}"))?,
            mail_from: cardsmith_core::mail::parse_from(&config.mail_from)
                .map_err(|e| anyhow::anyhow!("CARDSMITH_MAIL_FROM: {e}"))?
                .to_string(),
            ai_base_urls,
            allow_private_ai_urls: config.allow_private_ai_urls,
            ai_timeout: Duration::from_secs(config.ai_timeout_secs.max(1)),
            backup: config.backup()?,
            ..CoreSettings::default()
        };
        let mut core = Core::new(db, settings, key);
        let hashed = cardsmith_core::labels::hash_legacy_share_tokens(&core)
            .await
            .map_err(|e| anyhow::anyhow!("hashing share tokens: {e}"))?;
        if hashed > 0 {
            tracing::info!(hashed, "share link tokens are now stored hashed");
        }
        if let Some(sim) = &llm_simulator {
            crate::ai::add_demo_provider(&core, sim).await?;
        }
        let upstream = crate::upstream::connect(config).await?;
        core.upstream = upstream.client;
        core.oidc = api::oidc::configure(config)?;
        announce_first_admin(
            ensure_first_admin(
                &core,
                config.admin_email.as_deref(),
                config.admin_password.as_deref(),
            )
            .await
            .map_err(|e| anyhow::anyhow!("creating the first admin: {e}"))?,
        );
        let http = Arc::new(HttpSettings {
            public_origin: config.public_origin(),
            max_json_bytes: config.max_json_bytes,
            max_image_bytes: config.max_image_bytes,
            max_audio_bytes: config.max_audio_bytes,
            image_sources: security_headers::image_sources(
                upstream
                    .simulator
                    .as_ref()
                    .map(|sim| sim.handle().api_url().origin().ascii_serialization())
                    .as_deref(),
            ),
        });
        let state = AppState {
            leptos_options: leptos_options(config)?,
            core: core.clone(),
            http,
        };
        Ok(Self {
            router: router(state),
            core,
            simulator: upstream.simulator,
            llm_simulator,
        })
    }

    /// Serves until `shutdown` resolves, with housekeeping in the background.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let housekeeping = tokio::spawn(housekeep(self.core.clone()));
        let backups = tokio::spawn(schedule_backups(self.core.clone()));
        let idle_encoders = tokio::spawn(recording::stop_idle_encoders(self.core.clone()));
        let forgotten_users = tokio::spawn(cardsmith_core::fleet::relay_forgotten_users(
            self.core.db.clone(),
        ));
        // which offline voices exist: detected once, logged now rather than at the first use
        tokio::spawn(cardsmith_core::tts::engines());
        let workers = jobs::worker::start(
            &self.core,
            &jobs::worker::WorkerSettings::for_settings(&self.core.settings),
        );
        let _simulator = self.simulator;
        let _llm_simulator = self.llm_simulator;
        // Without TCP_NODELAY a response written as headers then body waits for the client's
        // delayed ACK (~40 ms) before its second segment: that was most of the time of a
        // sequential Range request (the bench's 21 req/s).
        let listener = listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::debug!(error = %e, "could not set TCP_NODELAY");
            }
        });
        // Connect info gives handlers the TCP peer: the client address of rate limits,
        // lockouts and the audit trail (see `session::resolve_client`).
        let service = self
            .router
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        let served = axum::serve(listener, service)
            .with_graceful_shutdown(shutdown)
            .await;
        housekeeping.abort();
        backups.abort();
        idle_encoders.abort();
        forgotten_users.abort();
        for worker in workers {
            worker.abort();
        }
        served.context("serving HTTP")
    }
}

/// Says where a generated password is; the password itself never reaches the console or logs.
fn announce_first_admin(outcome: FirstAdmin) {
    match outcome {
        FirstAdmin::NotNeeded => {}
        FirstAdmin::Created { email } => tracing::info!(%email, "created the first admin"),
        FirstAdmin::Generated {
            email,
            password_file,
        } => println!(
            "\n  Created the first admin.\n    email:    {email}\n    password: in {} \
             (readable only by this user)\n  Sign in, change the password under Settings, \
             then delete that file.\n",
            password_file.display()
        ),
    }
}

/// Leptos runtime options from `Leptos.toml` (with `LEPTOS_*` overrides) when present.
fn leptos_options(config: &Config) -> anyhow::Result<LeptosOptions> {
    let mut options = match config.leptos_toml.to_str() {
        Some(path) if config.leptos_toml.exists() => {
            leptos::config::get_configuration(Some(path))
                .with_context(|| format!("reading {path}"))?
                .leptos_options
        }
        _ => LeptosOptions::builder()
            .output_name("cardsmith")
            .site_root("target/site")
            .site_pkg_dir("pkg")
            .build(),
    };
    options.site_addr = config.bind;
    if std::env::var_os("LEPTOS_HASH_FILES").is_none() {
        options.hash_files = crate::static_files::hashed_names_built(&options);
    }
    Ok(options)
}

/// The pages' routes, listed once per process.
///
/// Leptos lists routes by rendering the whole route tree with resource loading switched off
/// for the entire process (`leptos_server::SuppressResourceLoad` is a global flag). Any page
/// rendering meanwhile in another app of the same process starts resources that never load,
/// and its response stalls forever. One app per process (`cardsmith serve`) lists them before
/// it serves, so only a process hosting several (the API test suite) could see it; listed
/// once, before the first app of the process serves, no page can be rendering then.
fn page_routes() -> Vec<AxumRouteListing> {
    static ROUTES: OnceLock<Vec<AxumRouteListing>> = OnceLock::new();
    ROUTES.get_or_init(|| generate_route_list(App)).clone()
}

fn router(state: AppState) -> Router {
    let (api, doc) = api::router(&state.http);
    let yaml = openapi::yaml(&doc);
    let options = state.leptos_options.clone();
    let pkg = crate::static_files::router(
        std::path::Path::new(&*options.site_root),
        &options.site_pkg_dir,
    );
    let core = state.core.clone();
    let images = state.http.image_sources.clone();
    let request_metrics = crate::request_metrics::Layer::new(state.core.metrics.clone());
    // Every render gets the domain and a policy naming its script nonce.
    let render_context = move || {
        provide_context(core.clone());
        provide_context(crate::locale::of_render());
        security_headers::provide_page_csp(&images);
    };
    Router::new()
        .route("/health", get(api::system::health))
        .route("/ready", get(api::system::ready))
        .route("/metrics", get(api::metrics::metrics))
        .route(
            "/openapi.yaml",
            get(move || openapi::serve_yaml(yaml.clone())),
        )
        .route(
            "/shared/labels/{token}",
            get(api::labels::open_shared_label),
        )
        .route("/language", post(crate::locale::pick))
        .route("/i18n/{file}", get(crate::messages_file::serve))
        .nest("/api", api)
        .leptos_routes_with_context(&state, page_routes(), render_context.clone(), move || {
            shell(options.clone())
        })
        // the built front end; the fallback serves the other files of the site root
        .merge(pkg)
        .fallback(leptos_axum::file_and_error_handler_with_context::<
            AppState,
            _,
        >(render_context, shell))
        .layer(from_fn_with_state(
            state.http.clone(),
            http_session::reject_cross_origin,
        ))
        .layer(from_fn_with_state(
            state.core.clone(),
            crate::locale::choose,
        ))
        .layer(from_fn_with_state(
            state.core.clone(),
            http_session::resolve_client,
        ))
        .layer(axum::middleware::from_fn(
            security_headers::set_security_headers,
        ))
        .layer(CatchPanicLayer::new())
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(SetSensitiveHeadersLayer::new([
            header::COOKIE,
            header::SET_COOKIE,
            header::AUTHORIZATION,
        ]))
        // answers made before the body was read leave the connection usable (see the module)
        .layer(axum::middleware::from_fn(crate::linger::drain_unread_body))
        // outermost, so a request's time includes every layer; per route (see the module)
        .layer(request_metrics)
        .with_state(state)
}

/// The span of one request names its path, never its query: the link callback's carries the
/// OAuth `code` and `state`, and other queries may carry tokens too.
fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    tracing::debug_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        version = ?request.version(),
    )
}

/// Queues the scheduled backup whenever it is due (`backup::job::queue_if_due`, safe on every
/// instance at once), looking a few times per period, at least once a minute.
async fn schedule_backups(core: Core) {
    let Some(every) = core.settings.backup.as_ref().map(|b| b.every) else {
        return;
    };
    let mut tick =
        tokio::time::interval((every / 4).clamp(Duration::from_secs(1), Duration::from_secs(60)));
    loop {
        tick.tick().await;
        match cardsmith_core::backup::job::queue_if_due(&core).await {
            Ok(Some(job)) => tracing::info!(%job, "scheduled backup queued"),
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "could not queue the scheduled backup"),
        }
    }
}

/// How often the periodic clean-up runs.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(600);

/// Periodic clean-up: expired sessions, stale recordings, unreferenced media. Once across
/// every instance sharing the database: the one holding the `housekeeping` lease does it
/// (held a little longer than a round, so its holder keeps it while it runs).
async fn housekeep(core: Core) {
    let mut tick = tokio::time::interval(HOUSEKEEPING_EVERY);
    let lease = chrono::Duration::from_std(HOUSEKEEPING_EVERY * 2).expect("a short duration");
    loop {
        tick.tick().await;
        let holder = cardsmith_core::fleet::instance_id();
        match cardsmith_core::fleet::try_lease(core.db.pool(), "housekeeping", holder, lease).await
        {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(error = %e, "could not take the housekeeping lease");
                continue;
            }
        }
        match session::purge_expired(core.db.pool()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(purged = n, "expired sessions removed"),
            Err(e) => tracing::warn!(error = %e, "session purge failed"),
        }
        if let Err(e) = recording::expire_stale(&core).await {
            tracing::warn!(error = %e, "expiring recording sessions failed");
        }
        match cardsmith_core::export::job::remove_expired(&core).await {
            Ok(0) => {}
            Ok(expired) => tracing::info!(expired, "exports past their day removed"),
            Err(e) => tracing::warn!(error = %e, "removing old exports failed"),
        }
        match cardsmith_core::drops::remove_expired(&core).await {
            Ok(0) => {}
            Ok(expired) => tracing::info!(expired, "drops past their day removed"),
            Err(e) => tracing::warn!(error = %e, "removing old drops failed"),
        }
        match cardsmith_core::feeds::service::queue_due(&core).await {
            Ok(0) => {}
            Ok(due) => tracing::info!(due, "scheduled feed refreshes queued"),
            Err(e) => tracing::warn!(error = %e, "queueing feed refreshes failed"),
        }
        match cardsmith_core::media::sweep::sweep(&core, cardsmith_core::media::sweep::GRACE).await
        {
            Ok(report) => tracing::debug!(?report, "media swept"),
            Err(e) => tracing::warn!(error = %e, "media sweep failed"),
        }
    }
}
