//! The admin's health dashboard: one card per dependency check with a green or red badge and
//! its figures, and the instance's counts. Figures only: failure reasons are in the server log.

use cardsmith_model::health::{AdminHealthOutputBody, HealthCheck, CHECK_FAILED, CHECK_OK};
use leptos::prelude::*;

use crate::api::admin_health;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{BUTTON, PANEL};
use crate::i18n::{locale, Locale};

/// The checks (in the `Admin` island): run again on request.
///
/// Run by the browser once the page is live, not while the server draws the page: a resource
/// of the island awaited on the server ran the whole report three times per page (each with
/// its ffmpeg and ffprobe processes), 190 ms before the page's first byte; now the page comes
/// at once and the report, run once, follows it.
#[component]
pub(crate) fn HealthDashboard() -> impl IntoView {
    let report = LocalResource::new(admin_health);
    // the server and the hydrating island draw "Running checks…"; the report's transition
    // exists in the browser only, once the island is live
    let live = crate::islands::live();
    let running = || view! { <p class="mt-6 text-slate-500">{tr!("adm-health-running")}</p> };
    view! {
        {move || if live.get() {
            view! {
                <Transition fallback=running>
                    {move || Suspend::new(async move {
                        match report.await {
                            Ok(body) => view! { <Report body refresh=Callback::new(move |()| report.refetch())/> }.into_any(),
                            Err(e) => view! { <Feedback tone=Tone::Error alert=true class="mt-6">{e.to_string()}</Feedback> }.into_any(),
                        }
                    })}
                </Transition>
            }.into_any()
        } else {
            running().into_any()
        }}
    }
}

#[component]
fn Report(body: AdminHealthOutputBody, refresh: Callback<()>) -> impl IntoView {
    let ok = body.status == "ok";
    let oldest = body.jobs.oldest_queued_age_s;
    let (tone, summary) = if ok {
        (Tone::Success, tr!("adm-health-all-passed"))
    } else {
        (Tone::Error, tr!("adm-health-some-failed"))
    };
    let counts = [
        (tr!("adm-health-users"), body.users.total),
        (tr!("adm-health-active-users"), body.users.active),
        (tr!("adm-health-deactivated-users"), body.users.deactivated),
        (tr!("adm-health-locked-users"), body.users.locked),
        (tr!("adm-health-unverified-users"), body.users.unverified),
        (tr!("adm-health-admins"), body.users.admins),
        (tr!("adm-health-collections"), body.collections.total),
        (
            tr!("adm-health-orphaned-collections"),
            body.collections.orphaned,
        ),
        (tr!("adm-health-cards"), body.cards),
        (tr!("adm-health-tracks"), body.tracks),
        (tr!("adm-health-jobs-waiting"), body.jobs.queued),
        (tr!("adm-health-jobs-running"), body.jobs.running),
        (tr!("adm-health-jobs-succeeded"), body.jobs.succeeded),
        (tr!("adm-health-jobs-failed"), body.jobs.failed),
        (tr!("adm-health-jobs-cancelled"), body.jobs.cancelled),
    ];
    let checked_at = body.checked_at.clone();
    let checked = pieces(&tr!("adm-health-checked-at", time = SLOTS[0]))
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.into_any(),
            Piece::Slot(_) => {
                view! { <time datetime=checked_at.clone()>{checked_at.clone()}</time> }.into_any()
            }
        })
        .collect_view();
    let metrics = pieces(&tr!("adm-health-metrics", path = SLOTS[0], reference = SLOTS[1]))
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.into_any(),
            Piece::Slot(0) => view! { <code>"/metrics"</code> }.into_any(),
            Piece::Slot(_) => view! {
                <a class="underline" href="/api/docs/#/admin/metrics">{tr!("adm-health-metrics-reference")}</a>
            }.into_any(),
        })
        .collect_view();
    view! {
        <div class="mt-6 flex flex-wrap items-center gap-3">
            <Feedback tone class="flex-1">
                <span data-testid="health-status">{summary}</span>
                " " {checked}
            </Feedback>
            <button type="button" class=BUTTON on:click=move |_| refresh.run(())>{tr!("adm-health-check-again")}</button>
        </div>
        <ul class="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label=tr!("adm-health-checks")>
            {body.checks.into_iter().map(|check| view! { <CheckCard check oldest/> }).collect_view()}
        </ul>
        <section class=format!("{PANEL} mt-6") aria-labelledby="health-counts">
            <h2 id="health-counts" class="text-lg font-semibold">{tr!("adm-health-counts")}</h2>
            <dl class="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
                {counts.into_iter().map(|(label, n)| view! {
                    <div>
                        <dt class="text-sm text-slate-600">{label}</dt>
                        <dd class="text-xl font-semibold tabular-nums">{n}</dd>
                    </div>
                }).collect_view()}
            </dl>
            <p class="mt-4 text-sm text-slate-600" data-testid="metrics-hint">{metrics}</p>
        </section>
    }
}

#[component]
fn CheckCard(check: HealthCheck, oldest: Option<i64>) -> impl IntoView {
    let (badge, word) = match check.status.as_str() {
        CHECK_OK => (
            "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
            tr!("adm-health-ok"),
        ),
        CHECK_FAILED => (
            "bg-rose-50 text-rose-700 ring-rose-600/20",
            tr!("adm-health-failed"),
        ),
        _ => (
            "bg-slate-100 text-slate-600 ring-slate-500/20",
            tr!("adm-health-skipped"),
        ),
    };
    let figures = figures(&check, oldest);
    let title = label(&check.name);
    view! {
        <li class=PANEL data-testid=format!("check-{}", check.name)>
            <div class="flex items-center justify-between gap-3">
                <h2 class="font-semibold">{title.clone()}</h2>
                <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset {badge}")>
                    <span class="sr-only">{format!("{title}: ")}</span>{word}
                </span>
            </div>
            <ul class="mt-2 space-y-1 text-sm text-slate-600">
                {figures.into_iter().map(|f| view! { <li class="break-words">{f}</li> }).collect_view()}
                <li class="text-xs text-slate-500">{tr!("adm-health-took", ms = check.duration_ms)}</li>
            </ul>
        </li>
    }
}

fn label(name: &str) -> String {
    match name {
        "database" => tr!("adm-health-database"),
        "disk" => tr!("adm-health-disk"),
        // program names, the same in every language
        "ffmpeg" | "ffprobe" => name.to_owned(),
        "job_queue" => tr!("adm-health-job-queue"),
        "upstream" => tr!("adm-health-upstream"),
        "backup" => tr!("adm-health-backup"),
        _ => tr!("adm-health-check"),
    }
}

/// The human lines of a check's figures.
fn figures(check: &HealthCheck, oldest: Option<i64>) -> Vec<String> {
    let mut lines = Vec::new();
    if let (Some(free), Some(total)) = (check.free_bytes, check.total_bytes) {
        lines.push(tr!(
            "adm-health-free-of",
            free = bytes(free),
            total = bytes(total)
        ));
    }
    if let Some(version) = &check.version {
        lines.push(version.clone());
    }
    match check.name.as_str() {
        "job_queue" if check.status == CHECK_OK => lines.push(match oldest {
            Some(age) => tr!("adm-health-oldest-waiting", age = duration(age)),
            None => tr!("adm-health-no-job-waiting"),
        }),
        "upstream" if check.status != CHECK_OK && check.status != CHECK_FAILED => {
            lines.push(tr!("adm-health-no-platform"))
        }
        "backup" if check.status == CHECK_FAILED => lines.push(tr!("adm-health-backup-failed")),
        "backup" if check.status != CHECK_OK => lines.push(tr!("adm-health-no-backups")),
        _ => {}
    }
    lines
}

/// A size in binary units, one decimal, in the page's language (French counts octets).
pub(crate) fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    const FRENCH: [&str; 5] = ["o", "Kio", "Mio", "Gio", "Tio"];
    let locale = locale();
    let units = if locale == Locale::Fr { FRENCH } else { UNITS };
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} {}", units[0])
    } else if locale == Locale::En {
        format!("{value:.1} {}", units[unit])
    } else {
        format!(
            "{} {}",
            cardsmith_i18n::decimal(locale, value, 1),
            units[unit]
        )
    }
}

fn duration(seconds: i64) -> String {
    match seconds {
        s if s < 120 => tr!("duration-seconds", seconds = s),
        s if s < 7200 => tr!("adm-health-age-minutes", minutes = s / 60),
        s => tr!("adm-health-age-hours", hours = s / 3600),
    }
}

/// Stand-ins for the elements inside a sentence (a `<time>`, a link): passed as the
/// message's variables, then found in the translated text, so a translator may move them.
const SLOTS: [&str; 2] = ["\u{e000}", "\u{e001}"];

/// A piece of a translated sentence: its words, or the place of element `n` of `SLOTS`.
enum Piece {
    Text(String),
    Slot(usize),
}

fn pieces(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars() {
        match SLOTS.iter().position(|s| s.starts_with(c)) {
            Some(n) => {
                if !run.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut run)));
                }
                out.push(Piece::Slot(n));
            }
            None => run.push(c),
        }
    }
    if !run.is_empty() {
        out.push(Piece::Text(run));
    }
    out
}
