//! One row of the Jobs page: what, for whom, how it stands, when, and Cancel or Retry.

use cardsmith_model::job::{status, AdminJobDetail};
use leptos::prelude::*;

use super::{kind_words, status_words};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{around_link, LINK};
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
        _ => tr!("adm-jobs-instance"),
    }
}

/// `seconds` before now, as people say it.
fn ago(seconds: i64) -> String {
    match seconds {
        s if s < 10 => tr!("adm-jobs-just-now"),
        s if s < 60 => tr!("adm-jobs-seconds-ago", count = s),
        s if s < 3600 => tr!("adm-jobs-minutes-ago", count = s / 60),
        s if s < 86_400 => tr!("adm-jobs-hours-ago", count = s / 3600),
        s => tr!("adm-jobs-days-ago", count = s / 86_400),
    }
}

/// A status in words, with the colour that says how it went.
fn status_badge(state: &str) -> (String, &'static str) {
    let tone = match state {
        status::QUEUED => "bg-amber-50 text-amber-800",
        status::RUNNING => "bg-indigo-50 text-indigo-700",
        status::SUCCEEDED => "bg-emerald-50 text-emerald-700",
        status::FAILED => "bg-rose-50 text-rose-700",
        _ => "bg-slate-100 text-slate-700",
    };
    (status_words(state), tone)
}

/// The words of a sentence before and after the `<time>` inside it ("Queued { $ago }", given
/// `LINK` for the time), so they come from one message in the translator's order; none where
/// there are none.
fn around(sentence: String) -> (Option<String>, Option<String>) {
    let (before, after) = around_link(sentence);
    let words = |s: String| (!s.is_empty()).then_some(s);
    (words(before), words(after))
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
    let kind = kind_words(&job.job.kind);
    let who = who(&job);
    let state = job.job.status.clone();
    let (status_label, tone) = status_badge(&state);
    let busy = RwSignal::new(false);
    let progress = Signal::derive(move || live.get().0);
    let error = job.job.error.clone().map(|e| {
        let (text, class) = match state.as_str() {
            status::FAILED => (e, "text-rose-700"),
            status::CANCELLED => (e, "text-slate-600"),
            _ => (tr!("adm-jobs-retrying", error = e), "text-amber-800"),
        };
        view! { <p class=format!("break-words text-sm {class}") data-testid="job-error">{text}</p> }
    });
    let finished = job.job.completed_at.clone().map(|at| {
        let (before, after) = around(tr!("adm-jobs-finished", ago = LINK));
        view! {
            <span class="block">{before}
                <time datetime=at.clone() title=at>{move || live.get().2.map(ago).unwrap_or_default()}</time>{after}</span>
        }
    });
    let (queued_before, queued_after) = around(tr!("adm-jobs-queued-ago", ago = LINK));
    let actions = match state.as_str() {
        status::QUEUED | status::RUNNING => {
            let question = if state == status::RUNNING {
                tr!("adm-jobs-stop-question", kind = &kind, who = &who)
            } else {
                tr!("adm-jobs-cancel-question", kind = &kind, who = &who)
            };
            let id = id.clone();
            view! {
                <ConfirmButton label=tr!("adm-jobs-cancel") name=tr!("adm-jobs-cancel-name", kind = &kind, who = &who)
                    question=question confirm_label=tr!("adm-jobs-cancel-yes") keep_label=tr!("adm-jobs-keep")
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
                    <button type="button" class=BUTTON aria-label=tr!("adm-jobs-retry-label", kind = &kind, who = &who)
                        disabled=move || busy.get()
                        on:click=move |_| { busy.set(true); retry.run((id.clone(), busy)); }>
                        {move || if busy.get() { tr!("adm-queuing") } else { tr!("adm-jobs-retry") }}
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
            data-testid="job-row" data-job-id=id.clone() data-status=state.clone() aria-label=tr!("adm-jobs-row-label", kind = &kind, who = &who, status = &status_label)>
            <div class="min-w-0">
                <p class="font-medium">{kind.clone()}</p>
                <p class="break-all text-sm text-slate-600">{who.clone()}</p>
            </div>
            <div class="min-w-0 space-y-1">
                <Badge text=status_label.clone() tone=tone/>
                {(state == status::RUNNING).then(|| view! { <ProgressBar fraction=progress label=tr!("adm-jobs-progress", kind = &kind)/> })}
                {error}
            </div>
            <p class="text-sm text-slate-600">
                <span class="block">{queued_before}
                    <time datetime=job.job.created_at.clone() title=job.job.created_at.clone()>{move || ago(live.get().1)}</time>{queued_after}</span>
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
