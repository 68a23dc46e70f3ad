//! The mail outbox as administrators read it (`GET /admin/mail`): every message the instance
//! queued, whether it went out by SMTP or waits in the outbox folder.

use serde::{Deserialize, Serialize};

/// Messages a page holds when the caller names no `limit`.
pub const PAGE_DEFAULT: i64 = 50;
/// The largest `limit` accepted.
pub const PAGE_MAX: i64 = 200;

/// Where a message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum MailStatus {
    /// Waiting for its (next) delivery attempt.
    Queued,
    /// Accepted by the SMTP server.
    Sent,
    /// No SMTP server is configured: written to the outbox folder, to be read here.
    Outbox,
    /// Every attempt failed, or the server refused it for good; it can be re-sent.
    Failed,
}

impl MailStatus {
    pub const ALL: [MailStatus; 4] = [Self::Queued, Self::Sent, Self::Outbox, Self::Failed];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Sent => "sent",
            Self::Outbox => "outbox",
            Self::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether an admin may queue it again: a failed message, or one left in the outbox (to
    /// send it once SMTP is configured). Queued and sent ones are not sent twice.
    pub fn can_resend(self) -> bool {
        matches!(self, Self::Failed | Self::Outbox)
    }
}

/// How this instance delivers mail now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum MailDelivery {
    /// To the SMTP server of `CARDSMITH_SMTP_URL`.
    Smtp,
    /// Into `DATA_DIR/outbox` (no SMTP server configured).
    Outbox,
}

/// One message, without its bodies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MailMessageOut {
    pub id: String,
    /// The recipient's address.
    #[cfg_attr(feature = "openapi", schema(format = Email))]
    pub recipient: String,
    pub subject: String,
    pub status: MailStatus,
    /// Delivery attempts made so far.
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub attempts: i64,
    /// Why the last attempt failed (the mail server's answer or what went wrong); `null` once
    /// delivered.
    pub last_error: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    /// When it was sent (or written to the outbox).
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub sent_at: Option<String>,
}

/// One message with its bodies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MailMessageDetailOut {
    #[serde(flatten)]
    pub message: MailMessageOut,
    /// The plain-text body.
    pub text: String,
    /// The HTML body (user-supplied values in it are escaped).
    pub html: String,
}

/// A page of the outbox, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MailPageOut {
    /// How mail is delivered now.
    pub delivery: MailDelivery,
    /// Messages matching the filter, in all pages.
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub total: i64,
    pub messages: Vec<MailMessageOut>,
}

/// Filter and page of the outbox; every member is optional.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct MailFilter {
    /// Only messages with this status.
    pub status: Option<MailStatus>,
    /// 1 to [`PAGE_MAX`], default [`PAGE_DEFAULT`].
    pub limit: Option<i64>,
    /// Messages to skip, 0 or more, default 0.
    pub offset: Option<i64>,
}
