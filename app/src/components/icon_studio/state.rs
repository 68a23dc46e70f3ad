//! What the Icons panel knows and does for one card: the suggested palettes and the approved
//! one, the batch actions (sample, generate all), and per chapter the last set of
//! variations. Every call is made from the browser after a click (the first look at the
//! cascade after the panel is on screen), so nothing here is part of the server render.
//! What a call may cost, and asking before a paid one, is in `cost`.

use std::collections::HashMap;
use std::future::Future;

use cardsmith_model::card::TrackOut;
use cardsmith_model::icons::{
    ApproveThemeInput, GenerateIconsOutputBody, PaletteOut, SelectIconInput,
    SuggestThemeOutputBody, VariationsInput, VariationsOutputBody,
};
use cardsmith_model::llm::LLMProviderOut;
use leptos::prelude::*;
use leptos::task::spawn_local_scoped_with_cancellation;

use super::cost::{drawer_of, Action, Drawer, Pending};
use crate::api::rest::{self, Verb};

/// One suggested palette: its name, style and colours (`#rrggbb`).
pub type Palette = PaletteOut;

/// The variations of one chapter on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Variations {
    pub count: i64,
    /// What the set was estimated to cost before it was drawn; 0 when drawn offline.
    pub estimated_usd: f64,
    /// Changes with every new set, so the browser fetches the new previews.
    pub stamp: u32,
    /// The one chosen from this set.
    pub chosen: Option<i64>,
}

#[derive(Clone, Copy)]
pub struct Studio {
    scope: StoredValue<Owner>,
    pub card: StoredValue<String>,
    pub tracks: Signal<Vec<TrackOut>>,
    on_change: Callback<()>,
    pub palettes: RwSignal<Option<Vec<Palette>>>,
    pub approved: RwSignal<Option<String>>,
    pub drawer: RwSignal<Drawer>,
    pub pending: RwSignal<Option<Pending>>,
    /// What is running ("theme", "generate", "sample", "variations-3", …).
    pub busy: RwSignal<Option<String>>,
    /// 0..1 while a batch job runs.
    pub progress: RwSignal<Option<f64>>,
    pub message: RwSignal<Option<String>>,
    pub error: RwSignal<Option<String>>,
    pub variations: RwSignal<HashMap<i64, Variations>>,
    /// Bumped after icons change, so the chapters' current icons are fetched again.
    pub icons_stamp: RwSignal<u32>,
}

impl Studio {
    /// `theme` is the card's approved theme, shown (as the one palette, chosen) until the
    /// user asks for suggestions.
    pub fn new(
        card: String,
        theme: Option<Palette>,
        tracks: Signal<Vec<TrackOut>>,
        on_change: Callback<()>,
    ) -> Self {
        let approved = theme.as_ref().map(|t| t.name.clone());
        Self {
            scope: StoredValue::new(Owner::current().unwrap_or_default()),
            card: StoredValue::new(card),
            tracks,
            on_change,
            palettes: RwSignal::new(theme.map(|t| vec![t])),
            approved: RwSignal::new(approved),
            drawer: RwSignal::new(Drawer::Unknown),
            pending: RwSignal::new(None),
            busy: RwSignal::new(None),
            progress: RwSignal::new(None),
            message: RwSignal::new(None),
            error: RwSignal::new(None),
            variations: RwSignal::new(HashMap::new()),
            icons_stamp: RwSignal::new(0),
        }
    }

    pub(super) fn spawn(self, task: impl Future<Output = ()> + 'static) {
        self.scope
            .with_value(|owner| owner.with(|| spawn_local_scoped_with_cancellation(task)));
    }

    pub(super) fn url(self, rest: &str) -> String {
        format!("/api/cards/{}/icons{rest}", self.card.get_value())
    }

    /// Where the current icon of track `id` (chapter `position`) is served: the track's own
    /// versioned URL once it has an icon, else the drawn default (asked again after changes).
    /// Until something changes, the default's address is the one the chapter list shows, so
    /// the page fetches each chapter's icon once, not once per list.
    pub fn icon_url(self, id: &str, position: i64) -> String {
        let path = self.tracks.with(|t| {
            t.iter()
                .find(|t| t.id == id)
                .and_then(|t| t.icon_path.clone())
        });
        path.unwrap_or_else(|| {
            let drawn = self.url(&format!("/{position}"));
            match self.icons_stamp.get() {
                0 => drawn,
                stamp => format!("{drawn}?v={stamp}"),
            }
        })
    }

    /// Where variation `index` of chapter `position` is served.
    pub fn preview_url(self, position: i64, index: i64, stamp: u32) -> String {
        format!(
            "{}?v={stamp}",
            self.url(&format!("/{position}/preview/{index}"))
        )
    }

    pub fn is_busy(self) -> bool {
        self.busy.with(Option::is_some)
    }

    pub fn busy_with(self, what: &str) -> bool {
        self.busy.with(|b| b.as_deref() == Some(what))
    }

    /// Reads the caller's cascade: the first provider able to draw decides whether a call
    /// costs money.
    pub fn look_at_cascade(self) {
        self.spawn(async move {
            let cascade =
                rest::get::<Vec<LLMProviderOut>>("/api/settings/llm-providers/cascade").await;
            self.drawer.set(match cascade {
                Ok(list) => drawer_of(&list),
                Err(_) => Drawer::Unknown,
            });
        });
    }

    /// Runs `f` with the busy mark `what`, reporting a failure in words.
    fn run<F>(self, what: String, f: impl FnOnce() -> F + 'static)
    where
        F: Future<Output = Result<Option<String>, String>> + 'static,
    {
        self.busy.set(Some(what));
        self.error.set(None);
        self.message.set(None);
        self.spawn(async move {
            let outcome = f().await;
            self.busy.set(None);
            self.progress.set(None);
            match outcome {
                Ok(message) => self.message.set(message),
                Err(e) => self.error.set(Some(e)),
            }
        });
    }

    /// Asks for palettes that suit the card.
    pub fn suggest(self) {
        self.run("theme".into(), move || async move {
            let answer: SuggestThemeOutputBody =
                rest::call(Verb::Post, &self.url("/theme")).await?;
            let palettes = answer.palettes;
            let found = palettes.len();
            self.palettes.set(Some(palettes));
            Ok(Some(tr!("art-icons-palettes-suggested", count = found)))
        });
    }

    /// Approves `palette` as the card's icon theme.
    pub fn approve(self, palette: Palette) {
        self.run("approve".into(), move || async move {
            let body = ApproveThemeInput {
                colors: palette.colors.clone(),
                palette_name: palette.name.clone(),
                style: palette.style.clone(),
            };
            rest::send_empty(Verb::Put, &self.url("/theme"), &body).await?;
            self.approved.set(Some(palette.name.clone()));
            Ok(Some(tr!("art-icons-theme-approved", name = &palette.name)))
        });
    }

    /// The title of chapter `position`.
    pub fn title(self, position: i64) -> String {
        self.tracks
            .with_untracked(|t| {
                t.iter()
                    .find(|t| t.position == position)
                    .map(|t| t.title.clone())
            })
            .unwrap_or_else(|| tr!("art-icons-chapter", position = position))
    }

    /// Makes the call (confirmed, or free).
    pub fn perform(self, action: Action) {
        self.pending.set(None);
        match action {
            Action::Sample => self.batch("sample", "/sample"),
            Action::GenerateAll => self.batch("generate", "/generate"),
            Action::Regenerate { position } => {
                let what = format!("regenerate-{position}");
                self.batch_named(what, format!("/{position}/regenerate"))
            }
            Action::Variations {
                position,
                count,
                prompt,
            } => self.make_variations(position, count, prompt),
        }
    }

    fn batch(self, what: &str, path: &str) {
        self.batch_named(what.to_owned(), path.to_owned());
    }

    /// A call answering `{generated, message}`; the icons change. A batch of chapters
    /// (`/generate`, `/sample`) runs as a job whose progress counts the chapters drawn.
    fn batch_named(self, what: String, path: String) {
        self.run(what, move || async move {
            let url = self.url(&path);
            let answer: GenerateIconsOutputBody = if path.ends_with("/regenerate") {
                rest::call(Verb::Post, &url).await?
            } else {
                rest::post_as_job::<(), _>(&url, None, self.progress).await?
            };
            self.changed();
            Ok(Some(batch_words(&answer)))
        });
    }

    fn make_variations(self, position: i64, count: i64, prompt: Option<String>) {
        self.run(format!("variations-{position}"), move || async move {
            let body = VariationsInput { count, prompt };
            let answer: VariationsOutputBody = rest::send(
                Verb::Post,
                &self.url(&format!("/{position}/variations")),
                &body,
            )
            .await?;
            let made = answer.count;
            let estimated_usd = answer.estimated_usd;
            self.variations.update(|all| {
                let stamp = all.get(&position).map_or(1, |v| v.stamp + 1);
                all.insert(
                    position,
                    Variations {
                        count: made,
                        estimated_usd,
                        stamp,
                        chosen: None,
                    },
                );
            });
            let title = self.title(position);
            Ok(Some(if estimated_usd > 0.0 {
                tr!(
                    "art-icons-variations-made-estimated",
                    count = made,
                    title = &title,
                    cost = super::usd(estimated_usd)
                )
            } else if self.offline() {
                tr!(
                    "art-icons-variations-made-free-offline",
                    count = made,
                    title = &title
                )
            } else {
                tr!(
                    "art-icons-variations-made-free",
                    count = made,
                    title = &title
                )
            }))
        });
    }

    /// Uses variation `index` as chapter `position`'s icon.
    pub fn select(self, position: i64, index: i64) {
        self.run(format!("select-{position}"), move || async move {
            let body = SelectIconInput { index };
            rest::send_empty(Verb::Post, &self.url(&format!("/{position}/select")), &body).await?;
            self.variations.update(|all| {
                if let Some(v) = all.get_mut(&position) {
                    v.chosen = Some(index);
                }
            });
            self.changed();
            Ok(Some(tr!(
                "art-icons-variation-chosen",
                number = index + 1,
                title = self.title(position)
            )))
        });
    }

    /// Icons changed on the server: the panel's and the track list's are fetched again.
    fn changed(self) {
        self.icons_stamp.update(|n| *n += 1);
        self.on_change.run(());
    }
}

/// `{generated, message}` in words: the server's message, else the count.
fn batch_words(answer: &GenerateIconsOutputBody) -> String {
    if !answer.message.is_empty() {
        return crate::components::layout::capitalised(&answer.message);
    }
    tr!("art-icons-drawn", count = answer.generated)
}
