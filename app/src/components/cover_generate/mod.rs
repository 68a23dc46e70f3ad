//! "Generate a cover" on a card, for editors: choose the side, describe the picture, generate
//! a preview (shown beside the current cover), regenerate until it pleases, then use it.
//!
//! The server draws the picture (a provider from the user's cascade, or the built-in
//! procedural cover) and keeps it as a pending preview per side; nothing of the card changes
//! until "Use this cover". The page talks to the REST endpoints directly (`rest::send`), so
//! it works the same on a phone: one column, large buttons, every control labelled.

use cardsmith_model::card::CardOut;
use cardsmith_model::cover::{
    AcceptCoverPreviewInput, GenerateCoverInput, GenerateCoverOutputBody, COVER_PROMPT_MAX_CHARS,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::BUTTON;
use crate::components::modal::PRIMARY;

/// Which cover the generator works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Front,
    Back,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }

    fn label(self) -> String {
        match self {
            Side::Front => tr!("art-cover-front"),
            Side::Back => tr!("art-cover-back"),
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Front => 0,
            Side::Back => 1,
        }
    }

    /// The side's saved prompt, else (front) the card's title, so Generate works at once.
    fn start_prompt(self, card: &CardOut) -> String {
        let saved = match self {
            Side::Front => &card.cover_prompt,
            Side::Back => &card.back_cover_prompt,
        };
        if !saved.trim().is_empty() {
            saved.clone()
        } else {
            card.title.clone()
        }
    }
}

/// Why `prompt` cannot be sent, if it cannot (the server says the same).
pub fn prompt_problem(prompt: &str) -> Option<String> {
    if prompt.trim().is_empty() {
        Some(tr!("art-cover-describe-first"))
    } else if prompt.chars().count() > COVER_PROMPT_MAX_CHARS {
        Some(tr!("art-cover-too-long", max = COVER_PROMPT_MAX_CHARS))
    } else {
        None
    }
}

/// The whole state of the generator, `Copy` for every handler.
#[derive(Clone, Copy)]
struct Generator {
    slug: StoredValue<String>,
    card: RwSignal<CardOut>,
    side: RwSignal<Side>,
    /// The prompt being edited, per side.
    prompts: RwSignal<[String; 2]>,
    /// The pending preview's hash per side (generated on this page or found pending).
    previews: RwSignal<[Option<String>; 2]>,
    /// What is under way, in words ("Generating…").
    busy: RwSignal<Option<String>>,
    /// How far the generating job is (0..1), while one runs.
    progress: RwSignal<Option<f64>>,
    error: RwSignal<Option<String>>,
    done: RwSignal<Option<String>>,
}

impl Generator {
    fn url(self, rest: &str) -> String {
        format!("/api/cards/{}/cover{rest}", self.slug.get_value())
    }

    fn prompt(self) -> String {
        let i = self.side.get().index();
        self.prompts.with(|p| p[i].clone())
    }

    fn preview(self) -> Option<String> {
        let i = self.side.get().index();
        self.previews.with(|p| p[i].clone())
    }

    fn generate(self) {
        if self.busy.get_untracked().is_some() {
            return;
        }
        let side = self.side.get_untracked();
        let prompt = self.prompts.with_untracked(|p| p[side.index()].clone());
        if let Some(problem) = prompt_problem(&prompt) {
            self.error.set(Some(problem));
            return;
        }
        self.error.set(None);
        self.done.set(None);
        self.busy.set(Some(tr!("art-cover-generating")));
        spawn_local(async move {
            let input = GenerateCoverInput {
                prompt,
                side: Some(side.as_str().to_owned()),
            };
            // a job: an image provider may take a while, and the bar shows how far it is
            let answer: Result<GenerateCoverOutputBody, String> =
                rest::post_as_job(&self.url("/generate"), Some(&input), self.progress).await;
            self.busy.set(None);
            self.progress.set(None);
            match answer {
                Ok(out) => self
                    .previews
                    .update(|p| p[side.index()] = Some(out.preview_hash)),
                Err(e) => self.error.set(Some(e)),
            }
        });
    }

    fn accept(self) {
        if self.busy.get_untracked().is_some() {
            return;
        }
        let side = self.side.get_untracked();
        let prompt = self
            .prompts
            .with_untracked(|p| p[side.index()].trim().to_owned());
        self.error.set(None);
        self.busy.set(Some(tr!("saving")));
        spawn_local(async move {
            let input = AcceptCoverPreviewInput {
                side: Some(side.as_str().to_owned()),
            };
            let answer: Result<GenerateCoverOutputBody, String> =
                rest::send(Verb::Post, &self.url("/accept-preview"), &input).await;
            self.busy.set(None);
            match answer {
                Ok(out) => {
                    self.previews.update(|p| p[side.index()] = None);
                    self.card.update(|c| match side {
                        Side::Front => {
                            c.cover_hash = Some(out.preview_hash);
                            c.cover_prompt = prompt;
                        }
                        Side::Back => {
                            c.back_cover_hash = Some(out.preview_hash);
                            c.back_cover_prompt = prompt;
                        }
                    });
                    self.done
                        .set(Some(tr!("art-cover-saved", side = side.as_str())));
                }
                Err(e) => self.error.set(Some(e)),
            }
        });
    }
}

/// The generator, below the covers of a card (editors only).
#[component]
pub fn CoverGenerator(
    /// The card shown on the page; its cover and prompt follow an accepted preview.
    card: RwSignal<CardOut>,
    /// The previews generated earlier and not used yet, front and back: shown at once.
    pending: [Option<String>; 2],
) -> impl IntoView {
    let start = card.get_untracked();
    let g = Generator {
        slug: StoredValue::new(start.slug.clone()),
        card,
        side: RwSignal::new(Side::Front),
        prompts: RwSignal::new([
            Side::Front.start_prompt(&start),
            Side::Back.start_prompt(&start),
        ]),
        previews: RwSignal::new(pending),
        busy: RwSignal::new(None),
        progress: RwSignal::new(None),
        error: RwSignal::new(None),
        done: RwSignal::new(None),
    };
    let busy = move || g.busy.get().is_some();
    let count = move || g.prompt().chars().count();
    let on_input = move |ev| {
        let value = event_target_value(&ev);
        let i = g.side.get_untracked().index();
        g.prompts.update(|p| p[i] = value);
    };
    let side_button = move |side: Side| {
        let pressed = move || g.side.get() == side;
        view! {
            <button type="button" aria-pressed=move || pressed().to_string()
                class=move || format!("min-h-11 flex-1 rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus:ring-2 focus:ring-indigo-300 {}",
                    if pressed() { "bg-white text-indigo-700 shadow-sm" } else { "text-slate-600 hover:text-slate-900" })
                on:click=move |_| { g.side.set(side); g.error.set(None); g.done.set(None); }>
                {side.label()}
            </button>
        }
    };
    view! {
        <section aria-labelledby="cover-generate-heading" class="space-y-3 border-t border-slate-200 pt-4">
            <h3 id="cover-generate-heading" class="text-base font-semibold">{tr!("art-cover-heading")}</h3>
            <p class="text-sm text-slate-600">{tr!("art-cover-intro")}</p>
            <div role="group" aria-label=tr!("art-cover-which") class="flex gap-1 rounded-lg bg-slate-100 p-1">
                {side_button(Side::Front)}
                {side_button(Side::Back)}
            </div>
            <form class="space-y-3" aria-label=tr!("art-cover-heading") novalidate
                on:submit=move |ev| { ev.prevent_default(); g.generate(); }>
                <div class="space-y-1">
                    <label for="cover-prompt" class="block text-sm font-medium text-slate-700">
                        {move || tr!("art-cover-describe", side = g.side.get().as_str())}
                    </label>
                    <textarea id="cover-prompt" name="prompt" rows="3" maxlength=COVER_PROMPT_MAX_CHARS
                        aria-describedby="cover-prompt-count"
                        class="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 sm:text-sm"
                        prop:value=move || g.prompt() on:input=on_input></textarea>
                    <p id="cover-prompt-count" class="text-right text-xs text-slate-500">
                        {move || format!("{} / {COVER_PROMPT_MAX_CHARS}", count())}
                    </p>
                </div>
                <div class="flex flex-wrap items-center gap-2">
                    <button type="submit" class=PRIMARY disabled=busy aria-busy=move || busy().to_string()>
                        {move || match (g.busy.get(), g.preview().is_some()) {
                            (Some(label), _) => label,
                            (None, true) => tr!("art-cover-regenerate"),
                            (None, false) => tr!("art-cover-generate"),
                        }}
                    </button>
                    <Show when=move || g.preview().is_some()>
                        <button type="button" class=BUTTON disabled=busy on:click=move |_| g.accept()>
                            {tr!("art-cover-use")}
                        </button>
                    </Show>
                </div>
                <Show when=busy>
                    <span class="block h-1.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar"
                        aria-label=tr!("art-cover-progress-label") aria-valuemin="0" aria-valuemax="100"
                        aria-valuenow=move || g.progress.get().map(|p| format!("{:.0}", p * 100.0))>
                        <span class=move || format!("block h-full rounded-full bg-indigo-500 {}", if g.progress.get().is_none() { "w-1/2 animate-pulse" } else { "transition-all" })
                            style=move || g.progress.get().map(|p| format!("width: {:.0}%", p * 100.0)).unwrap_or_default()></span>
                    </span>
                </Show>
                <p class="sr-only" aria-live="polite">{move || g.busy.get().unwrap_or_default()}</p>
                <ErrorAlert message=g.error inline=true/>
                <StatusNote message=g.done inline=true/>
            </form>
            <Comparison g/>
        </section>
    }
}

/// The current cover and the preview, side by side.
#[component]
fn Comparison(g: Generator) -> impl IntoView {
    let current = move || {
        let side = g.side.get();
        let hash = g.card.with(|c| match side {
            Side::Front => c.cover_hash.clone(),
            Side::Back => c.back_cover_hash.clone(),
        });
        hash.map(|v| (g.url(&format!("?side={}&v={v}", side.as_str())), side))
    };
    let preview = move || {
        let side = g.side.get();
        g.preview().map(|v| {
            (
                g.url(&format!("/preview?side={}&v={v}", side.as_str())),
                side,
            )
        })
    };
    let frame = "block aspect-[638/1011] w-full overflow-hidden rounded-xl bg-slate-100";
    view! {
        <div class="grid grid-cols-2 gap-3">
            <figure class="space-y-1">
                <span class=frame>
                    {move || match current() {
                        Some((src, side)) => view! {
                            <img src=src alt=tr!("art-cover-current-alt", side = side.as_str()) class="h-full w-full object-cover"/>
                        }.into_any(),
                        None => view! {
                            <span class="flex h-full items-center justify-center p-2 text-center text-sm text-slate-500">{tr!("art-cover-none")}</span>
                        }.into_any(),
                    }}
                </span>
                <figcaption class="text-center text-xs font-medium text-slate-600">{tr!("art-cover-current")}</figcaption>
            </figure>
            <figure class="space-y-1">
                <span class=frame>
                    {move || match preview() {
                        Some((src, side)) => view! {
                            <img src=src alt=tr!("art-cover-preview-alt", side = side.as_str()) class="h-full w-full object-cover"/>
                        }.into_any(),
                        None => view! {
                            <span class="flex h-full items-center justify-center p-2 text-center text-sm text-slate-500">{tr!("art-cover-preview-empty")}</span>
                        }.into_any(),
                    }}
                </span>
                <figcaption class="text-center text-xs font-medium text-slate-600">{tr!("art-cover-preview")}</figcaption>
            </figure>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_are_checked_before_sending() {
        assert!(prompt_problem("  ").is_some());
        assert_eq!(prompt_problem("a fox"), None);
        assert!(prompt_problem(&"x".repeat(1001)).is_some());
        assert_eq!(prompt_problem(&"é".repeat(1000)), None);
    }
}
