//! Bodies of the system endpoints and small shared replies.

use serde::{Deserialize, Serialize};

/// `GET /health`: the process is up.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HealthOutputBody {
    /// Always `ok` when the process answers.
    pub status: String,
}

/// `GET /ready`: the process can serve requests (its database answers).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReadyOutputBody {
    /// `ok` when a database round trip succeeded.
    pub db: String,
}

/// A one-line confirmation.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MessageOutputBody {
    pub message: String,
    /// How a player command travelled: `mqtt` (the players' live channel, the platform's
    /// documented path) or `rest` (its REST command path, when the broker cannot be reached).
    /// Absent on every other answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(mqtt|rest)$"))]
    pub via: Option<String>,
}

impl MessageOutputBody {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            via: None,
        }
    }
}
