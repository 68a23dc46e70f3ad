//! `upstream-sim --bind 127.0.0.1:4010`: the platform simulator as a standalone server.

use std::net::SocketAddr;
use std::time::Duration;

use cardsmith_upstream_sim::{seed, DeviceSeed, SimConfig, Simulator};
use clap::Parser;

/// Serves a simulated audio-player platform (auth host, API host, storage) on one address.
#[derive(Parser)]
#[command(name = "upstream-sim", version)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:4010", env = "UPSTREAM_SIM_BIND")]
    bind: SocketAddr,
    /// Base URL clients use, when it is not http://<bind> (e.g. binding 0.0.0.0).
    #[arg(long, env = "UPSTREAM_SIM_PUBLIC_URL")]
    public_url: Option<String>,
    /// The OAuth client id the auth host accepts.
    #[arg(long, default_value = "sim-client", env = "UPSTREAM_SIM_CLIENT_ID")]
    client_id: String,
    /// Allowed callback URL (repeatable); none accepts any http(s) callback.
    #[arg(long = "redirect-uri")]
    redirect_uris: Vec<String>,
    /// Access token lifetime in seconds.
    #[arg(long, default_value_t = 86_400)]
    access_token_ttl: u64,
    /// Start with an empty account instead of two players and three cards.
    #[arg(long)]
    empty: bool,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();
    let args = Args::parse();
    let config = SimConfig {
        bind: args.bind,
        public_url: args.public_url,
        client_id: args.client_id,
        redirect_uris: args.redirect_uris,
        access_token_ttl: Duration::from_secs(args.access_token_ttl),
        ..SimConfig::default()
    };
    let sim = Simulator::start(config).await?;
    if !args.empty {
        let user = sim.default_user();
        sim.seed_device(&user, DeviceSeed::named("Living room"));
        sim.seed_device(&user, DeviceSeed::mini("Bedroom"));
        let audio = sim.seed_audio(b"simulated audio");
        sim.seed_card(&user, seed::user_made_card("Bedtime stories", 3, &audio));
        sim.seed_card(&user, seed::purchased_card("The Shop Card", &audio));
        sim.seed_card(
            &user,
            seed::streaming_card("Daily Podcast", "https://feeds.example/daily.rss"),
        );
    }
    println!("upstream simulator listening on http://{}", sim.addr());
    println!(
        "  auth URL: {}  API URL: {}  client id: {}",
        sim.auth_url(),
        sim.api_url(),
        sim.client_id()
    );
    println!(
        "  signed in as {}; admin routes under /__sim",
        sim.default_user()
    );
    tokio::signal::ctrl_c().await?;
    Ok(())
}
