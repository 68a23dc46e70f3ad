//! Many tracks at once: "Select tracks" turns the list into a checklist (a click toggles a
//! track, a shift-click takes the run from the last one, "Select all" every one; on a phone
//! the boxes are thumb-sized), and the bar above it acts on the selection in one request
//! (`POST /cards/{slug}/tracks/batch`). Rename has its own form with a live preview from the
//! server (the same code that renames, so what is shown is what happens); move and copy ask
//! for the card. Every batch but "make the audio again" can be undone from the toast.

use cardsmith_model::card::CardOut;
use cardsmith_model::track_batch::{
    BatchIcon, RenamePattern, TrackBatchAction as Action, TrackBatchInput, TrackBatchOut,
    TrackBatchUndoOut,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{Notice, Tracks, Undo};
use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, INPUT};
use crate::components::layout::BUTTON;
use crate::components::modal::PRIMARY;

/// Which form under the bar is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Rename,
    Move,
    Copy,
}

/// The actions of the "More actions" list, in its order, with their words.
fn more_actions() -> Vec<(&'static str, String)> {
    vec![
        ("move-to-top", tr!("card-batch-top")),
        ("move-to-bottom", tr!("card-batch-bottom")),
        ("sort-by-title", tr!("card-batch-sort-title")),
        ("sort-by-tag-number", tr!("card-batch-sort-tags")),
        ("reverse", tr!("card-batch-reverse")),
        ("icons-matched", tr!("card-batch-icons-matched")),
        ("icons-default", tr!("card-batch-icons-default")),
        ("loudness", tr!("card-batch-loudness")),
        ("move", tr!("card-batch-move")),
        ("copy", tr!("card-batch-copy")),
    ]
}

impl Tracks {
    /// Sends `input` and, once done, says so with Undo, refreshes the list and keeps the
    /// selection on the tracks still here.
    fn run_batch(self, input: TrackBatchInput, busy: RwSignal<bool>, done: impl Fn() + 'static) {
        let url = format!("/api/cards/{}/tracks/batch", self.card_slug());
        busy.set(true);
        self.error.set(None);
        spawn_local(async move {
            let answer = rest::send::<_, TrackBatchOut>(Verb::Post, &url, &input).await;
            busy.set(false);
            match answer {
                Ok(out) => {
                    let text = tr!(
                        "card-batch-applied",
                        action = action_words(out.action),
                        count = out.changes.len()
                    );
                    self.notice.set(Some(Notice {
                        text,
                        undo: out.undoable.then_some(Undo::Batch),
                        quiet: true,
                    }));
                    if matches!(out.action, Action::Delete | Action::Move) {
                        self.selection.update(|s| s.clear());
                    }
                    done();
                    self.reload();
                }
                Err(e) => self.error.set(Some(e)),
            }
        });
    }

    /// Takes the card's last batch back (the toast's Undo).
    pub async fn undo_batch(self) {
        let url = format!("/api/cards/{}/tracks/batch/undo", self.card_slug());
        match rest::call::<TrackBatchUndoOut>(Verb::Post, &url).await {
            Ok(_) => self.notice.set(Some(Notice {
                text: tr!("card-batch-undone"),
                undo: None,
                quiet: true,
            })),
            Err(e) => self.error.set(Some(e)),
        }
        self.reload();
    }
}

/// The words for `action` in the toast.
fn action_words(action: Action) -> String {
    match action {
        Action::Delete => tr!("card-batch-did-delete"),
        Action::Move => tr!("card-batch-did-move"),
        Action::Copy => tr!("card-batch-did-copy"),
        Action::Rename => tr!("card-batch-did-rename"),
        Action::SetIcon => tr!("card-batch-did-icons"),
        Action::Loudness => tr!("card-batch-did-loudness"),
        _ => tr!("card-batch-did-order"),
    }
}

/// "Select tracks", or while selecting, the bar of batch actions and their forms.
#[component]
pub fn BatchBar() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let busy = RwSignal::new(false);
    let form = RwSignal::new(None::<Form>);
    let count = move || tracks.selection.with(|s| s.len());
    let none = move || tracks.selection.with(|s| s.is_empty());
    let order = move || {
        tracks
            .list
            .with_untracked(|l| l.iter().map(|t| t.id.clone()).collect::<Vec<_>>())
    };
    let ids = move || tracks.selection.with_untracked(|s| s.ids().to_vec());
    let all_selected = move || count() > 0 && count() == tracks.list.with(Vec::len);
    let start = move |_| tracks.selecting.set(true);
    let finish = move |_| {
        tracks.selecting.set(false);
        tracks.selection.update(|s| s.clear());
        form.set(None);
    };
    let more = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let choice = match value.as_str() {
            "move" => Some(Form::Move),
            "copy" => Some(Form::Copy),
            _ => None,
        };
        if let Some(choice) = choice {
            form.set(Some(choice));
        } else if let Some(input) = simple_action(&value, ids()) {
            tracks.run_batch(input, busy, || {});
        }
        #[cfg(feature = "hydrate")]
        {
            use leptos::wasm_bindgen::JsCast;
            if let Some(select) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            {
                select.set_value("");
            }
        }
    };
    let on_delete = Callback::new(move |()| {
        tracks.run_batch(TrackBatchInput::new(ids(), Action::Delete), busy, || {});
    });
    let delete_question =
        Signal::derive(move || tr!("card-batch-delete-question", count = count()));
    view! {
        <Show when=move || tracks.selecting.get()
            fallback=move || view! {
                <div class="mb-3 flex flex-wrap justify-end gap-2">
                    <LastBatch/>
                    <button type="button" class=BUTTON on:click=start data-testid="batch-select">{tr!("card-batch-select")}</button>
                </div>
            }>
            <div class="sticky top-0 z-30 mb-3 space-y-3 rounded-xl border border-indigo-200 bg-indigo-50 p-3" role="region" aria-label=tr!("card-batch-region")>
                <div class="flex flex-wrap items-center gap-2">
                    <p class="min-w-0 flex-1 text-sm font-semibold text-indigo-900" aria-live="polite" data-testid="batch-count">
                        {move || tr!("card-batch-selected", count = count())}
                    </p>
                    <button type="button" class=BUTTON on:click=move |_| tracks.selection.update(|s| s.toggle_all(&order()))>
                        {move || if all_selected() { tr!("card-batch-none") } else { tr!("card-batch-all") }}
                    </button>
                    <button type="button" class=BUTTON on:click=finish>{tr!("card-batch-done")}</button>
                </div>
                <div class="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
                    <button type="button" class=BUTTON disabled=move || none() || busy.get()
                        on:click=move |_| form.set(Some(Form::Rename))>{tr!("card-batch-rename")}</button>
                    <select class=format!("{INPUT} min-h-11 text-sm font-medium sm:w-auto") aria-label=tr!("card-batch-more")
                        disabled=move || none() || busy.get() on:change=more data-testid="batch-more">
                        <option value="">{tr!("card-batch-choose")}</option>
                        {more_actions().into_iter().map(|(value, words)| view! { <option value=value>{words}</option> }).collect_view()}
                    </select>
                    <div class="col-span-2 sm:col-span-1">
                        <ConfirmButton label=tr!("card-batch-delete") question=delete_question
                            confirm_label=tr!("card-batch-delete-yes") busy on_confirm=on_delete/>
                    </div>
                </div>
                <Show when=move || busy.get()>
                    <p class="text-sm text-indigo-900" role="status">{tr!("card-batch-working")}</p>
                </Show>
                {move || match form.get() {
                    Some(Form::Rename) => view! { <RenameAll form busy/> }.into_any(),
                    Some(kind @ (Form::Move | Form::Copy)) => view! { <ToCard form kind busy/> }.into_any(),
                    None => ().into_any(),
                }}
            </div>
        </Show>
    }
}

/// "Undo “Renamed” (5 tracks)" while the card's last batch can still be undone, after a
/// reload too (the card keeps it); asked again whenever the toast changes, which every batch
/// and undo sets.
#[component]
fn LastBatch() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let last = RwSignal::new(None::<TrackBatchUndoOut>);
    let busy = RwSignal::new(false);
    Effect::new(move |_| {
        tracks.notice.track();
        let url = format!("/api/cards/{}/tracks/batch/undo", tracks.card_slug());
        spawn_local(async move {
            let found = rest::get::<TrackBatchUndoOut>(&url).await.ok();
            last.set(found.filter(|l| l.available));
        });
    });
    let undo = move |_| {
        busy.set(true);
        spawn_local(async move {
            tracks.undo_batch().await;
            busy.set(false);
        });
    };
    move || {
        last.get().and_then(|l| Some((l.action?, l.tracks))).map(|(action, count)| view! {
            <button type="button" class=BUTTON disabled=move || busy.get() on:click=undo data-testid="batch-undo-last">
                {tr!("card-batch-undo-last", action = action_words(action), count = count)}
            </button>
        })
    }
}

/// The request for an action of "More actions" that needs nothing more.
fn simple_action(value: &str, ids: Vec<String>) -> Option<TrackBatchInput> {
    let (action, icon) = match value {
        "icons-matched" => (Action::SetIcon, Some(BatchIcon::Matched)),
        "icons-default" => (Action::SetIcon, Some(BatchIcon::Default)),
        other => (Action::parse(other)?, None),
    };
    let mut input = TrackBatchInput::new(ids, action);
    input.icon = icon;
    Some(input)
}

/// Find and replace (optionally a regular expression), strip numbers, title case, with the
/// server's preview of every selected title as the parent types.
#[component]
fn RenameAll(form: RwSignal<Option<Form>>, busy: RwSignal<bool>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let find = RwSignal::new(String::new());
    let replace = RwSignal::new(String::new());
    let regex = RwSignal::new(false);
    let ignore_case = RwSignal::new(false);
    let strip = RwSignal::new(false);
    let title_case = RwSignal::new(false);
    let preview = RwSignal::new(Vec::<(String, String)>::new());
    let problem = RwSignal::new(None::<String>);
    let asked = StoredValue::new(0u32);
    let pattern = move || RenamePattern {
        find: find.get(),
        replace: replace.get(),
        regex: regex.get(),
        ignore_case: ignore_case.get(),
        strip_leading_numbers: strip.get(),
        title_case: title_case.get(),
    };
    let request = move |rename: RenamePattern, preview: bool| {
        let mut input = TrackBatchInput::new(
            tracks.selection.with_untracked(|s| s.ids().to_vec()),
            Action::Rename,
        );
        input.rename = Some(rename);
        input.preview = preview;
        input
    };
    // a preview after each change, the last one asked winning
    Effect::new(move |_| {
        let rename = pattern();
        let input = request(rename, true);
        asked.update_value(|n| *n += 1);
        let mine = asked.get_value();
        let url = format!("/api/cards/{}/tracks/batch", tracks.card_slug());
        spawn_local(async move {
            rest::sleep(250).await;
            if asked.get_value() != mine {
                return;
            }
            let answer = rest::send::<_, TrackBatchOut>(Verb::Post, &url, &input).await;
            if asked.get_value() != mine {
                return;
            }
            match answer {
                Ok(out) => {
                    problem.set(None);
                    preview.set(
                        out.changes
                            .into_iter()
                            .map(|c| (c.before_title, c.title))
                            .collect(),
                    );
                }
                Err(e) => {
                    problem.set(Some(e));
                    preview.set(Vec::new());
                }
            }
        });
    });
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        tracks.run_batch(request(pattern(), false), busy, move || form.set(None));
    };
    let check = |signal: RwSignal<bool>, label: String, id: &'static str| {
        view! {
            <label class="flex min-h-11 items-center gap-2 text-sm" for=id>
                <input id=id type="checkbox" class="h-5 w-5" prop:checked=move || signal.get()
                    on:change=move |ev| signal.set(event_target_checked(&ev))/>
                {label}
            </label>
        }
    };
    view! {
        <form class="space-y-3 rounded-lg bg-white p-3" on:submit=apply aria-label=tr!("card-batch-rename-form")>
            <div class="grid gap-3 sm:grid-cols-2">
                <label class="block text-sm font-medium" for="batch-find">{tr!("card-batch-find")}
                    <input id="batch-find" class=INPUT maxlength="200" bind:value=find autocomplete="off"/>
                </label>
                <label class="block text-sm font-medium" for="batch-replace">{tr!("card-batch-replace")}
                    <input id="batch-replace" class=INPUT maxlength="200" bind:value=replace autocomplete="off"/>
                </label>
            </div>
            <div class="flex flex-wrap gap-x-4">
                {check(regex, tr!("card-batch-regex"), "batch-regex")}
                {check(ignore_case, tr!("card-batch-ignore-case"), "batch-ignore-case")}
                {check(strip, tr!("card-batch-strip-numbers"), "batch-strip")}
                {check(title_case, tr!("card-batch-title-case"), "batch-title-case")}
            </div>
            <ErrorAlert message=problem/>
            <div>
                <h4 class="text-sm font-semibold text-slate-700">{tr!("card-batch-preview")}</h4>
                <ol class="mt-1 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded border border-slate-200 text-sm" data-testid="rename-preview">
                    {move || preview.get().into_iter().map(|(before, after)| {
                        let same = before == after;
                        view! {
                            <li class="flex flex-wrap gap-x-2 px-2 py-1">
                                <span class=if same { "text-slate-700" } else { "text-slate-500 line-through" }>{before}</span>
                                {(!same).then(|| view! { <span aria-hidden="true">"→"</span><span class="font-medium">{after}</span> })}
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </div>
            <div class="flex gap-2">
                <button type="submit" class=PRIMARY disabled=move || busy.get() || problem.with(Option::is_some)>{tr!("card-batch-apply")}</button>
                <button type="button" class=BUTTON on:click=move |_| form.set(None)>{tr!("card-batch-cancel")}</button>
            </div>
        </form>
    }
}

/// The card to move or copy the selection to: those the parent may edit.
#[component]
fn ToCard(form: RwSignal<Option<Form>>, kind: Form, busy: RwSignal<bool>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let cards = RwSignal::new(None::<Vec<CardOut>>);
    let chosen = RwSignal::new(String::new());
    let here = tracks.card_slug();
    spawn_local(async move {
        let mut list = crate::api::list_cards().await.unwrap_or_default();
        list.retain(|c| {
            matches!(c.viewer_role.as_deref(), Some("owner" | "editor"))
                && !(kind == Form::Move && c.slug == here)
        });
        list.sort_by_key(|c| c.title.to_lowercase());
        if let Some(first) = list.first() {
            chosen.set(first.slug.clone());
        }
        cards.set(Some(list));
    });
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let action = if kind == Form::Move {
            Action::Move
        } else {
            Action::Copy
        };
        let mut input = TrackBatchInput::new(
            tracks.selection.with_untracked(|s| s.ids().to_vec()),
            action,
        );
        input.to_card = Some(chosen.get_untracked());
        tracks.run_batch(input, busy, move || form.set(None));
    };
    let heading = if kind == Form::Move {
        tr!("card-batch-move")
    } else {
        tr!("card-batch-copy")
    };
    view! {
        <form class="space-y-3 rounded-lg bg-white p-3" on:submit=apply aria-label=heading.clone()>
            {move || match cards.get() {
                None => view! { <p class="text-sm text-slate-600">{tr!("card-batch-loading-cards")}</p> }.into_any(),
                Some(list) if list.is_empty() => view! { <p class="text-sm text-slate-600">{tr!("card-batch-no-cards")}</p> }.into_any(),
                Some(list) => view! {
                    <label class="block text-sm font-medium" for="batch-to-card">{tr!("card-batch-to-card")}
                        <select id="batch-to-card" class=INPUT on:change=move |ev| chosen.set(event_target_value(&ev)) prop:value=move || chosen.get()>
                            {list.into_iter().map(|c| view! { <option value=c.slug.clone()>{c.title}</option> }).collect_view()}
                        </select>
                    </label>
                }.into_any(),
            }}
            <div class="flex gap-2">
                <button type="submit" class=PRIMARY disabled=move || busy.get() || chosen.with(String::is_empty)>{heading.clone()}</button>
                <button type="button" class=BUTTON on:click=move |_| form.set(None)>{tr!("card-batch-cancel")}</button>
            </div>
        </form>
    }
}
