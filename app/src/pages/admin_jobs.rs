//! The admin's Jobs page: everyone's background jobs, newest first, filtered by status and
//! kind and turned a page at a time; the filters and the page live in the address, so a
//! reload or a shared link shows the same list. Queued and running jobs can be cancelled
//! (asked once more), failed and cancelled ones retried when their kind allows it. While a
//! job shown is queued or running the list is asked again every few seconds; it stops once
//! none is.
//!
//! The first answer is a resource of the island, loaded with the page; every later one (a new
//! filter, a page, a refresh, after an action) replaces the list in place, keyed by job, so a
//! question open on one row stays open while the others move.

use std::time::Duration;

use cardsmith_model::job::{status, AdminJobDetail, JobFilter};
use cardsmith_model::states::JobType;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::address;
use crate::api::{admin_cancel_job, admin_jobs, admin_retry_job};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{Feedback, Outcome, SelectField, Tone};
use crate::components::layout::{Badge, ProgressBar, BUTTON, PANEL};

/// Jobs a page shows.
const PAGE: i64 = 25;
/// How often the list is asked again while a job shown is queued or running.
const REFRESH: Duration = Duration::from_secs(3);

/// The status filter's choices.
const STATUSES: [(&str, &str); 6] = [
    ("", "All"),
    (status::QUEUED, "Queued"),
    (status::RUNNING, "Running"),
    (status::SUCCEEDED, "Succeeded"),
    (status::FAILED, "Failed"),
    (status::CANCELLED, "Cancelled"),
];

/// A kind of job as people say it.
pub(crate) fn kind_words(kind: &str) -> &str {
    match kind {
        "transcode" => "Convert audio",
        "trim" => "Trim",
        "split" => "Split",
        "merge" => "Merge",
        "fade" => "Fade",
        "rescan" => "Library rescan",
        "publish" => "Publish",
        "import" => "Import",
        "seed" => "Put on players",
        "mail.send" => "Send mail",
        "story.make" => "Make a story",
        "cover.generate" => "Draw a cover",
        "icons.generate" => "Draw icons",
        other => other,
    }
}

/// What the page shows: the filters and the page, as in its address.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Asked {
    status: String,
    kind: String,
    /// 1-based.
    page: i64,
}

impl Asked {
    /// The question of the page's address; a word the filters do not offer asks for all.
    fn from_address() -> Self {
        let query = address::query();
        let known = |value: Option<String>, words: &[&str]| {
            value
                .filter(|v| words.contains(&v.as_str()))
                .unwrap_or_default()
        };
        let statuses: Vec<&str> = STATUSES.iter().map(|(v, _)| *v).collect();
        Self {
            status: known(query.get("status"), &statuses),
            kind: known(query.get("kind"), JobType::WORDS),
            page: query
                .get("page")
                .and_then(|p| p.parse().ok())
                .filter(|p| *p >= 1)
                .unwrap_or(1),
        }
    }

    /// The page's address for this question.
    fn href(&self) -> String {
        let page = if self.page > 1 {
            self.page.to_string()
        } else {
            String::new()
        };
        let parts: Vec<String> = [
            ("status", &self.status),
            ("kind", &self.kind),
            ("page", &page),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
        if parts.is_empty() {
            "/admin/jobs".to_owned()
        } else {
            format!("/admin/jobs?{}", parts.join("&"))
        }
    }

    fn filter(&self) -> JobFilter {
        let some = |s: &String| (!s.is_empty()).then(|| s.clone());
        JobFilter {
            status: some(&self.status),
            kind: some(&self.kind),
            limit: Some(PAGE),
            offset: Some((self.page - 1) * PAGE),
        }
    }
}

/// The page (in the `Admin` island).
#[component]
pub(crate) fn Jobs() -> impl IntoView {
    let asked = Asked::from_address();
    let first_filter = asked.filter();
    let first = Resource::new(|| (), move |_| admin_jobs(first_filter.clone()));
    view! {
        <Transition fallback=|| view! { <p class="mt-6 text-slate-500">"Loading jobs…"</p> }>
            {move || {
                let asked = asked.clone();
                Suspend::new(async move {
                    match first.await {
                        Ok(list) => view! { <JobList first=list asked/> }.into_any(),
                        Err(e) => view! { <Feedback tone=Tone::Error alert=true class="mt-6">{e.to_string()}</Feedback> }.into_any(),
                    }
                })
            }}
        </Transition>
    }
}

/// An action asked on a row: the job's id and the row's busy flag.
type Acting = (String, RwSignal<bool>);

/// Whether a job may still change by itself (so the list is asked again).
fn is_active(job: &AdminJobDetail) -> bool {
    matches!(job.job.status.as_str(), status::QUEUED | status::RUNNING)
}

#[component]
fn JobList(first: Vec<AdminJobDetail>, asked: Asked) -> impl IntoView {
    let status = RwSignal::new(asked.status.clone());
    let kind = RwSignal::new(asked.kind.clone());
    let page = RwSignal::new(asked.page);
    let jobs = RwSignal::new(first);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    // each question's turn: an answer that arrives after a later question's is dropped
    let turns = StoredValue::new(0_u32);
    let load = move || {
        let asked = Asked {
            status: status.get_untracked(),
            kind: kind.get_untracked(),
            page: page.get_untracked(),
        };
        address::replace(&asked.href());
        let turn = turns.get_value().wrapping_add(1);
        turns.set_value(turn);
        spawn_local(async move {
            let answer = admin_jobs(asked.filter()).await;
            if turns.get_value() != turn {
                return;
            }
            match answer {
                Ok(list) => jobs.set(list),
                Err(e) => outcome.set(Some(Err(format!("The jobs could not be loaded: {e}")))),
            }
        });
    };
    // a new filter starts at the first page
    Effect::watch(
        move || (status.get(), kind.get()),
        move |_, _, _| {
            page.set(1);
            load();
        },
        false,
    );
    // while anything shown may still change, ask again in a moment
    let timer = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let active = jobs.with(|list| list.iter().any(is_active));
        if let Some(pending) = timer.get_value() {
            pending.clear();
        }
        timer.set_value(
            active
                .then(|| set_timeout_with_handle(load, REFRESH).ok())
                .flatten(),
        );
    });
    // an action on a row: its button is busy until the answer, then the list is asked again
    let cancel = Callback::new(move |(id, busy): Acting| {
        spawn_local(async move {
            let answer = admin_cancel_job(id).await;
            outcome.set(Some(match answer {
                Ok(()) => Ok("The job was cancelled.".to_owned()),
                Err(e) => Err(e.to_string()),
            }));
            busy.set(false);
            load();
        });
    });
    let retry = Callback::new(move |(id, busy): Acting| {
        spawn_local(async move {
            let answer = admin_retry_job(id).await;
            outcome.set(Some(match answer {
                Ok(_) => Ok("Queued again as a new job.".to_owned()),
                Err(e) => Err(e.to_string()),
            }));
            busy.set(false);
            load();
        });
    });
    let turn = move |by: i64| {
        page.update(|p| *p = (*p + by).max(1));
        load();
    };
    let statuses = STATUSES
        .iter()
        .map(|(v, l)| ((*v).to_owned(), (*l).to_owned()))
        .collect();
    let kinds = std::iter::once((String::new(), "All".to_owned()))
        .chain(
            JobType::WORDS
                .iter()
                .map(|k| ((*k).to_owned(), kind_words(k).to_owned())),
        )
        .collect();
    let full = move || jobs.with(|list| i64::try_from(list.len()).unwrap_or(0) >= PAGE);
    view! {
        <div class=format!("{PANEL} mt-6")>
            <form class="grid gap-3 sm:grid-cols-2 lg:max-w-xl [&_select]:min-h-11" role="search"
                aria-label="Filter the jobs" on:submit=|ev| ev.prevent_default()>
                <SelectField id="jobs_status" label="Status" value=status options=statuses/>
                <SelectField id="jobs_kind" label="Kind" value=kind options=kinds/>
            </form>
            <Outcome outcome/>
            <Show when=move || jobs.with(Vec::is_empty)
                fallback=move || view! {
                    <ul class="divide-y divide-slate-100" aria-label="Jobs">
                        <For each=move || jobs.get()
                            key=|j| (j.job.id.clone(), j.job.status.clone())
                            let(job)>
                            <JobRow job jobs cancel retry/>
                        </For>
                    </ul>
                }>
                <p class="text-slate-600">"No jobs match."</p>
            </Show>
            <nav class="flex items-center justify-between gap-3 [&_button]:min-h-11" aria-label="Job pages">
                <button type="button" class=BUTTON disabled=move || page.get() <= 1
                    on:click=move |_| turn(-1)>"Newer"</button>
                <span class="text-sm text-slate-600">{move || format!("Page {}", page.get())}</span>
                <button type="button" class=BUTTON disabled=move || !full()
                    on:click=move |_| turn(1)>"Older"</button>
            </nav>
        </div>
    }
}

/// Who a job works for: the account's name and email, or the instance itself.
fn who(job: &AdminJobDetail) -> String {
    match (&job.user_name, &job.user_email) {
        (Some(name), Some(email)) if !name.is_empty() && name != email => {
            format!("{name} ({email})")
        }
        (_, Some(email)) => email.clone(),
        _ => "Cardsmith itself".to_owned(),
    }
}

/// `seconds` before now, as people say it.
fn ago(seconds: i64) -> String {
    let (n, unit) = match seconds {
        s if s < 10 => return "just now".to_owned(),
        s if s < 60 => (s, "second"),
        s if s < 3600 => (s / 60, "minute"),
        s if s < 86_400 => (s / 3600, "hour"),
        s => (s / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// A status in words, with the colour that says how it went.
fn status_badge(status: &str) -> (&'static str, &'static str) {
    match status {
        status::QUEUED => ("Queued", "bg-amber-50 text-amber-800"),
        status::RUNNING => ("Running", "bg-indigo-50 text-indigo-700"),
        status::SUCCEEDED => ("Succeeded", "bg-emerald-50 text-emerald-700"),
        status::FAILED => ("Failed", "bg-rose-50 text-rose-700"),
        _ => ("Cancelled", "bg-slate-100 text-slate-700"),
    }
}

/// One job: what, for whom, how it stands, when, and what may be done about it. Its progress
/// and ages follow the list (`jobs`) without the row being drawn again.
#[component]
fn JobRow(
    job: AdminJobDetail,
    jobs: RwSignal<Vec<AdminJobDetail>>,
    cancel: Callback<Acting>,
    retry: Callback<Acting>,
) -> impl IntoView {
    let id = job.job.id.clone();
    let live = {
        let id = id.clone();
        let fallback = (job.progress, job.created_secs_ago, job.completed_secs_ago);
        Memo::new(move |_| {
            jobs.with(|list| {
                list.iter()
                    .find(|j| j.job.id == id)
                    .map(|j| (j.progress, j.created_secs_ago, j.completed_secs_ago))
                    .unwrap_or(fallback)
            })
        })
    };
    let kind = kind_words(&job.job.kind).to_owned();
    let who = who(&job);
    let state = job.job.status.clone();
    let (status_label, tone) = status_badge(&state);
    let busy = RwSignal::new(false);
    let progress = Signal::derive(move || live.get().0);
    let error = job.job.error.clone().map(|e| {
        let (lead, class) = match state.as_str() {
            status::FAILED => ("", "text-rose-700"),
            status::CANCELLED => ("", "text-slate-600"),
            _ => ("Last attempt failed, trying again: ", "text-amber-800"),
        };
        view! { <p class=format!("break-words text-sm {class}") data-testid="job-error">{format!("{lead}{e}")}</p> }
    });
    let finished = job.job.completed_at.clone().map(|at| {
        view! {
            <span class="block">"Finished "
                <time datetime=at.clone() title=at>{move || live.get().2.map(ago).unwrap_or_default()}</time></span>
        }
    });
    let actions = match state.as_str() {
        status::QUEUED | status::RUNNING => {
            let question = if state == status::RUNNING {
                format!("Stop this “{kind}” job for {who}? It ends now, unfinished.")
            } else {
                format!("Cancel this “{kind}” job for {who}? It will not run.")
            };
            let id = id.clone();
            view! {
                <ConfirmButton label="Cancel job" name=format!("Cancel job: {kind} for {who}")
                    question=question confirm_label="Yes, cancel job" keep_label="Keep it"
                    busy=busy on_confirm=Callback::new(move |()| {
                        busy.set(true);
                        cancel.run((id.clone(), busy));
                    })/>
            }
            .into_any()
        }
        status::FAILED | status::CANCELLED => match job.retry_refused.clone() {
            None => {
                let id = id.clone();
                view! {
                    <button type="button" class=BUTTON aria-label=format!("Retry: {kind} for {who}")
                        disabled=move || busy.get()
                        on:click=move |_| { busy.set(true); retry.run((id.clone(), busy)); }>
                        {move || if busy.get() { "Queuing…" } else { "Retry" }}
                    </button>
                }
                .into_any()
            }
            Some(why) => view! { <p class="text-xs text-slate-500">{why}</p> }.into_any(),
        },
        _ => ().into_any(),
    };
    view! {
        <li class="grid gap-2 py-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,2fr)_minmax(0,1.2fr)_16rem] md:items-start md:gap-4"
            data-testid="job-row" data-job-id=id.clone() data-status=state.clone() aria-label=format!("{kind} for {who}: {status_label}")>
            <div class="min-w-0">
                <p class="font-medium">{kind.clone()}</p>
                <p class="break-all text-sm text-slate-600">{who.clone()}</p>
            </div>
            <div class="min-w-0 space-y-1">
                <Badge text=status_label.to_owned() tone=tone/>
                {(state == status::RUNNING).then(|| view! { <ProgressBar fraction=progress label=format!("Progress of {kind}")/> })}
                {error}
            </div>
            <p class="text-sm text-slate-600">
                <span class="block">"Queued "
                    <time datetime=job.job.created_at.clone() title=job.job.created_at.clone()>{move || ago(live.get().1)}</time></span>
                {finished}
            </p>
            <div class="flex flex-wrap items-start gap-2 md:justify-end [&_button]:min-h-11">{actions}</div>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_words_of_its_own() {
        for kind in JobType::WORDS {
            let words = kind_words(kind);
            assert_ne!(words, *kind, "{kind} needs words");
            assert!(words.chars().next().unwrap().is_uppercase(), "{words}");
        }
    }

    #[test]
    fn ages_read_as_people_say_them() {
        assert_eq!(ago(3), "just now");
        assert_eq!(ago(42), "42 seconds ago");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(7_300), "2 hours ago");
        assert_eq!(ago(86_400 * 3), "3 days ago");
    }

    #[test]
    fn the_address_carries_only_what_is_asked() {
        let mut asked = Asked {
            status: String::new(),
            kind: String::new(),
            page: 1,
        };
        assert_eq!(asked.href(), "/admin/jobs");
        asked.status = "failed".into();
        asked.kind = "mail.send".into();
        asked.page = 3;
        assert_eq!(
            asked.href(),
            "/admin/jobs?status=failed&kind=mail.send&page=3"
        );
        let filter = asked.filter();
        assert_eq!(filter.offset, Some(2 * PAGE));
        assert_eq!(filter.kind.as_deref(), Some("mail.send"));
    }

    #[test]
    fn a_job_of_nobody_is_the_instances() {
        let job = |name: Option<&str>, email: Option<&str>| AdminJobDetail {
            job: cardsmith_model::job::AdminJobOut {
                id: "j".into(),
                user_id: String::new(),
                kind: "trim".into(),
                status: "failed".into(),
                attempts: 1,
                created_at: String::new(),
                completed_at: None,
                error: None,
            },
            user_email: email.map(str::to_owned),
            user_name: name.map(str::to_owned),
            progress: 0.0,
            created_secs_ago: 0,
            completed_secs_ago: None,
            retry_refused: None,
        };
        assert_eq!(who(&job(None, None)), "Cardsmith itself");
        assert_eq!(who(&job(Some("Ann"), Some("a@x.org"))), "Ann (a@x.org)");
        assert_eq!(who(&job(Some("a@x.org"), Some("a@x.org"))), "a@x.org");
    }
}
