//! One card: its words, covers, playback settings and (in submodules) playback, slug, home
//! and deletion. Viewers see the same page without any control that changes the card.

mod manage;
mod playback;
mod publish;
mod tracks;

use cardsmith_model::card::{CardOut, UpdateCardInput};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_params_map;

use crate::api::{card_page, CardPageData, UpdateCard};
use crate::components::card_fields::CardFields;
use crate::components::form::general_error;
use crate::components::form::{ErrorAlert, StatusNote, SubmitButton};
use crate::components::image_upload::ImageDropZone;
use crate::components::layout::{can_edit, loaded, Panel, RoleBadge};

/// The card as this page last saved it; sections update it so the header follows.
#[derive(Clone, Copy)]
struct Shown {
    card: RwSignal<CardOut>,
    editor: bool,
}

impl Shown {
    fn slug(&self) -> String {
        self.card.with_untracked(|c| c.slug.clone())
    }
}

#[component]
pub fn CardPage() -> impl IntoView {
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    let page = Resource::new(slug, card_page);
    view! {
        <nav aria-label="Breadcrumb" class="mb-2 text-sm">
            <a href="/cards" class="font-medium text-indigo-700 hover:underline">"← All cards"</a>
        </nav>
        {loaded(page, "the card", |page| view! {
            <Title text=page.detail.card.title.clone()/>
            <CardView page/>
        })}
    }
}

/// The card, an island: every section edits it in place.
#[island(lazy)]
fn CardView(page: CardPageData) -> impl IntoView {
    let CardPageData {
        detail,
        playback,
        collections,
        publish,
        pending_covers,
    } = page;
    provide_context(publish::CardPublish::new(
        publish,
        detail.card.content_hash.clone(),
    ));
    let shown = Shown {
        editor: can_edit(detail.card.viewer_role.as_deref()),
        card: RwSignal::new(detail.card),
    };
    provide_context(shown);
    let title = move || shown.card.with(|c| c.title.clone());
    crate::islands::follow_page_title(title);
    let home = move || {
        shown.card.with(|c| {
            (
                format!("/collections/{}", c.collection_slug),
                c.collection_name.clone(),
            )
        })
    };
    let slug = shown.slug();
    let tracks = tracks::Tracks::new(shown.card, detail.tracks.unwrap_or_default(), shown.editor);
    provide_context(tracks);
    // The covers follow the card, so a generated cover accepted below shows at once.
    let front = Signal::derive(move || shown.card.with(|c| c.cover_hash.clone()));
    let back = Signal::derive(move || shown.card.with(|c| c.back_cover_hash.clone()));
    view! {
        <header class="space-y-1">
            <div class="flex flex-wrap items-center gap-2">
                <h1 class="text-2xl font-bold">{title}</h1>
                <RoleBadge role=shown.card.with_untracked(|c| c.viewer_role.clone()) yours=true/>
                <publish::PublishBadgeOfCard/>
            </div>
            <p class="text-sm text-slate-600">
                "In "
                <a href=move || home().0 class="font-medium text-indigo-700 hover:underline">{move || home().1}</a>
                {move || shown.card.with(|c| (!c.author.is_empty()).then(|| format!(" · by {}", c.author)))}
            </p>
            <publish::PublishCard/>
        </header>
        <div class="mt-6 grid gap-6 lg:grid-cols-3">
            <div class="min-w-0 lg:col-span-2">
                <tracks::TracksPanel/>
            </div>
            <div class="min-w-0 space-y-6">
                {shown.editor.then(|| {
                    let tracks = expect_context::<tracks::Tracks>();
                    let on_saved = Callback::new(move |_slug: String| tracks.reload());
                    view! {
                        <crate::components::recorder::Recorder card=shown.slug() on_saved/>
                        <crate::components::spoken_track::SpokenTrack card=shown.slug() tracks=tracks.list on_added=on_saved/>
                        <tracks::SourcesPanel/>
                    }
                })}
            </div>
        </div>
        <div class="mt-6 grid gap-6 lg:grid-cols-2">
            <div class="min-w-0 space-y-6">
                {if shown.editor {
                    view! { <DetailsForm/> }.into_any()
                } else {
                    view! { <Description/> }.into_any()
                }}
                <playback::PlaybackPanel config=playback/>
            </div>
            <div class="min-w-0 space-y-6">
                <Panel id="covers" title="Covers"
                    intro=if shown.editor { "Printed on the label and shown on the player. Drop an image on a cover, or click it to choose a file." } else { "Printed on the label and shown on the player." }>
                    <div class="grid grid-cols-2 gap-3 sm:gap-4">
                        <ImageDropZone label="Front cover" id="front_cover_file"
                            url=format!("/api/cards/{slug}/cover?side=front") hash=front editable=shown.editor
                            on_uploaded=Callback::new(move |v: String| shown.card.update(|c| c.cover_hash = Some(v)))/>
                        <ImageDropZone label="Back cover" id="back_cover_file"
                            url=format!("/api/cards/{slug}/cover?side=back") hash=back editable=shown.editor
                            on_uploaded=Callback::new(move |v: String| shown.card.update(|c| c.back_cover_hash = Some(v)))/>
                    </div>
                    {shown.editor.then(|| view! { <crate::components::cover_generate::CoverGenerator card=shown.card pending=pending_covers.clone()/> })}
                </Panel>
                {shown.editor.then(|| { let t = expect_context::<tracks::Tracks>(); view! { <crate::components::icon_studio::IconStudio card=shown.slug() theme=shown.card.with_untracked(|c| c.icon_theme.clone()) tracks=t.list on_change=Callback::new(move |()| t.reload())/> } })}
                {shown.editor.then(|| view! { <manage::ManagePanel collections links=detail.links.unwrap_or_default()/> })}
            </div>
        </div>
    }
}

/// The read-only text of a card, for viewers.
#[component]
fn Description() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let text = shown.card.with_untracked(|c| c.description.clone());
    view! {
        <Panel id="details" title="About this card">
            {if text.is_empty() {
                view! { <p class="text-slate-500">"No description."</p> }.into_any()
            } else {
                view! { <p class="whitespace-pre-line text-slate-700">{text}</p> }.into_any()
            }}
        </Panel>
    }
}

#[component]
fn DetailsForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let start = shown.card.get_untracked();
    let title = RwSignal::new(start.title);
    let description = RwSignal::new(start.description);
    let author = RwSignal::new(start.author);
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<UpdateCard>::new();
    let outcome = Signal::derive(move || save.value().get());
    let saved = Signal::derive(move || {
        matches!(save.value().get(), Some(Ok(()))).then(|| "Card saved".to_owned())
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = save.value().get() {
            shown.card.update(|c| {
                c.title = title.get_untracked().trim().to_owned();
                c.description = description.get_untracked();
                c.author = author.get_untracked().trim().to_owned();
            });
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateCardInput {
            title: title.get_untracked(),
            description: description.get_untracked(),
            author: Some(author.get_untracked()),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(UpdateCard {
                    slug: shown.slug(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <Panel id="details" title="Details">
            <form class="space-y-4" aria-label="Card details" novalidate on:submit=on_submit>
                <ErrorAlert message=general_error(move || save.value().get())/>
                <CardFields title description author local outcome/>
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label="Save card" busy_label="Saving…" busy=save.pending()/>
                    <StatusNote message=saved/>
                </div>
            </form>
        </Panel>
    }
}
