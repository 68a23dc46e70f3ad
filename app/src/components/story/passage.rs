//! One passage of the story: its audio, where the story starts, the left and right buttons'
//! choices ("Left button → The cave"), what happens when it ends, and what the check says
//! about it, beside it.

use cardsmith_model::interactive::{Choice, Ending, Passage};
use leptos::prelude::*;

use super::Story;

const SELECT: &str = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";
const INPUT: &str = "min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm";

/// Which button a choice is on.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Left,
    Right,
}

impl Side {
    fn of(self, p: &Passage) -> Option<Choice> {
        match self {
            Side::Left => p.left.clone(),
            Side::Right => p.right.clone(),
        }
    }

    fn set(self, p: &mut Passage, choice: Option<Choice>) {
        match self {
            Side::Left => p.left = choice,
            Side::Right => p.right = choice,
        }
    }

    fn words(self) -> String {
        match self {
            Side::Left => tr!("story-left-button"),
            Side::Right => tr!("story-right-button"),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

#[component]
pub(super) fn PassageEditor(story: Story, id: String) -> impl IntoView {
    let id = StoredValue::new(id);
    let number = move || {
        story.draft.with(|d| {
            d.passages
                .iter()
                .position(|p| p.track_id == id.get_value())
                .map_or(0, |i| i + 1)
        })
    };
    let is_start = move || story.draft.with(|d| d.start == id.get_value());
    let problems = move || {
        story
            .problems()
            .into_iter()
            .filter(|p| p.passage.as_deref() == Some(id.get_value().as_str()))
            .collect::<Vec<_>>()
    };
    let focused = move || story.focus.get().as_deref() == Some(id.get_value().as_str());
    let heading = format!("passage-{}-title", id.get_value());
    let labelled_by = heading.clone();
    view! {
        <li id=format!("passage-{}", id.get_value()) tabindex="-1" aria-labelledby=labelled_by
            class=move || format!("rounded-xl border bg-white p-3 shadow-sm sm:p-4 {}",
                if focused() { "border-indigo-500 ring-2 ring-indigo-200" } else { "border-slate-200" })>
            <div class="flex flex-wrap items-center justify-between gap-2">
                <h3 id=heading class="font-semibold">
                    {move || format!("{}. {}", number(), story.title(&id.get_value()))}
                </h3>
                <label class="flex min-h-11 items-center gap-2 text-sm">
                    <input type="radio" name="story-start" class="h-5 w-5 text-indigo-600" disabled=!story.editor
                        prop:checked=is_start
                        on:change=move |_| story.draft.update(|d| d.start = id.get_value())/>
                    {tr!("story-starts-here")}
                </label>
            </div>
            {move || story.audio(&id.get_value()).map(|src| view! {
                <audio controls preload="none" src=src class="mt-2 w-full" aria-label=tr!("story-passage-audio")></audio>
            })}
            {story.editor.then(|| view! { <ReplaceAudio story id/> })}
            <div class="mt-3 grid gap-3 sm:grid-cols-2">
                <ChoiceEditor story id side=Side::Left/>
                <ChoiceEditor story id side=Side::Right/>
            </div>
            <EndingEditor story id/>
            <ul class="mt-2 space-y-1 text-sm">
                {move || problems().into_iter().map(|p| {
                    let (class, icon) = if p.is_error() { ("text-red-700", "⛔") } else { ("text-amber-700", "⚠") };
                    view! { <li class=class><span aria-hidden="true">{icon}" "</span>{super::problem_text(&p, &|id| story.title(id))}</li> }
                }).collect_view()}
            </ul>
        </li>
    }
}

/// One button's choice: where it leads (or nothing) and what the passage's audio calls it.
#[component]
fn ChoiceEditor(story: Story, id: StoredValue<String>, side: Side) -> impl IntoView {
    let choice = move || {
        story
            .draft
            .with(|d| d.passage(&id.get_value()).and_then(|p| side.of(p)))
    };
    let field = format!("passage-{}-{}", id.get_value(), side.name());
    let label_field = format!("{field}-label");
    let on_target = move |ev: leptos::ev::Event| {
        let target = event_target_value(&ev);
        story.change(&id.get_value(), |p| {
            let label = side.of(p).map(|c| c.label).unwrap_or_default();
            let choice = (!target.is_empty()).then(|| Choice {
                label: if label.trim().is_empty() {
                    story.title(&target)
                } else {
                    label
                },
                target,
            });
            side.set(p, choice);
        });
    };
    let on_label = move |ev: leptos::ev::Event| {
        let label = event_target_value(&ev);
        story.change(&id.get_value(), |p| {
            if let Some(mut c) = side.of(p) {
                c.label = label;
                side.set(p, Some(c));
            }
        });
    };
    view! {
        <fieldset class="space-y-1 rounded-lg bg-slate-50 p-2">
            <legend class="px-1 text-sm font-medium">{side.words()}</legend>
            <label for=field.clone() class="sr-only">{move || tr!("story-choice-leads-to", button = side.words())}</label>
            <select id=field class=SELECT disabled=!story.editor on:change=on_target>
                <option value="" selected=move || choice().is_none()>{tr!("story-no-choice")}</option>
                {move || story.draft.with(|d| d.passages.iter().map(|p| p.track_id.clone()).collect::<Vec<_>>())
                    .into_iter().filter(|t| *t != id.get_value()).map(|t| {
                        let chosen = choice().is_some_and(|c| c.target == t);
                        view! { <option value=t.clone() selected=chosen>{"→ "}{story.title(&t)}</option> }
                    }).collect_view()}
            </select>
            <Show when=move || choice().is_some()>
                <label for=label_field.clone() class="block text-xs text-slate-600">{tr!("story-choice-words")}</label>
                <input id=label_field.clone() type="text" maxlength="100" class=INPUT disabled=!story.editor
                    prop:value=move || choice().map(|c| c.label).unwrap_or_default() on:input=on_label/>
            </Show>
        </fieldset>
    }
}

/// What happens when the passage ends with no button pressed.
#[component]
fn EndingEditor(story: Story, id: StoredValue<String>) -> impl IntoView {
    let field = format!("passage-{}-ending", id.get_value());
    let current = move || {
        story
            .draft
            .with(|d| match d.passage(&id.get_value()).map(|p| &p.ending) {
                Some(Ending::Goto { target }) => format!("goto:{target}"),
                Some(Ending::Repeat) => "repeat".to_owned(),
                _ => "stop".to_owned(),
            })
    };
    let on_change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let ending = match value.strip_prefix("goto:") {
            Some(target) => Ending::Goto {
                target: target.to_owned(),
            },
            None if value == "repeat" => Ending::Repeat,
            None => Ending::Stop,
        };
        story.change(&id.get_value(), |p| p.ending = ending);
    };
    view! {
        <div class="mt-3 space-y-1">
            <label for=field.clone() class="block text-sm font-medium">{tr!("story-when-it-ends")}</label>
            <select id=field class=SELECT disabled=!story.editor on:change=on_change>
                <option value="stop" selected=move || current() == "stop">{tr!("story-ending-stop")}</option>
                <option value="repeat" selected=move || current() == "repeat">{tr!("story-ending-repeat")}</option>
                {move || story.draft.with(|d| d.passages.iter().map(|p| p.track_id.clone()).collect::<Vec<_>>())
                    .into_iter().filter(|t| *t != id.get_value()).map(|t| {
                        let value = format!("goto:{t}");
                        let chosen = current() == value;
                        view! { <option value=value selected=chosen>{tr!("story-ending-goto", passage = story.title(&t))}</option> }
                    }).collect_view()}
            </select>
        </div>
    }
}

/// New audio for the passage (a recording made elsewhere, an upload), in its place: the
/// passage keeps its choices and everything that led to it, and the old audio is kept under
/// the card's originals, where Undo restores it.
#[component]
fn ReplaceAudio(story: Story, id: StoredValue<String>) -> impl IntoView {
    let field = format!("passage-{}-replace", id.get_value());
    let busy = RwSignal::new(false);
    let on_change = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        {
            use leptos::wasm_bindgen::JsCast;
            let input = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
            let Some(file) = input
                .as_ref()
                .and_then(|i| i.files())
                .and_then(|f| f.get(0))
            else {
                return;
            };
            let slug = story.slug.get_value();
            let Some(track) = story.tracks.with_untracked(|l| {
                l.iter()
                    .find(|t| t.id == id.get_value())
                    .map(|t| t.slug.clone())
            }) else {
                return;
            };
            busy.set(true);
            story.notice.set(None);
            leptos::task::spawn_local(async move {
                let url = format!("/api/cards/{slug}/tracks/{track}/replace");
                let sent = async {
                    let form =
                        web_sys::FormData::new().map_err(|_| tr!("library-browser-cannot-send"))?;
                    form.append_with_blob_and_filename("file", &file, &file.name())
                        .map_err(|_| tr!("library-browser-cannot-send"))?;
                    let (status, body) = crate::api::rest::post_form(&url, form).await?;
                    if !(200..300).contains(&status) {
                        return Err(crate::api::rest::problem_text(status, &body));
                    }
                    // the card's tracks again: the passage is a new track now, and the story
                    // (which the server moved along) loads again with them
                    crate::api::rest::card_tracks(&slug).await
                };
                // told above the passages: this editor goes once the story follows the new track
                match sent.await {
                    Ok(list) => {
                        story.notice.set(Some(Ok(tr!("story-replaced"))));
                        story.tracks.set(list);
                    }
                    Err(e) => story.notice.set(Some(Err(e))),
                }
                busy.set(false);
            });
            if let Some(input) = input {
                input.set_value("");
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, busy, story);
    };
    view! {
        <div class="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <label for=field.clone() class="inline-flex min-h-11 items-center font-medium text-indigo-700">{tr!("story-replace-audio")}</label>
            <input id=field type="file" accept="audio/*" disabled=move || busy.get() on:change=on_change
                class="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:font-medium file:text-indigo-700 sm:w-auto"/>
            <Show when=move || busy.get()>
                <span class="text-slate-600">{tr!("story-replacing")}</span>
            </Show>
        </div>
    }
}
