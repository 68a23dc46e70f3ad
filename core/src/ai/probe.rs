//! The provider test: one minimal real call, for a saved record or a key before it is saved,
//! answered in words (200 either way; `ok: false` says why it failed).

use cardsmith_model::llm::{TestProviderInput, TestProviderOutputBody};

use super::providers::{checked_base_url, find, Scope};
use super::{endpoint, prices, wire};
use crate::{Actor, Core, CoreResult};

/// Longest one attempt of a test may take: somebody is waiting at a form.
const TEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// Makes the test call on `ep` (or says why there is none) and answers in words.
async fn run_test(ep: Result<wire::Endpoint, String>) -> TestProviderOutputBody {
    match ep {
        Ok(mut ep) => {
            ep.timeout = ep.timeout.min(TEST_TIMEOUT);
            test_answer(wire::check(&ep).await)
        }
        Err(why) => TestProviderOutputBody {
            ok: false,
            message: format!("The test failed: {why}."),
        },
    }
}

/// The answer of a test: the provider's own words on success, ours on failure.
fn test_answer(result: Result<String, wire::WireError>) -> TestProviderOutputBody {
    match result {
        Ok(message) => TestProviderOutputBody { ok: true, message },
        Err(e) => TestProviderOutputBody {
            ok: false,
            message: format!("The test failed: {e}."),
        },
    }
}

/// Tries one of the caller's saved records with one minimal real call (200 either way;
/// `ok: false` says why it failed). Nothing is charged: the cheap calls used list models.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), provider_id = %id))]
pub async fn test_saved(
    core: &Core,
    actor: &Actor,
    id: &str,
) -> CoreResult<TestProviderOutputBody> {
    let row = find(core, actor, Scope::Mine, id).await?;
    Ok(run_test(endpoint::for_row(core, &row).await).await)
}

/// Tries a key before it is saved (admin): one minimal real call with `provider`, `api_key`
/// and optional `model` and `base_url` (an admin's URL is trusted).
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn test_unsaved(
    core: &Core,
    actor: &Actor,
    input: TestProviderInput,
) -> CoreResult<TestProviderOutputBody> {
    actor.require_admin()?;
    input.validate()?;
    let base_url = checked_base_url(
        core,
        Scope::System,
        &input.provider,
        input.base_url.as_deref(),
    )
    .await?;
    let model = input
        .model
        .as_deref()
        .map(str::trim)
        .map_or_else(|| prices::default_model(&input.provider), str::to_owned);
    let ep = endpoint::build(
        core,
        endpoint::Target {
            kind: &input.provider,
            model: &model,
            api_key: Some(input.api_key.clone()).filter(|k| !k.is_empty()),
            base_url: base_url.as_deref(),
            user_supplied: false,
        },
    )
    .await;
    Ok(run_test(ep).await)
}
