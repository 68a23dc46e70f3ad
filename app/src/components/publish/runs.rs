//! The rows of the publish dialog: what the plan says for each card and account, and then how
//! its job is doing.

use cardsmith_model::publish::PublishPlanItem;
use leptos::prelude::*;

use crate::components::layout::human_bytes;
use crate::components::rest;

/// One card × account of the plan, and its job once queued.
#[derive(Clone)]
pub struct Run {
    pub item: PublishPlanItem,
    pub card_title: String,
    pub account_label: String,
    pub progress: RwSignal<Option<f64>>,
    /// `Some(Ok(()))` published (or nothing to do), `Some(Err(why))` failed.
    pub outcome: RwSignal<Option<Result<(), String>>>,
}

impl Run {
    pub fn new(item: PublishPlanItem, card_title: String, account_label: String) -> Self {
        Self {
            item,
            card_title,
            account_label,
            progress: RwSignal::new(None),
            outcome: RwSignal::new(None),
        }
    }

    /// Follows the run's job to its end (an unchanged card has none: nothing was sent).
    pub async fn follow(self) {
        let result = match &self.item.job_id {
            Some(job) => rest::wait_for_job(job, self.progress).await.map(drop),
            None => Ok(()),
        };
        self.outcome.set(Some(result));
    }

    /// The plan in words: "Create · 2 audio files (3.1 MB) · 2 icons · cover".
    pub fn plan_text(&self) -> String {
        let i = &self.item;
        let mut parts = vec![match i.action.as_str() {
            "create" => "New on the player".to_owned(),
            "update" => "Update".to_owned(),
            _ => "Unchanged: nothing to send".to_owned(),
        }];
        if i.audio_uploads > 0 {
            parts.push(format!(
                "{} audio file{} ({})",
                i.audio_uploads,
                if i.audio_uploads == 1 { "" } else { "s" },
                human_bytes(i.upload_bytes)
            ));
        } else if i.action != "unchanged" {
            parts.push("no audio to upload".to_owned());
        }
        if i.icon_uploads > 0 {
            parts.push(format!(
                "{} icon{}",
                i.icon_uploads,
                if i.icon_uploads == 1 { "" } else { "s" }
            ));
        }
        if i.cover_upload {
            parts.push("cover".to_owned());
        }
        parts.join(" · ")
    }
}

/// The plan (before publishing) or the progress (after): one row per card and account.
#[component]
pub fn RunList(runs: Vec<Run>, started: bool) -> impl IntoView {
    view! {
        <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Publish plan">
            {runs.into_iter().map(|run| view! { <RunRow run started/> }).collect_view()}
        </ul>
    }
}

#[component]
fn RunRow(run: Run, started: bool) -> impl IntoView {
    let label = format!("{} → {}", run.card_title, run.account_label);
    let plan = run.plan_text();
    let unchanged = run.item.job_id.is_none() && run.item.action == "unchanged";
    let (progress, outcome) = (run.progress, run.outcome);
    let status = move || match outcome.get() {
        Some(Ok(())) if unchanged => "Unchanged, nothing sent".to_owned(),
        Some(Ok(())) => "Published".to_owned(),
        Some(Err(e)) => format!("Failed: {e}"),
        None => match progress.get() {
            Some(p) => format!("Publishing… {:.0}%", p * 100.0),
            None => "Waiting to start…".to_owned(),
        },
    };
    let tone = move || match outcome.get() {
        Some(Ok(())) => "text-emerald-700",
        Some(Err(_)) => "text-rose-700",
        None => "text-slate-600",
    };
    let percent = move || {
        let done = matches!(outcome.get(), Some(Ok(())));
        let p = if done {
            1.0
        } else {
            progress.get().unwrap_or(0.0)
        };
        (p * 100.0).round()
    };
    view! {
        <li class="space-y-2 p-3" aria-label=label.clone()>
            <p class="font-medium">{label.clone()}</p>
            <p class="text-sm text-slate-600">{plan}</p>
            {started.then(|| view! {
                <div class="h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar"
                    aria-label=format!("Publishing {label}") aria-valuemin="0" aria-valuemax="100" aria-valuenow=percent>
                    <div class="h-full bg-indigo-500 transition-[width]" style:width=move || format!("{}%", percent())></div>
                </div>
                <p role="status" class=move || format!("text-sm font-medium {}", tone())>{status}</p>
            })}
        </li>
    }
}
