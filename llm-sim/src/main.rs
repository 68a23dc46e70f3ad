//! `llm-sim --port 4020`: the AI provider simulator as a standalone server.

use std::net::{IpAddr, SocketAddr};

use clap::Parser;

/// Serves simulated OpenAI, Anthropic, Gemini, Ideogram, ElevenLabs and Ollama APIs on one
/// address; steer it through the `/_sim` routes.
#[derive(Parser)]
#[command(name = "llm-sim", version)]
struct Args {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 4020, env = "LLM_SIM_PORT")]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1", env = "LLM_SIM_HOST")]
    host: IpAddr,
    /// Base URL clients use, when it is not http://<host>:<port> (e.g. binding 0.0.0.0).
    #[arg(long, env = "LLM_SIM_PUBLIC_URL")]
    public_url: Option<String>,
    /// The key every keyed format accepts.
    #[arg(long, default_value = cardsmith_llm_sim::DEFAULT_API_KEY, env = "LLM_SIM_KEY")]
    key: String,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();
    let args = Args::parse();
    let sim =
        cardsmith_llm_sim::start(SocketAddr::new(args.host, args.port), args.public_url).await?;
    sim.set_api_key(args.key);
    println!("LLM simulator listening on {}", sim.base_url());
    println!(
        "  key: {}  steering: {}/_sim/calls, /_sim/faults, /_sim/reply",
        sim.api_key(),
        sim.base_url()
    );
    tokio::signal::ctrl_c().await?;
    Ok(())
}
