//! Command line and environment: `cardsmith serve --help` lists every setting.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "cardsmith",
    version,
    about = "Self-hosted authoring of audio cards for children's players"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web app and the REST API (the default when no command is given).
    Serve(Box<Config>),
    /// Copy an SQLite + media-folder instance into PostgreSQL and an S3-compatible bucket
    /// (idempotent and resumable; run it again after stopping the source for an exact copy).
    MigrateStorage(crate::migrate_storage::MigrateStorageArgs),
    /// Back up the database and media to a folder or a bucket (incremental; `verify` and
    /// `list` look at the backups kept there).
    Backup(Box<crate::backup_cli::BackupCommand>),
    /// Restore a backup into an empty data folder or database.
    Restore(Box<crate::backup_cli::RestoreArgs>),
}

impl Cli {
    /// The serve settings, whether or not `serve` was typed (cargo-leptos runs the bare binary).
    pub fn into_config(self) -> Config {
        match self.command {
            Some(Command::Serve(config)) => *config,
            Some(Command::MigrateStorage(_) | Command::Backup(_) | Command::Restore(_)) | None => {
                Config::parse_from_env()
            }
        }
    }
}

/// Everything `cardsmith serve` can be told. Secrets are redacted from `Debug`.
#[derive(Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "CARDSMITH_BIND", default_value = "127.0.0.1:3000")]
    pub bind: SocketAddr,

    /// Directory for the database, media and generated keys.
    #[arg(long, env = "CARDSMITH_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Database URL [default: SQLite file cardsmith.db in the data directory].
    #[arg(long, env = "CARDSMITH_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,

    /// Public URL people reach the app at; https makes cookies Secure [default: http://BIND].
    #[arg(long, env = "CARDSMITH_BASE_URL")]
    pub base_url: Option<String>,

    /// Email of the admin created on first start, when there are no users.
    #[arg(long, env = "CARDSMITH_ADMIN_EMAIL")]
    pub admin_email: Option<String>,

    /// Password of that first admin [default: generated into DATA_DIR/initial-admin-password,
    /// readable by its owner only].
    #[arg(long, env = "CARDSMITH_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,

    /// Key encrypting stored tokens: 32 bytes as base64 or hex [default: generated into DATA_DIR/encryption.key, mode 0600].
    #[arg(long, env = "CARDSMITH_ENCRYPTION_KEY", hide_env_values = true)]
    pub encryption_key: Option<String>,

    /// Largest JSON request body accepted, in bytes.
    #[arg(long, env = "CARDSMITH_MAX_JSON_BYTES", default_value_t = 1024 * 1024)]
    pub max_json_bytes: usize,

    /// Largest image upload (covers, backgrounds) accepted, in bytes.
    #[arg(long, env = "CARDSMITH_MAX_IMAGE_BYTES", default_value_t = 10 * 1024 * 1024)]
    pub max_image_bytes: usize,

    /// Largest audio upload or recording accepted, in bytes.
    #[arg(long, env = "CARDSMITH_MAX_AUDIO_BYTES", default_value_t = 1024 * 1024 * 1024)]
    pub max_audio_bytes: u64,

    /// Longest audio one track may hold, in seconds (uploads and recordings beyond it are refused).
    #[arg(long, env = "CARDSMITH_MAX_TRACK_SECS", default_value_t = 5 * 3600)]
    pub max_track_secs: u64,

    /// Playable tracks one card may hold (the player platform's limit is 100).
    #[arg(long, env = "CARDSMITH_MAX_TRACKS_PER_CARD", default_value_t = 100)]
    pub max_tracks_per_card: i64,

    /// Bytes of audio one user may add in all, originals and player copies [default: no cap].
    #[arg(long, env = "CARDSMITH_MAX_STORAGE_PER_USER")]
    pub max_storage_per_user: Option<u64>,

    /// Recording sessions one user may have open at once.
    #[arg(long, env = "CARDSMITH_MAX_OPEN_RECORDINGS", default_value_t = 3)]
    pub max_open_recordings: i64,

    /// Seconds without a chunk after which a recording's live encoder is stopped (the take stays
    /// and is converted when finished).
    #[arg(long, env = "CARDSMITH_RECORDING_IDLE_SECS", default_value_t = 600)]
    pub recording_idle_secs: u64,

    /// Days a session lasts at most after sign-in, however active (it also ends after 30 days unused).
    #[arg(long, env = "CARDSMITH_SESSION_LIFETIME_DAYS", default_value_t = 30)]
    pub session_lifetime_days: u32,

    /// Days a deletion request waits for an admin's decision before it expires.
    #[arg(long, env = "CARDSMITH_DELETION_REQUEST_DAYS", default_value_t = 30)]
    pub deletion_request_days: u32,

    /// Sign-in attempts a minute from one client address (429 with Retry-After beyond).
    #[arg(
        long,
        env = "CARDSMITH_LOGIN_ATTEMPTS_PER_ADDRESS",
        default_value_t = 30
    )]
    pub login_attempts_per_address: u32,

    /// Sign-in attempts a minute for one email from one client address (429 with Retry-After beyond).
    #[arg(
        long,
        env = "CARDSMITH_LOGIN_ATTEMPTS_PER_ACCOUNT",
        default_value_t = 10
    )]
    pub login_attempts_per_account: u32,

    /// Behind a reverse proxy that appends the client to X-Forwarded-For: take the client address from its last entry (off: the TCP peer; never turn on without such a proxy, clients could claim any address).
    #[arg(long, env = "CARDSMITH_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,

    /// Let stream tracks point at loopback and private-network addresses (off: only public ones).
    #[arg(long, env = "CARDSMITH_ALLOW_PRIVATE_STREAMS")]
    pub allow_private_streams: bool,

    /// A host:port on your own network that podcast feeds may be read from although private, e.g. 192.168.1.5:8080; every editor can then read any address on it (repeatable; the variable takes a comma-separated list) [default: none: feeds, their episodes and artwork come from public addresses only].
    #[arg(
        long = "feed-allow-host",
        env = "CARDSMITH_FEED_ALLOW_HOSTS",
        value_delimiter = ','
    )]
    pub feed_allow_hosts: Vec<String>,

    /// Base URL of an AI provider kind, KIND=URL (repeatable; the variable takes a comma-separated list), e.g. ollama=http://192.168.1.5:11434 or openai-compatible=http://127.0.0.1:8080; trusted for admins' providers, guarded like a typed URL for users' own [default: each provider's public address; ollama and openai-compatible on 127.0.0.1, for admins' providers only].
    #[arg(
        long = "ai-base-url",
        env = "CARDSMITH_AI_BASE_URLS",
        value_delimiter = ','
    )]
    pub ai_base_urls: Vec<String>,

    /// Let users' own AI provider base URLs point at loopback and private-network addresses (a home server running Ollama; off: only public ones).
    #[arg(long, env = "CARDSMITH_ALLOW_PRIVATE_AI_URLS")]
    pub allow_private_ai_urls: bool,

    /// Seconds one attempt of an AI provider call may take before the cascade moves on.
    #[arg(long, env = "CARDSMITH_AI_TIMEOUT_SECS", default_value_t = 60)]
    pub ai_timeout_secs: u64,

    /// Seconds a background job may run without a heartbeat before it counts as orphaned and is retried.
    #[arg(long, env = "CARDSMITH_JOB_LEASE_SECS", default_value_t = 300)]
    pub job_lease_secs: u64,

    /// Seconds one run of a background job may take before it is stopped and failed (3 h).
    #[arg(long, env = "CARDSMITH_JOB_TIMEOUT_SECS", default_value_t = 3 * 3600)]
    pub job_timeout_secs: u64,

    /// Token a metrics scraper (Prometheus) presents as `Authorization: Bearer <token>` to read /metrics [default: none; only admin sessions may read it].
    #[arg(long, env = "CARDSMITH_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// Auth host of the player platform.
    #[arg(long, env = "CARDSMITH_UPSTREAM_AUTH_URL", default_value = cardsmith_upstream::DEFAULT_AUTH_URL)]
    pub upstream_auth_url: String,

    /// API host of the player platform.
    #[arg(long, env = "CARDSMITH_UPSTREAM_API_URL", default_value = cardsmith_upstream::DEFAULT_API_URL)]
    pub upstream_api_url: String,

    /// The players' MQTT broker (live state and commands): `wss://` as the platform documents,
    /// `mqtts://`, or `ws://`/`mqtt://` for a local one; `off` sends commands over the REST
    /// command paths only. In demo mode the simulator's own broker, unless another is named.
    #[arg(long, env = "CARDSMITH_UPSTREAM_MQTT_URL", default_value = cardsmith_upstream::mqtt::channel::DEFAULT_BROKER_URL)]
    pub upstream_mqtt_url: String,

    /// OAuth client id registered with the player platform [default: none; linking explains how to get one].
    #[arg(long, env = "CARDSMITH_UPSTREAM_CLIENT_ID")]
    pub upstream_client_id: Option<String>,

    /// Run the player-platform simulator inside the server and use it instead of the real platform (try linking, publishing and importing with no account).
    #[arg(long, env = "CARDSMITH_DEMO_UPSTREAM")]
    pub demo_upstream: bool,

    /// In demo mode, start the platform with no family data (players, cards); tests use it to
    /// set up exactly what they check.
    #[arg(long, env = "CARDSMITH_DEMO_BARE", hide = true)]
    pub demo_bare: bool,

    /// Issuer of the OpenID Connect provider people may sign in with (discovery at ISSUER/.well-known/openid-configuration; https, or http on loopback) [default: none; no single sign-on].
    #[arg(long, env = "CARDSMITH_OIDC_ISSUER")]
    pub oidc_issuer: Option<String>,

    /// Client id registered at the OIDC provider (redirect URI BASE_URL/api/auth/oidc/callback, back-channel logout URI BASE_URL/api/auth/oidc/backchannel-logout).
    #[arg(long, env = "CARDSMITH_OIDC_CLIENT_ID")]
    pub oidc_client_id: Option<String>,

    /// Client secret at the OIDC provider [default: none; a public client with PKCE].
    #[arg(long, env = "CARDSMITH_OIDC_CLIENT_SECRET", hide_env_values = true)]
    pub oidc_client_secret: Option<String>,

    /// Provider name on the sign-in button ("Sign in with NAME").
    #[arg(long, env = "CARDSMITH_OIDC_NAME", default_value = "single sign-on")]
    pub oidc_name: String,

    /// SMTP server mail is sent through: smtp://[user:password@]host[:port] (STARTTLS, port 587), smtps://… (TLS, port 465), smtp://host:port?tls=none (plain: a local relay only) [default: none; mail is written to DATA_DIR/outbox and shown to admins].
    #[arg(long, env = "CARDSMITH_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender of every mail: `Name <address>` or an address.
    #[arg(
        long,
        env = "CARDSMITH_MAIL_FROM",
        default_value = "Cardsmith <cardsmith@localhost.localdomain>"
    )]
    pub mail_from: String,

    #[command(flatten)]
    pub media: crate::media_config::MediaConfig,

    /// Back up the database and media on a schedule to this folder or s3://bucket/prefix (reached with the --s3-* settings) [default: none; no scheduled backups].
    #[arg(long, env = "CARDSMITH_BACKUP_TO", visible_alias = "backup-dir")]
    pub backup_to: Option<String>,

    /// Time between scheduled backups: seconds, or a number with s, m, h or d.
    #[arg(long, env = "CARDSMITH_BACKUP_EVERY", default_value = "1d", value_parser = parse_interval)]
    pub backup_every: std::time::Duration,

    /// Which backups to keep: the newest `last`, the newest of each of the last `daily` days and of each of the last `weekly` weeks.
    #[arg(long, env = "CARDSMITH_BACKUP_KEEP", default_value_t = cardsmith_core::backup::Retention::default())]
    pub backup_keep: cardsmith_core::backup::Retention,

    /// A file whose first line is the passphrase sealing the encryption key into every backup (or CARDSMITH_BACKUP_PASSPHRASE) [default: none; backups hold no key].
    #[arg(long, env = "CARDSMITH_BACKUP_PASSPHRASE_FILE")]
    pub backup_passphrase_file: Option<PathBuf>,

    /// Leptos runtime options file (site root, output name).
    #[arg(long, env = "CARDSMITH_LEPTOS_TOML", default_value = "Leptos.toml")]
    pub leptos_toml: PathBuf,
}

/// `90`, `30s`, `15m`, `6h`, `1d`: at least a second, at most a year.
pub fn parse_interval(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let n: u64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a number with s, m, h or d"))?;
    let seconds = match unit.trim() {
        "s" => n,
        "m" => n.saturating_mul(60),
        "h" => n.saturating_mul(3600),
        "d" => n.saturating_mul(86_400),
        other => return Err(format!("`{other}`: the units are s, m, h and d")),
    };
    if !(1..=366 * 86_400).contains(&seconds) {
        return Err(format!("`{text}` must be between 1 second and a year"));
    }
    Ok(std::time::Duration::from_secs(seconds))
}

impl Config {
    /// Scheduled backups as these settings ask for them (`None`: off).
    pub fn backup(&self) -> anyhow::Result<Option<cardsmith_core::backup::BackupSettings>> {
        let Some(to) = self
            .backup_to
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        else {
            return Ok(None);
        };
        let passphrase = match &self.backup_passphrase_file {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("CARDSMITH_BACKUP_PASSPHRASE_FILE: {e}"))?
                .lines()
                .next()
                .map(str::to_owned),
            None => std::env::var("CARDSMITH_BACKUP_PASSPHRASE").ok(),
        }
        .filter(|p| !p.is_empty());
        if let Some(p) = &passphrase {
            anyhow::ensure!(
                p.chars().count() >= cardsmith_core::crypto::passphrase::MIN_PASSPHRASE_CHARS,
                "the backup passphrase must be at least {} characters",
                cardsmith_core::crypto::passphrase::MIN_PASSPHRASE_CHARS
            );
        }
        Ok(Some(cardsmith_core::backup::BackupSettings {
            to: to.to_owned(),
            s3: self.media.s3_settings(),
            every: self.backup_every,
            keep: self.backup_keep,
            passphrase,
        }))
    }

    /// Settings from the environment and defaults alone.
    pub fn parse_from_env() -> Self {
        #[derive(Parser)]
        struct Only {
            #[command(flatten)]
            config: Config,
        }
        Only::parse_from(["cardsmith"]).config
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("cardsmith.db").display()))
    }

    /// The public origin, `scheme://host[:port]`, without a trailing slash.
    pub fn public_origin(&self) -> String {
        let url = self
            .base_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.bind));
        let (scheme, rest) = url.split_once("://").unwrap_or(("http", &url));
        let host = rest.split('/').next().unwrap_or_default();
        format!(
            "{}://{}",
            scheme.to_ascii_lowercase(),
            host.to_ascii_lowercase()
        )
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_origin().starts_with("https://")
    }
}

fn redact(secret: &Option<String>) -> &'static str {
    if secret.is_some() {
        "Some([redacted])"
    } else {
        "None"
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "[set]"))
            .field("base_url", &self.base_url)
            .field("admin_email", &self.admin_email)
            .field("admin_password", &redact(&self.admin_password))
            .field("encryption_key", &redact(&self.encryption_key))
            .field("max_json_bytes", &self.max_json_bytes)
            .field("max_image_bytes", &self.max_image_bytes)
            .field("max_audio_bytes", &self.max_audio_bytes)
            .field("max_track_secs", &self.max_track_secs)
            .field("max_tracks_per_card", &self.max_tracks_per_card)
            .field("max_storage_per_user", &self.max_storage_per_user)
            .field("max_open_recordings", &self.max_open_recordings)
            .field("recording_idle_secs", &self.recording_idle_secs)
            .field("session_lifetime_days", &self.session_lifetime_days)
            .field("deletion_request_days", &self.deletion_request_days)
            .field(
                "login_attempts_per_address",
                &self.login_attempts_per_address,
            )
            .field(
                "login_attempts_per_account",
                &self.login_attempts_per_account,
            )
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("allow_private_streams", &self.allow_private_streams)
            .field("feed_allow_hosts", &self.feed_allow_hosts)
            .field("ai_base_urls", &self.ai_base_urls)
            .field("allow_private_ai_urls", &self.allow_private_ai_urls)
            .field("ai_timeout_secs", &self.ai_timeout_secs)
            .field("job_lease_secs", &self.job_lease_secs)
            .field("job_timeout_secs", &self.job_timeout_secs)
            .field("metrics_token", &redact(&self.metrics_token))
            .field("upstream_auth_url", &self.upstream_auth_url)
            .field("upstream_api_url", &self.upstream_api_url)
            .field("upstream_mqtt_url", &self.upstream_mqtt_url)
            .field("upstream_client_id", &self.upstream_client_id)
            .field("demo_upstream", &self.demo_upstream)
            .field("demo_bare", &self.demo_bare)
            .field("oidc_issuer", &self.oidc_issuer)
            .field("oidc_client_id", &self.oidc_client_id)
            .field("oidc_client_secret", &redact(&self.oidc_client_secret))
            .field("oidc_name", &self.oidc_name)
            .field("smtp_url", &redact(&self.smtp_url))
            .field("mail_from", &self.mail_from)
            .field("media", &self.media)
            .field("backup_to", &self.backup_to)
            .field("backup_every", &self.backup_every)
            .field("backup_keep", &self.backup_keep)
            .field("backup_passphrase_file", &self.backup_passphrase_file)
            .field("leptos_toml", &self.leptos_toml)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Config {
        let mut all = vec!["cardsmith", "serve"];
        all.extend_from_slice(args);
        Cli::parse_from(all).into_config()
    }

    #[test]
    fn https_base_url_means_secure_cookies() {
        let c = config(&["--base-url", "HTTPS://Cards.Example.org/app/"]);
        assert_eq!(c.public_origin(), "https://cards.example.org");
        assert!(c.secure_cookies());
        assert!(!config(&[]).secure_cookies());
    }

    #[test]
    fn debug_hides_secrets() {
        let c = config(&[
            "--admin-password",
            "hunter2-hunter2",
            "--encryption-key",
            "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
            "--s3-secret-access-key",
            "s3-secret-value",
        ]);
        let shown = format!("{c:?}");
        assert!(!shown.contains("hunter2") && !shown.contains("MDEyMzQ1Njc4"));
        assert!(!shown.contains("s3-secret-value"));
    }
}
