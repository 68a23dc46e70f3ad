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

mod row;

use std::time::Duration;

use cardsmith_model::job::{status, AdminJobDetail, JobFilter};
use cardsmith_model::states::JobType;
use leptos::prelude::*;
use leptos::task::spawn_local;

use self::row::{Acting, JobRow};
use crate::address;
use crate::api::{admin_cancel_job, admin_jobs, admin_retry_job};
use crate::components::form::{Feedback, Outcome, SelectField, Tone};
use crate::components::layout::{BUTTON, PANEL};

/// Jobs a page shows.
const PAGE: i64 = 25;
/// How often the list is asked again while a job shown is queued or running.
const REFRESH: Duration = Duration::from_secs(3);

/// The status filter's choices ("" for all).
const STATUSES: [&str; 6] = [
    "",
    status::QUEUED,
    status::RUNNING,
    status::SUCCEEDED,
    status::FAILED,
    status::CANCELLED,
];

/// A status as people say it: a filter's choice, a row's badge.
pub(crate) fn status_words(state: &str) -> String {
    match state {
        "" => tr!("adm-jobs-all-statuses"),
        status::QUEUED => tr!("adm-jobs-queued"),
        status::RUNNING => tr!("adm-jobs-running"),
        status::SUCCEEDED => tr!("adm-jobs-succeeded"),
        status::FAILED => tr!("adm-jobs-failed"),
        _ => tr!("adm-jobs-cancelled"),
    }
}

/// A kind of job as people say it.
pub(crate) fn kind_words(kind: &str) -> String {
    match kind {
        "transcode" => tr!("adm-jobs-kind-transcode"),
        "trim" => tr!("adm-jobs-kind-trim"),
        "split" => tr!("adm-jobs-kind-split"),
        "merge" => tr!("adm-jobs-kind-merge"),
        "fade" => tr!("adm-jobs-kind-fade"),
        "rescan" => tr!("adm-jobs-kind-rescan"),
        "publish" => tr!("adm-jobs-kind-publish"),
        "import" => tr!("adm-jobs-kind-import"),
        "seed" => tr!("adm-jobs-kind-seed"),
        "mail.send" => tr!("adm-jobs-kind-mail"),
        "story.make" => tr!("adm-jobs-kind-story"),
        "cover.generate" => tr!("adm-jobs-kind-cover"),
        "icons.generate" => tr!("adm-jobs-kind-icons"),
        "backup.run" => tr!("adm-jobs-kind-backup"),
        "backup.verify" => tr!("adm-jobs-kind-backup-verify"),
        "export.zip" => tr!("adm-jobs-kind-export"),
        "feed.sync" => tr!("adm-jobs-kind-feed"),
        other => other.to_owned(),
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
        Self {
            status: known(query.get("status"), &STATUSES[..]),
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
        <Transition fallback=|| view! { <p class="mt-6 text-slate-500">{tr!("adm-jobs-loading")}</p> }>
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
                Err(e) => outcome.set(Some(Err(tr!(
                    "adm-jobs-load-failed",
                    error = e.to_string()
                )))),
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
                Ok(()) => Ok(tr!("adm-jobs-cancelled-note")),
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
                Ok(_) => Ok(tr!("adm-jobs-retried-note")),
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
        .map(|v| ((*v).to_owned(), status_words(v)))
        .collect();
    let kinds = std::iter::once((String::new(), tr!("adm-jobs-all-kinds")))
        .chain(
            JobType::WORDS
                .iter()
                .map(|k| ((*k).to_owned(), kind_words(k))),
        )
        .collect();
    let full = move || jobs.with(|list| i64::try_from(list.len()).unwrap_or(0) >= PAGE);
    view! {
        <div class=format!("{PANEL} mt-6")>
            <form class="grid gap-3 sm:grid-cols-2 lg:max-w-xl [&_select]:min-h-11" role="search"
                aria-label=tr!("adm-jobs-filter-label") on:submit=|ev| ev.prevent_default()>
                <SelectField id="jobs_status" label=tr!("adm-jobs-status") value=status options=statuses/>
                <SelectField id="jobs_kind" label=tr!("adm-jobs-kind") value=kind options=kinds/>
            </form>
            <Outcome outcome/>
            <Show when=move || jobs.with(Vec::is_empty)
                fallback=move || view! {
                    <ul class="divide-y divide-slate-100" aria-label=tr!("adm-jobs-list")>
                        <For each=move || jobs.get()
                            key=|j| (j.job.id.clone(), j.job.status.clone())
                            let(job)>
                            <JobRow job jobs cancel retry/>
                        </For>
                    </ul>
                }>
                <p class="text-slate-600">{tr!("adm-jobs-empty")}</p>
            </Show>
            <nav class="flex items-center justify-between gap-3 [&_button]:min-h-11" aria-label=tr!("adm-jobs-pages")>
                <button type="button" class=BUTTON disabled=move || page.get() <= 1
                    on:click=move |_| turn(-1)>{tr!("adm-newer")}</button>
                <span class="text-sm text-slate-600">{move || tr!("adm-jobs-page", page = page.get())}</span>
                <button type="button" class=BUTTON disabled=move || !full()
                    on:click=move |_| turn(1)>{tr!("adm-older")}</button>
            </nav>
        </div>
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
}
