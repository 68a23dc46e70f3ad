//! One row of the Jobs page: what, for whom, how it stands, when, and Cancel or Retry.

use cardsmith_model::job::{status, AdminJobDetail};
use leptos::prelude::*;

use super::kind_words;
use crate::components::confirm::ConfirmButton;
use crate::components::layout::{Badge, ProgressBar, BUTTON};

/// An action asked on a row: the job's id and the row's busy flag.
pub(super) type Acting = (String, RwSignal<bool>);

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
pub(super) fn JobRow(
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
    fn ages_read_as_people_say_them() {
        assert_eq!(ago(3), "just now");
        assert_eq!(ago(42), "42 seconds ago");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(7_300), "2 hours ago");
        assert_eq!(ago(86_400 * 3), "3 days ago");
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
