//! Admin → Backups: where backups go and how often, the last backup and the last verify (with
//! a progress bar while one runs), Back up now and Verify now, the kept backups, and what a
//! backup holds of the encryption key. Figures only: failure reasons are in the server log.

use cardsmith_model::backup::{BackupOut, BackupRunOut, BackupStatusOut};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{back_up_now, backup_status, rest, verify_backups};
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{BUTTON, PANEL};
use crate::pages::admin_health::bytes;

/// The setting that turns backups on, as an admin types it (a name and a path: no words).
const SETTING_EXAMPLE: &str = "CARDSMITH_BACKUP_TO=/var/backups/cardsmith";

/// How often the page asks how far a running backup or verify is.
const POLL_MS: i32 = 1000;

/// The Backups panel (in the `Admin` island).
#[component]
pub(crate) fn Backups() -> impl IntoView {
    let status = RwSignal::new(None::<BackupStatusOut>);
    let error = RwSignal::new(None::<String>);
    let polling = StoredValue::new(false);
    let follow = move || {
        if polling.get_value() {
            return;
        }
        polling.set_value(true);
        spawn_local(async move {
            loop {
                match backup_status().await {
                    Ok(s) => {
                        let busy = s.running.is_some() || s.verifying.is_some();
                        status.set(Some(s));
                        if !busy {
                            break;
                        }
                    }
                    Err(e) => {
                        error.set(Some(e.to_string()));
                        break;
                    }
                }
                rest::sleep(POLL_MS).await;
            }
            polling.set_value(false);
        });
    };
    // the first look happens in the browser, so the page renders without waiting on the target
    Effect::new(move |_| follow());
    let start = move |verify: bool| {
        error.set(None);
        spawn_local(async move {
            let queued = if verify {
                verify_backups().await
            } else {
                back_up_now().await
            };
            match queued {
                Ok(_) => follow(),
                Err(e) => error.set(Some(e.to_string())),
            }
        });
    };
    view! {
        <section class=format!("{PANEL} mt-6") aria-labelledby="backups-heading" data-testid="backups">
            <h2 id="backups-heading" class="text-lg font-semibold">{tr!("adm-backups-heading")}</h2>
            {move || error.get().map(|e| view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> })}
            {move || match status.get() {
                None => view! { <p class="text-sm text-slate-500">{tr!("adm-backups-looking")}</p> }.into_any(),
                Some(s) if !s.configured => view! { <NotConfigured/> }.into_any(),
                Some(s) => view! { <Configured status=s start/> }.into_any(),
            }}
        </section>
    }
}

#[component]
fn NotConfigured() -> impl IntoView {
    view! {
        <Feedback tone=Tone::Error>{tr!("adm-backups-off")}</Feedback>
        <p class="text-sm text-slate-600">{tr!("adm-backups-how")}</p>
        <pre class="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{SETTING_EXAMPLE}</pre>
    }
}

#[component]
fn Configured(
    status: BackupStatusOut,
    start: impl Fn(bool) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let busy = status.running.is_some();
    let verifying = status.verifying.is_some();
    let failed = |run: &Option<BackupRunOut>| run.as_ref().is_some_and(|r| r.status == "failed");
    let (tone, summary) = if failed(&status.last) || failed(&status.last_verify) {
        (Tone::Error, tr!("adm-backups-failing"))
    } else if status.last_success_at.is_some() {
        (Tone::Success, tr!("adm-backups-ok"))
    } else {
        (Tone::Warning, tr!("adm-backups-none-yet"))
    };
    let every = status.every_seconds.map(every).unwrap_or_default();
    view! {
        <Feedback tone>{summary}</Feedback>
        <dl class="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt class="font-medium text-slate-500">{tr!("adm-backups-target")}</dt>
            <dd class="break-all" data-testid="backup-target">{status.target.clone().unwrap_or_default()}</dd>
            <dt class="font-medium text-slate-500">{tr!("adm-backups-schedule")}</dt>
            <dd>{every}" · "{tr!("adm-backups-keep", rule = status.keep.clone().unwrap_or_default())}</dd>
            <dt class="font-medium text-slate-500">{tr!("adm-backups-next")}</dt>
            <dd>{status.next_at.as_deref().map(when).unwrap_or_default()}</dd>
            <dt class="font-medium text-slate-500">{tr!("adm-backups-key")}</dt>
            <dd>{if status.key_included { tr!("adm-backups-key-sealed") } else { tr!("adm-backups-key-absent") }}</dd>
        </dl>
        <div class="flex flex-wrap gap-3">
            <button type="button" class="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60"
                disabled=busy on:click=move |_| start(false)>
                {if busy { tr!("adm-backups-running") } else { tr!("adm-backups-now") }}
            </button>
            <button type="button" class=BUTTON disabled=verifying on:click=move |_| start(true)>
                {if verifying { tr!("adm-backups-verifying") } else { tr!("adm-backups-verify") }}
            </button>
        </div>
        {status.running.clone().map(|run| view! { <Progress run label=tr!("adm-backups-progress")/> })}
        {status.verifying.clone().map(|run| view! { <Progress run label=tr!("adm-backups-verify-progress")/> })}
        <div class="grid gap-4 md:grid-cols-2">
            <Run title=tr!("adm-backups-last") run=status.last.clone() testid="last-backup"/>
            <Run title=tr!("adm-backups-last-verify") run=status.last_verify.clone() testid="last-verify"/>
        </div>
        <Kept backups=status.backups.clone() readable=status.target_readable/>
    }
}

#[component]
fn Progress(run: BackupRunOut, label: String) -> impl IntoView {
    let percent = (run.progress * 100.0).round() as u32;
    view! {
        <div role="status" class="space-y-1">
            <p class="text-sm text-slate-600">{label.clone()}" "{percent}" %"</p>
            <progress class="h-2 w-full" max="100" value=percent aria-label=label></progress>
        </div>
    }
}

/// The last backup or verify that finished.
#[component]
fn Run(title: String, run: Option<BackupRunOut>, testid: &'static str) -> impl IntoView {
    let body = match run {
        None => {
            view! { <p class="text-sm text-slate-500">{tr!("adm-backups-never")}</p> }.into_any()
        }
        Some(run) => {
            let ok = run.status == "succeeded";
            let badge = if ok {
                (
                    "bg-emerald-50 text-emerald-800 ring-emerald-200",
                    tr!("adm-backups-succeeded"),
                )
            } else {
                (
                    "bg-rose-50 text-rose-800 ring-rose-200",
                    tr!("adm-backups-failed"),
                )
            };
            let mut lines = Vec::new();
            if let Some(at) = run.completed_at.as_deref() {
                lines.push(when(at));
            }
            if let (Some(files), Some(size)) = (run.files, run.total_bytes) {
                lines.push(tr!("adm-backups-files", files = files, size = bytes(size)));
            }
            if let (Some(new), Some(size)) = (run.new_objects, run.new_bytes) {
                lines.push(tr!("adm-backups-copied", objects = new, size = bytes(size)));
            }
            if let Some(ms) = run.duration_ms {
                lines.push(tr!(
                    "adm-backups-took",
                    seconds = format!("{:.1}", ms as f64 / 1000.0)
                ));
            }
            if let Some(n) = run.objects_checked {
                lines.push(tr!("adm-backups-checked", objects = n));
            }
            view! {
                <span class=format!("inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 {}", badge.0)
                    data-testid="backup-run-status">{badge.1}</span>
                <ul class="mt-2 space-y-1 text-sm text-slate-700">
                    {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ul>
                {(!run.problems.is_empty()).then(|| view! {
                    <p class="mt-2 text-sm font-medium text-rose-800">{tr!("adm-backups-problems")}</p>
                    <ul class="list-inside list-disc break-all text-sm text-rose-800">
                        {run.problems.iter().map(|p| view! { <li>{p.clone()}</li> }).collect_view()}
                    </ul>
                })}
            }.into_any()
        }
    };
    view! {
        <div class="rounded-xl border border-slate-200 p-4" data-testid=testid>
            <h3 class="font-semibold">{title}</h3>
            {body}
        </div>
    }
}

/// The backups kept in the target, newest first.
#[component]
fn Kept(backups: Vec<BackupOut>, readable: bool) -> impl IntoView {
    if !readable {
        return view! { <Feedback tone=Tone::Error>{tr!("adm-backups-unreadable")}</Feedback> }
            .into_any();
    }
    view! {
        <h3 class="font-semibold">{tr!("adm-backups-kept", count = backups.len())}</h3>
        <ul class="divide-y divide-slate-100 text-sm" data-testid="kept-backups">
            {backups.into_iter().map(|b| view! {
                <li class="flex flex-wrap justify-between gap-2 py-2">
                    <span><time datetime=b.created_at.clone()>{when(&b.created_at)}</time></span>
                    <span class="text-slate-600">
                        {tr!("adm-backups-files", files = b.files, size = bytes(b.total_bytes))}
                        " · "{tr!("adm-backups-copied", objects = b.new_objects, size = bytes(b.new_bytes))}
                    </span>
                </li>
            }).collect_view()}
        </ul>
    }.into_any()
}

/// A stored time as people of the page's language read it (UTC, to the minute).
fn when(t: &str) -> String {
    cardsmith_i18n::date_time(crate::i18n::locale(), t)
}

/// "every day", "every 6 hours", "every 30 minutes".
fn every(seconds: u64) -> String {
    match seconds {
        s if s % 86_400 == 0 => tr!("adm-backups-every-days", days = s / 86_400),
        s if s % 3600 == 0 => tr!("adm-backups-every-hours", hours = s / 3600),
        s => tr!("adm-backups-every-minutes", minutes = s.div_ceil(60)),
    }
}
