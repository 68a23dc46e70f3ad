//! The card's feed (the card page, when the card follows one): where its episodes come from,
//! when the feed was last read and what went wrong then, the episodes that could not be
//! added; for editors, how the card follows it (saved at once, a new count or order applied
//! by a refresh under a progress bar), "Check for new episodes now" and "Stop following".

use cardsmith_model::feed::{FeedOut, FeedRefreshOut, FeedRefusedOut};
use cardsmith_model::FieldError;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::choices::{changed_settings, Settings};
use super::fields::{SettingsFields, SettingsInputs};
use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::{ProgressBar, BUTTON};

/// What the panel is doing, for its buttons and its bar.
#[derive(Clone, Copy)]
struct Work {
    busy: RwSignal<bool>,
    progress: RwSignal<Option<f64>>,
    error: RwSignal<Option<String>>,
    note: RwSignal<Option<String>>,
}

#[component]
pub fn FeedPanel(feed: FeedOut, editor: bool, on_change: Callback<()>) -> impl IntoView {
    let fields = SettingsFields::new(Settings::of(&feed));
    let running = feed.job_id.clone();
    let url = format!("/api/cards/{}/feed", feed.card_slug);
    let shown = RwSignal::new(Some(feed));
    let work = Work {
        busy: RwSignal::new(false),
        progress: RwSignal::new(None),
        error: RwSignal::new(None),
        note: RwSignal::new(None),
    };
    let local = RwSignal::new(Vec::<FieldError>::new());
    let live = Live {
        work,
        url,
        shown,
        fields,
        on_change,
    };
    // the refresh that was running when the page was made: followed once the page is live
    {
        let live = live.clone();
        Effect::new(move |done: Option<()>| {
            if done.is_none() {
                if let Some(job) = running.clone() {
                    live.follow(Some(job));
                }
            }
        });
    }
    let save = {
        let live = live.clone();
        move |_| {
            let Some(current) = shown.get_untracked() else {
                return;
            };
            let input = match changed_settings(&current, &fields.read()) {
                Ok(input) => input,
                Err(errors) => return local.set(errors),
            };
            local.set(Vec::new());
            let live = live.clone();
            start(work);
            spawn_local(async move {
                match rest::send::<_, FeedOut>(Verb::Patch, &live.url, &input).await {
                    Ok(feed) => {
                        work.note.set(Some(tr!("feed-saved")));
                        live.finish(feed.job_id).await;
                    }
                    Err(e) => stop(work, Some(e)),
                }
            });
        }
    };
    let refresh_now = {
        let live = live.clone();
        move |_| {
            let live = live.clone();
            start(work);
            spawn_local(async move {
                let path = format!("{}/refresh", live.url);
                match rest::call::<FeedRefreshOut>(Verb::Post, &path).await {
                    Ok(job) => live.finish(Some(job.job_id)).await,
                    Err(e) => stop(work, Some(e)),
                }
            });
        }
    };
    let url = live.url.clone();
    let unfollow = Callback::new(move |()| {
        let url = url.clone();
        start(work);
        spawn_local(async move {
            match rest::call_empty(Verb::Delete, &url).await {
                Ok(()) => {
                    shown.set(None);
                    stop(work, None);
                }
                Err(e) => stop(work, Some(e)),
            }
        });
    });
    let episodes_error = Signal::derive(move || {
        local.with(|errors| {
            errors
                .iter()
                .find(|e| e.field() == "episodes")
                .map(|e| e.detail.clone())
        })
    });
    view! {
        <div class="space-y-3" data-testid="card-feed">
            {move || match shown.get() {
                Some(feed) => view! { <FeedStatus feed/> }.into_any(),
                None => view! { <p role="status" class="text-sm text-slate-600">{tr!("feed-unfollowed")}</p> }.into_any(),
            }}
            {move || work.progress.get().map(|p| view! { <ProgressBar fraction=p label=tr!("feed-bringing")/> })}
            <ErrorAlert message=Signal::derive(move || work.error.get())/>
            <StatusNote message=Signal::derive(move || work.note.get())/>
            {(editor).then(|| view! {
                <Show when=move || shown.with(Option::is_some)>
                    <div class="space-y-3 border-t border-slate-200 pt-3">
                        <SettingsInputs fields episodes_error/>
                        <div class="flex flex-wrap gap-2">
                            <button type="button" class=BUTTON disabled=move || work.busy.get() on:click=save.clone()>
                                {tr!("feed-save")}
                            </button>
                            <button type="button" class=BUTTON disabled=move || work.busy.get() on:click=refresh_now.clone()>
                                {tr!("feed-refresh-now")}
                            </button>
                        </div>
                        <ConfirmButton label=tr!("feed-unfollow") question=Signal::derive(|| tr!("feed-unfollow-question"))
                            confirm_label=tr!("feed-unfollow-confirm") busy=Signal::derive(move || work.busy.get())
                            on_confirm=unfollow/>
                    </div>
                </Show>
            })}
        </div>
    }
}

fn start(work: Work) {
    work.busy.set(true);
    work.error.set(None);
    work.note.set(None);
}

fn stop(work: Work, error: Option<String>) {
    work.busy.set(false);
    work.progress.set(None);
    work.error.set(error);
}

/// What a refresh's end updates: the panel's work, the feed shown and its fields, and the
/// page (its chapters may have changed).
#[derive(Clone)]
struct Live {
    work: Work,
    /// `/api/cards/{slug}/feed`.
    url: String,
    shown: RwSignal<Option<FeedOut>>,
    fields: SettingsFields,
    on_change: Callback<()>,
}

impl Live {
    /// [`Live::finish`] without waiting for it.
    fn follow(&self, job: Option<String>) {
        start(self.work);
        spawn_local(self.clone().finish(job));
    }

    /// Follows the refresh `job` (if any) on the bar, then shows the feed as it is after it
    /// and tells the page. A refresh that could not read the feed is not an error of the
    /// panel: the feed's own status says why.
    async fn finish(self, job: Option<String>) {
        let mut job = job;
        // a save may answer a refresh already running, which read the feed before the change:
        // the one queued after it is followed too (a few at most)
        for _ in 0..4 {
            let Some(id) = job.take() else { break };
            self.work.progress.set(Some(0.0));
            let _ = rest::wait_for_job(&id, self.work.progress).await;
            match rest::get::<FeedOut>(&self.url).await {
                Ok(feed) => job = feed.job_id.filter(|next| *next != id),
                Err(e) => return stop(self.work, Some(e)),
            }
        }
        match rest::get::<FeedOut>(&self.url).await {
            Ok(feed) => {
                self.fields.show(Settings::of(&feed));
                self.shown.set(Some(feed));
                // the page may be gone by now (a refresh can take minutes)
                let _ = self.on_change.try_run(());
                stop(self.work, None);
            }
            Err(e) => stop(self.work, Some(e)),
        }
    }
}

/// Where the episodes come from and how the last check went.
#[component]
fn FeedStatus(feed: FeedOut) -> impl IntoView {
    let locale = crate::i18n::locale();
    let when = |at: &Option<String>| at.as_deref().map(|t| cardsmith_i18n::date_time(locale, t));
    let checked = match when(&feed.last_checked_at) {
        Some(at) => tr!("feed-checked", when = at),
        None => tr!("feed-never-checked"),
    };
    let next = match when(&feed.next_refresh_at) {
        Some(at) => tr!("feed-next", when = at),
        None => tr!("feed-by-hand"),
    };
    let mode = if feed.stream {
        tr!("feed-mode-stream")
    } else {
        tr!("feed-mode-download")
    };
    let error = feed.last_error.as_deref().map(|e| {
        tr!(
            "feed-last-error",
            why = cardsmith_i18n::problem::reason(locale, e)
        )
    });
    view! {
        <p class="text-sm">
            {tr!("feed-source")}" "
            <a href=feed.url.clone() rel="noopener noreferrer nofollow" target="_blank"
                class="break-all font-medium text-indigo-700 underline">{feed.feed_title.clone()}</a>
        </p>
        <ul class="space-y-1 text-sm text-slate-600">
            <li>{mode}</li>
            <li>{checked}</li>
            <li>{next}</li>
        </ul>
        {error.map(|e| view! {
            <p role="alert" class="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{e}</p>
        })}
        <RefusedList refused=feed.refused/>
    }
}

/// The episodes the last check could not add, each with why (in the reader's language when
/// Cardsmith knows the reason).
#[component]
pub fn RefusedList(refused: Vec<FeedRefusedOut>) -> impl IntoView {
    let locale = crate::i18n::locale();
    (!refused.is_empty()).then(|| {
        view! {
            <div class="text-sm">
                <p class="font-medium text-slate-700">{tr!("feed-refused", count = refused.len())}</p>
                <ul class="mt-1 list-disc space-y-1 pl-5 text-slate-600" data-testid="feed-refused">
                    {refused
                        .into_iter()
                        .map(|r| {
                            let why = cardsmith_i18n::problem::reason(locale, &r.reason);
                            view! { <li>{tr!("feed-refused-one", title = r.title, why = why)}</li> }
                        })
                        .collect_view()}
                </ul>
            </div>
        }
    })
}
