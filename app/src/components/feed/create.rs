//! "Make a card from a podcast" on a collection (editors): the feed's address and how the
//! card follows it; the feed is read at once (a wrong address is said at once), then the
//! episodes arrive under a progress bar and the new card is a link.

use cardsmith_model::feed::FeedOut;
use cardsmith_model::FieldError;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::choices::{new_feed, Settings};
use super::fields::{SettingsFields, SettingsInputs};
use super::panel::RefusedList;
use crate::api::rest::{self, Verb};
use crate::components::form::{CheckField, ErrorAlert, SubmitButton, TextField};
use crate::components::layout::ProgressBar;

/// `on_made`: told once a card is made (the collection's list of cards shows it).
#[component]
pub fn FeedCardForm(collection_id: String, on_made: Callback<()>) -> impl IntoView {
    let url = RwSignal::new(String::new());
    let title = RwSignal::new(String::new());
    let stream = RwSignal::new(false);
    let fields = SettingsFields::new(Settings::new_card());
    let local = RwSignal::new(Vec::<FieldError>::new());
    let busy = RwSignal::new(false);
    let progress = RwSignal::new(None::<f64>);
    let error = RwSignal::new(None::<String>);
    let made = RwSignal::new(None::<FeedOut>);
    let error_of = move |name: &'static str| {
        Signal::derive(move || {
            local.with(|errors| {
                errors
                    .iter()
                    .find(|e| e.field() == name)
                    .map(|e| e.detail.clone())
            })
        })
    };
    let path = format!("/api/collections/{collection_id}/feeds");
    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        made.set(None);
        let input = new_feed(
            &url.get_untracked(),
            &title.get_untracked(),
            stream.get_untracked(),
            &fields.read(),
        );
        let input = match input {
            Ok(input) => {
                local.set(Vec::new());
                input
            }
            Err(errors) => {
                local.set(errors);
                return;
            }
        };
        busy.set(true);
        let path = path.clone();
        spawn_local(async move {
            let outcome = make(&path, &input, progress).await;
            busy.set(false);
            progress.set(None);
            match outcome {
                Ok(feed) => {
                    made.set(Some(feed));
                    // the page may be gone by now (the episodes can take minutes)
                    let _ = on_made.try_run(());
                    url.set(String::new());
                    title.set(String::new());
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    view! {
        <form class="space-y-3" on:submit=submit novalidate data-testid="feed-card-form">
            <p class="text-sm text-slate-600">{tr!("feed-intro")}</p>
            <TextField id="feed_url" label=tr!("feed-url") value=url kind="url"
                hint=tr!("feed-url-hint") error=error_of("url")/>
            <TextField id="feed_title" label=tr!("feed-title") value=title
                hint=tr!("feed-title-hint") error=error_of("title")/>
            <SettingsInputs fields episodes_error=error_of("episodes")/>
            <CheckField id="feed_stream" label=tr!("feed-stream") checked=stream
                hint=tr!("feed-stream-hint")/>
            <SubmitButton label=tr!("feed-make") busy_label=tr!("feed-reading") busy=busy/>
            {move || progress.get().map(|p| view! { <ProgressBar fraction=p label=tr!("feed-bringing")/> })}
            <ErrorAlert message=Signal::derive(move || error.get())/>
            {move || made.get().map(|feed| view! { <Made feed/> })}
        </form>
    }
}

/// Makes the card, follows its first refresh on `progress` and answers the feed after it.
async fn make(
    path: &str,
    input: &cardsmith_model::feed::FeedInput,
    progress: RwSignal<Option<f64>>,
) -> Result<FeedOut, String> {
    let feed: FeedOut = rest::send(Verb::Post, path, input).await?;
    if let Some(job) = &feed.job_id {
        progress.set(Some(0.0));
        rest::wait_for_job(job, progress).await?;
    }
    rest::get(&format!("/api/cards/{}/feed", feed.card_slug)).await
}

/// The card made: how many episodes came in, the link, and the episodes that did not.
#[component]
fn Made(feed: FeedOut) -> impl IntoView {
    let held = feed.held.iter().filter(|e| e.track_slug.is_some()).count();
    view! {
        <div role="status" class="space-y-2 rounded-lg bg-green-50 p-3 text-sm">
            <p>{tr!("feed-made", title = feed.feed_title.clone(), count = held)}</p>
            <a href=format!("/cards/{}", feed.card_slug)
                class="inline-flex min-h-11 items-center font-medium text-indigo-700 underline">
                {tr!("feed-open-card")}
            </a>
            <RefusedList refused=feed.refused/>
        </div>
    }
}
