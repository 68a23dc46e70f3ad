//! Submitting an edit: each of trim, split and fade is a job on the server, started with the
//! model's typed input and followed to its end with a progress bar. Kept apart from the view
//! so the three buttons share one path from click to the track list's message.

use cardsmith_model::job::JobIDOutputBody;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::Serialize;

use crate::api::rest::{self, track_url, Verb};

/// What a finished edit tells the track list.
#[derive(Debug, Clone)]
pub struct EditDone {
    pub message: String,
    /// The source an Undo restores.
    pub source_id: Option<String>,
}

/// The track being edited and where an edit's progress and outcome go.
#[derive(Clone, Copy)]
pub struct Edits {
    pub card: StoredValue<String>,
    pub slug: StoredValue<String>,
    pub track_id: StoredValue<String>,
    /// Why the last request failed.
    pub error: RwSignal<Option<String>>,
    /// The running edit's progress (0..1); `None` while none runs.
    pub progress: RwSignal<Option<f64>>,
    pub on_done: Callback<EditDone>,
}

impl Edits {
    /// The track's URL plus `rest` (e.g. `"/audio"`).
    pub fn url(self, rest: &str) -> String {
        track_url(&self.card.get_value(), &self.slug.get_value(), rest)
    }

    /// Starts the edit job `op` (`"trim"`, `"split"`, `"fade"`) with `input`, follows its
    /// progress, and tells the track list `message` when it is done. The edited track stays
    /// as the source, so the list offers Undo.
    pub fn submit<I: Serialize + 'static>(self, op: &str, input: I, message: String) {
        let url = self.url(&format!("/{op}"));
        self.error.set(None);
        self.progress.set(Some(0.0));
        spawn_local(async move {
            let outcome = match rest::send::<I, JobIDOutputBody>(Verb::Post, &url, &input).await {
                Ok(job) => rest::wait_for_job(&job.job_id, self.progress)
                    .await
                    .map(drop),
                Err(e) => Err(e),
            };
            self.progress.set(None);
            match outcome {
                Ok(()) => self.on_done.run(EditDone {
                    message,
                    source_id: Some(self.track_id.get_value()),
                }),
                Err(e) => self.error.set(Some(e)),
            }
        });
    }
}
