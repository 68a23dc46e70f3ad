//! The admin's health dashboard: one card per dependency check with a green or red badge and
//! its figures, and the instance's counts. Figures only: failure reasons are in the server log.

use cardsmith_model::health::{AdminHealthOutputBody, HealthCheck, CHECK_FAILED, CHECK_OK};
use leptos::prelude::*;

use crate::api::admin_health;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{BUTTON, PANEL};

/// The checks (in the `Admin` island): run again on request.
#[component]
pub(crate) fn HealthDashboard() -> impl IntoView {
    let report = Resource::new(|| (), |_| admin_health());
    view! {
        <Transition fallback=|| view! { <p class="mt-6 text-slate-500">"Running checks…"</p> }>
            {move || Suspend::new(async move {
                match report.await {
                    Ok(body) => view! { <Report body refresh=Callback::new(move |()| report.refetch())/> }.into_any(),
                    Err(e) => view! { <Feedback tone=Tone::Error alert=true class="mt-6">{e.to_string()}</Feedback> }.into_any(),
                }
            })}
        </Transition>
    }
}

#[component]
fn Report(body: AdminHealthOutputBody, refresh: Callback<()>) -> impl IntoView {
    let ok = body.status == "ok";
    let oldest = body.jobs.oldest_queued_age_s;
    let (tone, summary) = if ok {
        (Tone::Success, "All checks passed.")
    } else {
        (Tone::Error, "Some checks failed; the server log says why.")
    };
    let counts = [
        ("Users", body.users.total),
        ("Active users", body.users.active),
        ("Deactivated users", body.users.deactivated),
        ("Locked users", body.users.locked),
        ("Unverified users", body.users.unverified),
        ("Admins", body.users.admins),
        ("Collections", body.collections.total),
        ("Orphaned collections", body.collections.orphaned),
        ("Cards", body.cards),
        ("Tracks", body.tracks),
        ("Jobs waiting", body.jobs.queued),
        ("Jobs running", body.jobs.running),
        ("Jobs succeeded", body.jobs.succeeded),
        ("Jobs failed", body.jobs.failed),
        ("Jobs cancelled", body.jobs.cancelled),
    ];
    view! {
        <div class="mt-6 flex flex-wrap items-center gap-3">
            <Feedback tone class="flex-1">
                <span data-testid="health-status">{summary}</span>
                " Checked at " <time datetime=body.checked_at.clone()>{body.checked_at.clone()}</time> "."
            </Feedback>
            <button type="button" class=BUTTON on:click=move |_| refresh.run(())>"Check again"</button>
        </div>
        <ul class="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Checks">
            {body.checks.into_iter().map(|check| view! { <CheckCard check oldest/> }).collect_view()}
        </ul>
        <section class=format!("{PANEL} mt-6") aria-labelledby="health-counts">
            <h2 id="health-counts" class="text-lg font-semibold">"Counts"</h2>
            <dl class="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
                {counts.into_iter().map(|(label, n)| view! {
                    <div>
                        <dt class="text-sm text-slate-600">{label}</dt>
                        <dd class="text-xl font-semibold tabular-nums">{n}</dd>
                    </div>
                }).collect_view()}
            </dl>
            <p class="mt-4 text-sm text-slate-600" data-testid="metrics-hint">
                "Prometheus can scrape these counts, with request latencies by route, job runs and platform calls, from "
                <code>"/metrics"</code>" (an admin session or a bearer token; see "
                <a class="underline" href="/api/docs/#/admin/metrics">"the API reference"</a>" and the README's Metrics section)."
            </p>
        </section>
    }
}

#[component]
fn CheckCard(check: HealthCheck, oldest: Option<i64>) -> impl IntoView {
    let (badge, word) = match check.status.as_str() {
        CHECK_OK => ("bg-emerald-50 text-emerald-700 ring-emerald-600/20", "OK"),
        CHECK_FAILED => ("bg-rose-50 text-rose-700 ring-rose-600/20", "Failed"),
        _ => ("bg-slate-100 text-slate-600 ring-slate-500/20", "Skipped"),
    };
    let figures = figures(&check, oldest);
    let title = label(&check.name);
    view! {
        <li class=PANEL data-testid=format!("check-{}", check.name)>
            <div class="flex items-center justify-between gap-3">
                <h2 class="font-semibold">{title}</h2>
                <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset {badge}")>
                    <span class="sr-only">{format!("{title}: ")}</span>{word}
                </span>
            </div>
            <ul class="mt-2 space-y-1 text-sm text-slate-600">
                {figures.into_iter().map(|f| view! { <li class="break-words">{f}</li> }).collect_view()}
                <li class="text-xs text-slate-500">{format!("Took {} ms", check.duration_ms)}</li>
            </ul>
        </li>
    }
}

fn label(name: &str) -> &'static str {
    match name {
        "database" => "Database",
        "disk" => "Disk space",
        "ffmpeg" => "ffmpeg",
        "ffprobe" => "ffprobe",
        "job_queue" => "Job queue",
        "upstream" => "Player platform",
        _ => "Check",
    }
}

/// The human lines of a check's figures.
fn figures(check: &HealthCheck, oldest: Option<i64>) -> Vec<String> {
    let mut lines = Vec::new();
    if let (Some(free), Some(total)) = (check.free_bytes, check.total_bytes) {
        lines.push(format!("{} free of {}", bytes(free), bytes(total)));
    }
    if let Some(version) = &check.version {
        lines.push(version.clone());
    }
    match check.name.as_str() {
        "job_queue" if check.status == CHECK_OK => lines.push(match oldest {
            Some(age) => format!("Oldest waiting job: {}", duration(age)),
            None => "No job waiting".into(),
        }),
        "upstream" if check.status != CHECK_OK && check.status != CHECK_FAILED => {
            lines.push("No platform configured".into())
        }
        _ => {}
    }
    lines
}

fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

fn duration(seconds: i64) -> String {
    match seconds {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s => format!("{} h", s / 3600),
    }
}
