//! The admin's mail outbox: the same service calls as `GET /admin/mail`, `GET /admin/mail/{id}`
//! and `POST /admin/mail/{id}/resend`.

use cardsmith_model::mail::{MailFilter, MailMessageDetailOut, MailMessageOut, MailPageOut};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// One page of messages, newest first (admins only, like the REST door).
#[server(prefix = "/rpc", endpoint = "admin_mail_list", input = Json)]
pub async fn admin_mail_list(filter: MailFilter) -> Result<MailPageOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::mail::admin::list(&core, &actor, filter).await?)
}

/// One message with its bodies, and this instance's own address: the page makes links of
/// that address only (a mail carries users' words, e.g. a collection name in an invitation).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct MailMessageView {
    pub message: MailMessageDetailOut,
    pub own_origin: String,
}

#[server(prefix = "/rpc", endpoint = "admin_mail_get", input = Json)]
pub async fn admin_mail_get(id: String) -> Result<MailMessageView, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(MailMessageView {
        message: cardsmith_core::mail::admin::get(&core, &actor, &id).await?,
        own_origin: cardsmith_core::mail::link(&core, "/"),
    })
}

/// Queues a failed (or outbox) message for delivery again.
#[server(prefix = "/rpc", endpoint = "admin_mail_resend", input = Json)]
pub async fn admin_mail_resend(id: String) -> Result<MailMessageOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::mail::admin::resend(&core, &actor, &id).await?)
}
