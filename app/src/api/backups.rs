//! Admin → Backups: the same answers as `GET /admin/backups`, `POST /admin/backups` and
//! `POST /admin/backups/verify`.

use cardsmith_model::backup::BackupStatusOut;
use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// The schedule, the last runs and the kept backups (admins only).
#[server(prefix = "/rpc", endpoint = "backup_status")]
pub async fn backup_status() -> Result<BackupStatusOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::backup::status::status(&core, &actor).await?)
}

/// Back up now: the job's id (the pending one, when a backup already waits or runs).
#[server(prefix = "/rpc", endpoint = "back_up_now")]
pub async fn back_up_now() -> Result<String, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::backup::job::back_up_now(&core, &actor).await?)
}

/// Verify every kept backup now: the job's id.
#[server(prefix = "/rpc", endpoint = "verify_backups")]
pub async fn verify_backups() -> Result<String, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::backup::job::verify_now(&core, &actor).await?)
}
