//! The operator's side of AI providers: per-kind base URLs from configuration, and demo
//! mode's built-in provider simulator.

use std::collections::BTreeMap;

use anyhow::Context;
use cardsmith_core::ai::providers;
use cardsmith_core::Core;
use cardsmith_model::llm::PROVIDER_KINDS;
use url::Url;

/// `KIND=URL` entries (`--ai-base-url`, `CARDSMITH_AI_BASE_URLS`) as a map; a later entry of
/// a kind replaces an earlier one.
pub fn base_urls(entries: &[String]) -> anyhow::Result<BTreeMap<String, Url>> {
    let mut map = BTreeMap::new();
    for entry in entries.iter().map(|e| e.trim()).filter(|e| !e.is_empty()) {
        let (kind, url) = entry
            .split_once('=')
            .with_context(|| format!("--ai-base-url {entry}: expected KIND=URL"))?;
        let kind = kind.trim();
        anyhow::ensure!(
            PROVIDER_KINDS.contains(&kind),
            "--ai-base-url {entry}: the kind must be one of {}",
            PROVIDER_KINDS.join(", ")
        );
        let url = Url::parse(url.trim())
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
            .with_context(|| format!("--ai-base-url {entry}: not an http(s) URL"))?;
        map.insert(kind.to_owned(), url);
    }
    Ok(map)
}

/// The kind demo mode's simulator is added as.
pub const DEMO_KIND: &str = "openai-compatible";

/// Demo mode, first half: starts the provider simulator in this process (it stops with the
/// returned handle) and makes it the base URL of [`DEMO_KIND`] unless the operator set one.
pub async fn start_demo_sim(
    base_urls: &mut BTreeMap<String, Url>,
) -> anyhow::Result<cardsmith_llm_sim::SimHandle> {
    let sim = cardsmith_llm_sim::start(std::net::SocketAddr::from(([127, 0, 0, 1], 0)), None)
        .await
        .context("starting the demo AI provider simulator")?;
    base_urls
        .entry(DEMO_KIND.to_owned())
        .or_insert_with(|| sim.url());
    Ok(sim)
}

/// Demo mode, second half: when the instance has no system provider yet, adds the simulator
/// as one, so generation can be tried with no account and no network.
pub async fn add_demo_provider(
    core: &Core,
    sim: &cardsmith_llm_sim::SimHandle,
) -> anyhow::Result<()> {
    let added = providers::ensure_system_provider(core, DEMO_KIND, "gpt-4o-mini", &sim.api_key())
        .await
        .map_err(|e| anyhow::anyhow!("adding the demo AI provider: {e}"))?;
    tracing::info!(url = %sim.base_url(), added, "demo mode: AI provider simulator running");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_name_a_kind_and_an_http_url() {
        let map = base_urls(&[
            "ollama=http://10.0.0.5:11434".into(),
            " openai = https://proxy.example/openai ".into(),
        ])
        .unwrap();
        assert_eq!(map["ollama"].as_str(), "http://10.0.0.5:11434/");
        assert_eq!(map["openai"].as_str(), "https://proxy.example/openai");
        assert!(base_urls(&["offline=http://x".into()]).is_err());
        assert!(base_urls(&["openai".into()]).is_err());
        assert!(base_urls(&["openai=ftp://x".into()]).is_err());
    }
}
