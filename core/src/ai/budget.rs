//! Spending a provider's money: the monthly reset, reserving a call's estimate, settling the
//! real charge, and the record of every call made or skipped (`llm_calls`).
//!
//! A call first *reserves* its estimate, the most it can cost (see
//! [`super::prices::text_ceiling`]), with one conditional UPDATE that succeeds only while the
//! reservation fits both the lifetime budget and the monthly cap. Concurrent calls thus
//! cannot together overspend: each reservation is checked against what the others already
//! hold. After the call the reservation is *settled* to the real charge (never more than the
//! reservation) in one UPDATE, in the transaction that records the call, so `spent_micros`
//! is always the sum of the recorded charges. A failed call returns its reservation.

use chrono::{Datelike, TimeZone, Utc};

use crate::{new_id, time, Core, CoreResult};

/// Micro-dollars in a cent.
pub const MICROS_PER_CENT: i64 = 10_000;

/// The first instant of the month after `now`, UTC: when a monthly spend next returns to
/// zero.
pub fn next_reset(now: chrono::DateTime<Utc>) -> String {
    let (year, month) = if now.month() == 12 {
        (now.year() + 1, 1)
    } else {
        (now.year(), now.month() + 1)
    };
    time::format(
        Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0)
            .single()
            .expect("the first of a month at midnight UTC exists"),
    )
}

/// Returns the monthly spend of every provider whose reset time has passed to zero and moves
/// its reset time to the first of next month. Run before spend is read or checked, so the
/// reset happens lazily, exactly when somebody looks.
pub async fn reset_due(core: &Core) -> CoreResult<()> {
    let now = time::now();
    sqlx::query(
        "UPDATE llm_providers SET monthly_spent_micros = 0, monthly_spend_reset_at = $1
         WHERE monthly_spend_reset_at <= $2",
    )
    .bind(next_reset(now))
    .bind(time::format(now))
    .execute(core.db.pool())
    .await?;
    Ok(())
}

/// Holds `micros` of `provider_id`'s money for a call about to run; `false` when that much
/// does not fit what is left of its budget or of its monthly cap (the call must not run).
/// A free call (`micros == 0`) always fits.
pub async fn reserve(core: &Core, provider_id: &str, micros: i64) -> CoreResult<bool> {
    let done = sqlx::query(
        "UPDATE llm_providers
         SET spent_micros = spent_micros + $1, monthly_spent_micros = monthly_spent_micros + $1
         WHERE id = $2 AND enabled = 1
           AND ($1 = 0 OR spent_micros + $1 <= budget_micros)
           AND ($1 = 0 OR monthly_budget_cents IS NULL
                OR monthly_spent_micros + $1 <= monthly_budget_cents * $3)",
    )
    .bind(micros)
    .bind(provider_id)
    .bind(MICROS_PER_CENT)
    .execute(core.db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How one call ended, for `llm_calls`.
pub enum Outcome<'a> {
    /// It ran and was charged this many micro-dollars.
    Ok(i64),
    /// It ran and failed; the reason in words.
    Failed(&'a str),
    /// It was not made: its estimate did not fit the budget or the monthly cap.
    OverBudget,
}

/// One call of the cascade: which provider, for whom, what for.
pub struct Call<'a> {
    pub provider_id: &'a str,
    pub user_id: &'a str,
    pub capability: &'a str,
}

/// Settles a call that held `reserved`: charges what it really cost (at most `reserved`) or,
/// when it failed or never ran, returns the reservation; records it in `llm_calls` and the
/// provider's `last_error`, all in one transaction.
pub async fn settle(
    core: &Core,
    call: &Call<'_>,
    reserved: i64,
    outcome: Outcome<'_>,
) -> CoreResult<()> {
    let now = time::now_str();
    let (charged, label, error) = match outcome {
        Outcome::Ok(cost) => (cost.clamp(0, reserved), "ok", None),
        Outcome::Failed(why) => (0, "failed", Some(why)),
        Outcome::OverBudget => (0, "over_budget", Some("over budget")),
    };
    let refund = reserved - charged;
    let mut tx = core.db.begin().await?;
    // The monthly spend may have been reset between reserve and settle: never below zero.
    sqlx::query(
        "UPDATE llm_providers
         SET spent_micros = spent_micros - $1,
             monthly_spent_micros = CASE WHEN monthly_spent_micros >= $1
                                         THEN monthly_spent_micros - $1 ELSE 0 END,
             last_used_at = CASE WHEN $2 = 'ok' THEN $3 ELSE last_used_at END,
             last_error = CASE WHEN $2 = 'ok' THEN NULL
                               WHEN $2 = 'failed' THEN $4 ELSE last_error END,
             last_error_at = CASE WHEN $2 = 'ok' THEN NULL
                                  WHEN $2 = 'failed' THEN $3 ELSE last_error_at END
         WHERE id = $5",
    )
    .bind(refund)
    .bind(label)
    .bind(&now)
    .bind(error)
    .bind(call.provider_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO llm_calls (id, provider_id, user_id, capability, outcome, error,
                                cost_micros, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(call.provider_id)
    .bind(call.user_id)
    .bind(call.capability)
    .bind(label)
    .bind(error)
    .bind(charged)
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reset_is_the_first_of_next_month() {
        let t = |s: &str| time::parse(s).unwrap();
        assert_eq!(
            next_reset(t("2026-11-23T21:00:00Z")),
            "2026-12-01T00:00:00.000Z"
        );
        assert_eq!(
            next_reset(t("2026-12-31T23:59:59Z")),
            "2027-01-01T00:00:00.000Z"
        );
    }
}
