//! The rows of the publish dialog: what the plan says for each card and account, then how its
//! job is doing, then how it ended.

use cardsmith_model::publish::PublishPlanItem;
use leptos::prelude::*;

use crate::api::rest;
use crate::components::layout::human_bytes;

/// One card × account of the plan, and its job once queued.
#[derive(Clone)]
pub struct Run {
    pub item: PublishPlanItem,
    pub card_title: String,
    pub account_label: String,
    /// 0..1 as the job reports it; `None` until the job is first heard of.
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

    /// Whether the plan sends nothing for this pair (the account has this very version).
    pub fn unchanged(&self) -> bool {
        self.item.action == "unchanged"
    }

    /// Follows the run's job to its end (an unchanged card has none: nothing was sent).
    pub async fn follow(self) {
        let result = match &self.item.job_id {
            Some(job) => rest::wait_for_job(job, self.progress).await.map(drop),
            None => Ok(()),
        };
        self.outcome.set(Some(result));
    }
}

/// The action as a word and the classes of its pill.
fn action(item: &PublishPlanItem) -> (String, &'static str) {
    match item.action.as_str() {
        "create" => (
            tr!("player-action-create"),
            "bg-indigo-50 text-indigo-700 ring-indigo-200",
        ),
        "update" => (
            tr!("player-action-update"),
            "bg-amber-50 text-amber-800 ring-amber-200",
        ),
        _ => (
            tr!("player-action-unchanged"),
            "bg-slate-100 text-slate-600 ring-slate-200",
        ),
    }
}

/// What will be uploaded, in words: "Uploads 1 audio file (32 KB) · 1 icon · cover".
pub fn uploads_text(item: &PublishPlanItem) -> String {
    if !item.problems.is_empty() {
        return tr!(
            "player-uploads-refused",
            problems = item.problems.join("; ")
        );
    }
    if item.action == "unchanged" {
        return tr!("player-uploads-already");
    }
    let mut extras = Vec::new();
    if item.icon_uploads > 0 {
        extras.push(tr!("player-uploads-icons", count = item.icon_uploads));
    }
    if item.cover_upload {
        extras.push(tr!("player-uploads-cover"));
    }
    match (item.audio_uploads, extras.is_empty()) {
        (0, true) => tr!("player-uploads-details-only"),
        (0, false) => tr!("player-uploads-no-audio", items = extras.join(" · ")),
        (n, _) => {
            let audio = tr!(
                "player-uploads-audio",
                count = n,
                size = human_bytes(item.upload_bytes)
            );
            let all: Vec<String> = std::iter::once(audio).chain(extras).collect();
            tr!("player-uploads", items = all.join(" · "))
        }
    }
}

/// The plan in one line: "1 to create, 2 unchanged · 3.1 MB to upload".
pub fn plan_summary(items: &[PublishPlanItem]) -> String {
    let count = |a: &str| items.iter().filter(|i| i.action == a).count();
    let mut parts = Vec::new();
    let (create, update, unchanged) = (count("create"), count("update"), count("unchanged"));
    if create > 0 {
        parts.push(tr!("player-plan-create", count = create));
    }
    if update > 0 {
        parts.push(tr!("player-plan-update", count = update));
    }
    if unchanged > 0 {
        parts.push(tr!("player-plan-unchanged", count = unchanged));
    }
    let bytes: i64 = items.iter().map(|i| i.upload_bytes).sum();
    let audio: i64 = items.iter().map(|i| i.audio_uploads).sum();
    let upload = if audio > 0 {
        tr!("player-plan-upload", size = human_bytes(bytes))
    } else {
        tr!("player-plan-no-upload")
    };
    format!("{} · {upload}", parts.join(", "))
}

/// How the runs ended: "2 published, 1 unchanged, 1 failed".
pub fn outcome_summary(runs: &[Run]) -> String {
    let (mut published, mut unchanged, mut failed) = (0u32, 0u32, 0u32);
    for run in runs {
        match run.outcome.get_untracked() {
            Some(Ok(())) if run.item.job_id.is_none() => unchanged += 1,
            Some(Ok(())) => published += 1,
            _ => failed += 1,
        }
    }
    let mut parts = vec![tr!("player-outcome-published", count = published)];
    if unchanged > 0 {
        parts.push(tr!("player-outcome-unchanged", count = unchanged));
    }
    if failed > 0 {
        parts.push(tr!("player-outcome-failed", count = failed));
    }
    parts.join(", ")
}

/// The plan (before publishing) or the progress (after): one row per card and account.
#[component]
pub fn RunList(runs: Vec<Run>, started: bool) -> impl IntoView {
    view! {
        <ul class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label=tr!("player-runs-list")>
            {runs.into_iter().map(|run| view! { <RunRow run started/> }).collect_view()}
        </ul>
    }
}

#[component]
fn RunRow(run: Run, started: bool) -> impl IntoView {
    let name = format!("{} → {}", run.card_title, run.account_label);
    let (word, pill) = action(&run.item);
    let uploads = uploads_text(&run.item);
    let unchanged = run.unchanged();
    let (progress, outcome) = (run.progress, run.outcome);
    let status = move || match outcome.get() {
        Some(Ok(())) if unchanged => tr!("player-run-unchanged"),
        Some(Ok(())) => tr!("player-run-published"),
        Some(Err(e)) => tr!("player-run-failed", reason = e),
        None => match progress.get() {
            Some(p) => tr!("player-run-progress", percent = format!("{:.0}", p * 100.0)),
            None => tr!("player-run-queued"),
        },
    };
    let tone = move || match outcome.get() {
        Some(Ok(())) if unchanged => "text-slate-600",
        Some(Ok(())) => "text-emerald-700",
        Some(Err(_)) => "text-rose-700",
        None => "text-slate-600",
    };
    let bar = move || match outcome.get() {
        Some(Ok(())) if unchanged => "bg-slate-300",
        Some(Ok(())) => "bg-emerald-500",
        Some(Err(_)) => "bg-rose-500",
        None => "bg-indigo-500",
    };
    let percent = move || {
        let p = match outcome.get() {
            Some(Ok(())) => 1.0,
            _ => progress.get().unwrap_or(0.0),
        };
        (p * 100.0).round()
    };
    view! {
        <li class="space-y-2 p-3 sm:p-4" aria-label=name.clone()>
            <div class="flex items-start gap-3">
                <span class=format!("mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset {pill}")>{word}</span>
                <div class="min-w-0 flex-1">
                    <p class="break-words font-medium">{run.card_title.clone()}</p>
                    <p class="break-all text-xs text-slate-500">{tr!("player-run-to", account = &run.account_label)}</p>
                </div>
            </div>
            <p class="text-sm text-slate-600">{uploads}</p>
            {started.then(|| view! {
                <div class="h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar"
                    aria-label=tr!("player-run-progress-label", name = &name) aria-valuemin="0" aria-valuemax="100" aria-valuenow=percent>
                    <div class=move || format!("h-full rounded-full transition-[width] duration-300 {}", bar())
                        style:width=move || format!("{}%", percent())></div>
                </div>
                <p role="status" class=move || format!("text-sm font-medium {}", tone())>{status}</p>
            })}
        </li>
    }
}

#[cfg(test)]
mod tests;
