//! The cascade: which records a user's call tries, in which order, and running one call down
//! it.
//!
//! Order: the user's own records by priority, then the instance's by priority, then the
//! built-in offline path (the caller's, when [`run`] answers no result). A record is passed
//! over when it is disabled, keyless for a kind that needs a key, out of budget or at its
//! monthly cap ([`ProviderRow::usable`]), cannot do what is asked, or when the call's
//! estimate does not fit what is left (recorded as `over_budget`). A call that fails (after
//! the wire's own retries) is recorded with its reason and the next record is tried.

use std::future::Future;

use super::budget::{self, Call, Outcome};
use super::repo::{rows_of, ProviderRow, OWNER_SYSTEM, OWNER_USER};
use super::{endpoint, prices, wire, Capability, Generated};
use crate::{Core, CoreResult};

/// The records `user_id`'s calls may try, in cascade order (after the lazy monthly reset).
pub(crate) async fn usable_rows(core: &Core, user_id: &str) -> CoreResult<Vec<ProviderRow>> {
    budget::reset_due(core).await?;
    let mut rows = rows_of(core, OWNER_USER, Some(user_id)).await?;
    rows.extend(rows_of(core, OWNER_SYSTEM, None).await?);
    rows.retain(ProviderRow::usable);
    Ok(rows)
}

/// Whether `row` can do `capability` at all (its wire and the price list agree).
pub(crate) fn can(row: &ProviderRow, capability: Capability) -> bool {
    wire::Kind::parse(&row.provider)
        .is_some_and(|kind| wire::capabilities(kind).contains(&capability))
        && prices::price_for(&row.provider, &row.model, capability).is_some()
}

/// The records that may serve `capability` for `user_id`, optionally of one kind only.
pub(crate) async fn candidates(
    core: &Core,
    user_id: &str,
    capability: Capability,
    kind: Option<&str>,
) -> CoreResult<Vec<ProviderRow>> {
    let mut rows = usable_rows(core, user_id).await?;
    rows.retain(|r| can(r, capability) && kind.is_none_or(|k| r.provider == k));
    Ok(rows)
}

/// How a call down the cascade went.
pub(crate) struct Ran<T> {
    /// The result and who made it; `None` when no record produced one.
    pub result: Option<Generated<T>>,
    /// Records that were tried or considered.
    pub candidates: usize,
    /// The last failure, in words (none when every record was only over budget).
    pub last_failure: Option<String>,
}

/// Runs `call` on each candidate in turn until one answers. `ceiling` is the most the call
/// can consume (what is reserved before it runs); `call` gets the endpoint and answers the
/// value with the usage it was charged for.
pub(crate) async fn run<T, F, Fut>(
    core: &Core,
    user_id: &str,
    capability: Capability,
    kind: Option<&str>,
    ceiling: wire::Usage,
    call: F,
) -> CoreResult<Ran<T>>
where
    F: Fn(wire::Endpoint) -> Fut,
    Fut: Future<Output = Result<(T, wire::Usage), wire::WireError>>,
{
    let rows = candidates(core, user_id, capability, kind).await?;
    let mut ran = Ran {
        result: None,
        candidates: rows.len(),
        last_failure: None,
    };
    for row in rows {
        let Some(price) = prices::price_for(&row.provider, &row.model, capability) else {
            continue;
        };
        let record = Call {
            provider_id: &row.id,
            user_id,
            capability: capability.as_str(),
        };
        let reserved = price.cost(&ceiling);
        if !budget::reserve(core, &row.id, reserved).await? {
            tracing::info!(provider_id = %row.id, reserved, "over budget; next provider");
            budget::settle(core, &record, 0, Outcome::OverBudget).await?;
            continue;
        }
        let answer = match endpoint::for_row(core, &row).await {
            Ok(ep) => call(ep).await.map_err(|e| e.to_string()),
            Err(why) => Err(why),
        };
        match answer {
            Ok((value, usage)) => {
                let cost = price.cost(&usage).min(reserved);
                budget::settle(core, &record, reserved, Outcome::Ok(cost)).await?;
                ran.result = Some(Generated {
                    value,
                    provider: row.provider.clone(),
                    provider_id: row.id.clone(),
                    cost_usd: cost as f64 / 1_000_000.0,
                });
                return Ok(ran);
            }
            Err(why) => {
                tracing::warn!(provider_id = %row.id, kind = %row.provider, %why,
                    "provider call failed; next provider");
                budget::settle(core, &record, reserved, Outcome::Failed(&why)).await?;
                ran.last_failure = Some(why);
            }
        }
    }
    Ok(ran)
}
