//! The story of an interactive card, on the card page: whether the card is a story the child
//! steers with the player's buttons, every passage with its audio, its two choices and its
//! ending (phone first, one passage under the other), a map of the story, and a preview that
//! plays it as a player would. The check runs in the browser as the parent edits (the same
//! `cardsmith_model::interactive::check` the server runs before saving and publishing).

mod layout;
mod map;
mod passage;
mod preview;

use cardsmith_model::card::TrackOut;
use cardsmith_model::interactive::check::{check, StoryProblem, TrackFacts};
use cardsmith_model::interactive::{playback_type, Ending, Passage, StoryGraph, StoryIn};
use leptos::prelude::*;

use crate::api::{card_story, save_card_story};
use crate::components::form::ErrorAlert;

/// What the story editor shares with its parts.
#[derive(Clone, Copy)]
struct Story {
    slug: StoredValue<String>,
    editor: bool,
    /// The card's tracks, as the tracks list has them.
    tracks: RwSignal<Vec<TrackOut>>,
    /// The story being edited, a passage for every track.
    draft: RwSignal<StoryGraph>,
    interactive: RwSignal<bool>,
    /// The passage the map or the preview last pointed at.
    focus: RwSignal<Option<String>>,
    /// What the last change of a passage's audio came to; kept here, since the passage's
    /// editor is made again when its track changes.
    notice: RwSignal<Option<Result<String, String>>>,
}

impl Story {
    fn title(&self, id: &str) -> String {
        self.tracks.with(|list| {
            list.iter()
                .find(|t| t.id == id)
                .map_or_else(|| tr!("story-missing-passage"), |t| t.title.clone())
        })
    }

    fn audio(&self, id: &str) -> Option<String> {
        let slug = self.slug.get_value();
        self.tracks.with(|list| {
            list.iter()
                .find(|t| t.id == id)
                .map(|t| format!("/api/cards/{slug}/tracks/{}/audio", t.slug))
        })
    }

    /// The check's findings for the draft, as the server would answer them.
    fn problems(&self) -> Vec<StoryProblem> {
        self.tracks.with(|list| {
            let facts: Vec<TrackFacts> = list
                .iter()
                .map(|t| TrackFacts {
                    id: &t.id,
                    title: &t.title,
                    seconds: t.duration.map(|s| s as f64),
                })
                .collect();
            self.draft.with(|d| check(d, &facts))
        })
    }

    fn change(&self, id: &str, edit: impl FnOnce(&mut Passage)) {
        self.draft.update(|d| {
            if let Some(p) = d.passages.iter_mut().find(|p| p.track_id == id) {
                edit(p);
            }
        });
    }
}

/// The story panel. `tracks` is the card page's list, so an edit of the tracks (which the
/// server follows in the story) loads the story again.
#[component]
pub fn StoryPanel(
    slug: String,
    editor: bool,
    tracks: RwSignal<Vec<TrackOut>>,
    /// Told after a save (the publish badge may change).
    #[prop(into)]
    on_saved: Callback<()>,
) -> impl IntoView {
    let story = Story {
        slug: StoredValue::new(slug),
        editor,
        tracks,
        draft: RwSignal::new(StoryGraph::default()),
        interactive: RwSignal::new(false),
        focus: RwSignal::new(None),
        notice: RwSignal::new(None),
    };
    let loaded = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let saved = RwSignal::new(false);
    // loads on the client, again when the tracks change (ids change with every edit, and the
    // server has moved the story along); a track finishing its conversion changes no id, so
    // the parent's unsaved choices stay
    let ids =
        Memo::new(move |_| tracks.with(|l| l.iter().map(|t| t.id.clone()).collect::<Vec<_>>()));
    Effect::new(move |_| {
        let ids = ids.get();
        let slug = story.slug.get_value();
        leptos::task::spawn_local(async move {
            match card_story(slug).await {
                Ok(out) => {
                    // the first answer says how the card plays; later ones (after a track
                    // edit) keep what the parent chose meanwhile
                    if !loaded.get_untracked() {
                        story
                            .interactive
                            .set(out.playback_type == playback_type::INTERACTIVE);
                    }
                    story.draft.set(with_every_track(out.story, &ids));
                    loaded.set(true);
                }
                Err(e) => error.set(Some(e.to_string())),
            }
        });
    });
    let save = Action::new_local(move |input: &StoryIn| {
        let (slug, input) = (story.slug.get_value(), input.clone());
        async move { save_card_story(slug, input).await }
    });
    Effect::new(move |_| match save.value().get() {
        Some(Ok(_)) => {
            saved.set(true);
            error.set(None);
            on_saved.run(());
        }
        Some(Err(e)) => error.set(Some(e.to_string())),
        None => {}
    });
    let on_save = move |_| {
        saved.set(false);
        save.dispatch(StoryIn {
            playback_type: if story.interactive.get_untracked() {
                playback_type::INTERACTIVE
            } else {
                playback_type::LINEAR
            }
            .to_owned(),
            story: story.draft.get_untracked(),
        });
    };
    let errors = move || {
        story
            .problems()
            .into_iter()
            .filter(|p| p.is_error())
            .count()
    };
    view! {
        <div class="space-y-4" data-testid="story-panel">
            <p class="text-sm text-slate-600">{tr!("story-intro")}</p>
            <label class="flex min-h-11 items-center gap-3 text-sm font-medium">
                <input type="checkbox" class="h-5 w-5 rounded border-slate-300 text-indigo-600"
                    prop:checked=move || story.interactive.get() disabled=move || !editor || !loaded.get()
                    on:change=move |ev| { story.interactive.set(event_target_checked(&ev)); saved.set(false); }/>
                {tr!("story-interactive-toggle")}
            </label>
            <Show when=move || loaded.get() && story.interactive.get()
                fallback=move || view! { <p class="text-sm text-slate-500">{tr!("story-linear-note")}</p> }>
                <map::StoryMap story/>
                <preview::StoryPreview story/>
                <ol class="space-y-3" aria-label=tr!("story-passages")>
                    <For each=move || story.draft.with(|d| d.passages.iter().map(|p| p.track_id.clone()).collect::<Vec<_>>())
                        key=|id| id.clone() let:id>
                        <passage::PassageEditor story id/>
                    </For>
                </ol>
            </Show>
            {move || error.get().map(|e| view! { <ErrorAlert message=e/> })}
            <p role="status" class="text-sm text-slate-700" data-testid="story-notice">
                {move || match story.notice.get() {
                    Some(Ok(done)) => done,
                    Some(Err(e)) => e,
                    None => String::new(),
                }}
            </p>
            {editor.then(|| view! {
                <div class="flex flex-wrap items-center gap-3">
                    <button type="button" on:click=on_save disabled=move || save.pending().get() || (story.interactive.get() && errors() > 0)
                        class="min-h-11 rounded-lg bg-indigo-600 px-4 font-semibold text-white hover:bg-indigo-700 disabled:opacity-50">
                        {tr!("story-save")}
                    </button>
                    <span role="status" class="text-sm text-slate-600">
                        {move || if saved.get() { tr!("story-saved") }
                            else if story.interactive.get() && errors() > 0 { tr!("story-fix-errors", count = errors()) }
                            else { String::new() }}
                    </span>
                </div>
            })}
        </div>
    }
}

/// What the check found, in the reader's language (the server's `message` is English).
fn problem_text(p: &StoryProblem, title: &dyn Fn(&str) -> String) -> String {
    let passage = p.passage.as_deref().map(title).unwrap_or_default();
    match p.code.as_str() {
        "too_many_passages" => tr!("story-problem-too-many-passages"),
        "not_a_track" => tr!("story-problem-not-a-track"),
        "duplicate_passage" => tr!("story-problem-duplicate-passage", passage = &passage),
        "no_start" => tr!("story-problem-no-start"),
        "unknown_target" => tr!("story-problem-unknown-target", passage = &passage),
        "empty_label" => tr!("story-problem-empty-label", passage = &passage),
        "label_too_long" => tr!("story-problem-label-too-long", passage = &passage),
        "unreachable" => tr!("story-problem-unreachable", passage = &passage),
        "stuck_loop" => tr!("story-problem-stuck-loop", passage = &passage),
        "no_way_to_end" => tr!("story-problem-no-way-to-end", passage = &passage),
        "choices_not_spoken" => tr!("story-problem-choices-not-spoken", passage = &passage),
        "not_in_story" => tr!("story-problem-not-in-story", passage = &passage),
        _ => p.message.clone(),
    }
}

/// The story with a passage for every track: a track the story leaves out (added since)
/// joins it at its place in the card, ending the story, for the parent to wire in.
fn with_every_track(mut story: StoryGraph, track_ids: &[String]) -> StoryGraph {
    for (i, id) in track_ids.iter().enumerate() {
        if story.passage(id).is_none() {
            let at = i.min(story.passages.len());
            story.passages.insert(
                at,
                Passage {
                    track_id: id.clone(),
                    left: None,
                    right: None,
                    ending: Ending::Stop,
                },
            );
        }
    }
    if story.start.is_empty() {
        story.start = track_ids.first().cloned().unwrap_or_default();
    }
    story
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_track_the_story_left_out_joins_it_ending_the_story() {
        let story = StoryGraph::linear(["a", "c"]);
        let ids: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let every = with_every_track(story, &ids);
        let order: Vec<&str> = every.passages.iter().map(|p| p.track_id.as_str()).collect();
        assert_eq!(order, ["a", "b", "c"]);
        assert_eq!(every.passage("b").unwrap().ending, Ending::Stop);
        assert_eq!(
            every.passage("a").unwrap().ending,
            Ending::Goto { target: "c".into() }
        );
        let empty = with_every_track(StoryGraph::default(), &ids);
        assert_eq!(empty.start, "a");
    }
}
