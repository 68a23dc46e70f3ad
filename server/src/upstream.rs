//! Connecting to the player platform: the real hosts with a registered client id, or, in demo
//! mode, the simulator started inside this process.

use std::sync::Arc;

use anyhow::Context;
use cardsmith_upstream::mqtt::channel::DEFAULT_BROKER_URL;
use cardsmith_upstream::{UpstreamClient, UpstreamConfig};
use cardsmith_upstream_sim::{SimConfig, Simulator};
use url::Url;

use crate::config::Config;

mod demo;

/// The platform client (none without a client id) and the simulator serving it in demo mode,
/// which must live as long as the server.
pub struct Upstream {
    pub client: Option<Arc<UpstreamClient>>,
    pub simulator: Option<Simulator>,
}

/// Where the platform sends the browser back after linking.
pub fn callback_url(config: &Config) -> anyhow::Result<Url> {
    let url = format!("{}/api/player-accounts/callback", config.public_origin());
    Url::parse(&url).with_context(|| format!("callback URL {url}"))
}

pub async fn connect(config: &Config) -> anyhow::Result<Upstream> {
    let callback = callback_url(config)?;
    if config.demo_upstream {
        let simulator = Simulator::start(SimConfig::default())
            .await
            .context("starting the demo player platform")?;
        let mut settings = UpstreamConfig::with_hosts(
            simulator.client_id(),
            callback,
            simulator.auth_url(),
            simulator.api_url(),
        );
        // the simulator is local and answers at once: poll its transcodes briskly
        settings.transcode_poll.interval = std::time::Duration::from_millis(100);
        // its players live on a broker of its own (mosquitto); without one, commands take
        // the REST command paths and the players page says it is not live
        let named = config.upstream_mqtt_url.trim();
        settings.broker = match simulator.broker_url().await {
            // `off` tries the REST command paths against the simulator too
            Ok(_) if named == "off" => None,
            // a broker named on purpose (say, a relay in front of the simulator's) is used
            Ok(url) if named == DEFAULT_BROKER_URL => Some(url),
            Ok(_) => Some(Url::parse(named).context("CARDSMITH_UPSTREAM_MQTT_URL")?),
            Err(e) => {
                tracing::warn!(error = %e, "demo mode: no MQTT broker for the simulated players (install mosquitto); commands use the REST paths");
                None
            }
        };
        // the simulator's own host is trusted as configured; any other host its answers name
        // is held to the same rule as streams
        settings.allow_private_addresses = config.allow_private_streams;
        let client = UpstreamClient::new(settings)
            .map_err(|e| anyhow::anyhow!("demo platform client: {e}"))?;
        if !config.demo_bare {
            demo::seed_family(&simulator.handle()).await;
        }
        tracing::info!(api = %simulator.api_url(), "demo mode: using the built-in player platform simulator");
        return Ok(Upstream {
            client: Some(Arc::new(client)),
            simulator: Some(simulator),
        });
    }
    let Some(client_id) = config
        .upstream_client_id
        .clone()
        .filter(|c| !c.trim().is_empty())
    else {
        return Ok(Upstream {
            client: None,
            simulator: None,
        });
    };
    let auth = Url::parse(&config.upstream_auth_url).context("CARDSMITH_UPSTREAM_AUTH_URL")?;
    let api = Url::parse(&config.upstream_api_url).context("CARDSMITH_UPSTREAM_API_URL")?;
    let mut settings = UpstreamConfig::with_hosts(client_id, callback, auth, api);
    settings.broker = match config.upstream_mqtt_url.trim() {
        "off" | "" => None,
        url => Some(Url::parse(url).context("CARDSMITH_UPSTREAM_MQTT_URL")?),
    };
    // file URLs the platform hands out may point at private addresses only when streams may
    settings.allow_private_addresses = config.allow_private_streams;
    let client = UpstreamClient::new(settings)
        .map_err(|e| anyhow::anyhow!("player platform client: {e}"))?;
    Ok(Upstream {
        client: Some(Arc::new(client)),
        simulator: None,
    })
}
