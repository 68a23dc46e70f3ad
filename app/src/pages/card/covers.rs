//! The card's two covers: drop or choose an image for each, or have one generated.

use leptos::prelude::*;

use super::Shown;
use crate::components::image_upload::ImageDropZone;
use crate::components::layout::Panel;

#[component]
pub fn CoversPanel(pending: [Option<String>; 2]) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let slug = shown.slug();
    // The covers follow the card, so a generated cover accepted below shows at once.
    let front = Signal::derive(move || shown.card.with(|c| c.cover_hash.clone()));
    let back = Signal::derive(move || shown.card.with(|c| c.back_cover_hash.clone()));
    view! {
        <Panel id="covers" title=tr!("card-covers-title")
            intro=if shown.editor { tr!("card-covers-intro-editor") } else { tr!("card-covers-intro") }>
            <div class="grid grid-cols-2 gap-3 sm:gap-4">
                <ImageDropZone label=tr!("card-front-cover") id="front_cover_file"
                    url=format!("/api/cards/{slug}/cover?side=front") hash=front editable=shown.editor
                    on_uploaded=Callback::new(move |v: String| shown.card.update(|c| c.cover_hash = Some(v)))/>
                <ImageDropZone label=tr!("card-back-cover") id="back_cover_file"
                    url=format!("/api/cards/{slug}/cover?side=back") hash=back editable=shown.editor
                    on_uploaded=Callback::new(move |v: String| shown.card.update(|c| c.back_cover_hash = Some(v)))/>
            </div>
            {shown.editor.then(|| view! { <crate::components::cover_generate::CoverGenerator card=shown.card pending/> })}
        </Panel>
    }
}
