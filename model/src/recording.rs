//! Recording from a browser: a session takes numbered chunks of a MediaRecorder take, and
//! finishing it makes a track (see `core::recording`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordStartInput {
    #[serde(default)]
    pub title: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordStartOutputBody {
    pub session_id: String,
    /// Seconds of audio the recorder should put in each chunk.
    pub chunk_interval_s: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordFinishInput {
    #[serde(default)]
    pub title: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordFinishOutputBody {
    pub track_id: String,
    pub track_slug: String,
}

/// Where a recording session stands: the next chunk it expects and what it holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordChunkOutputBody {
    pub next_seq: i64,
    pub bytes: i64,
}
