//! `/admin/ai-providers`: the instance's AI providers (admins only), which every user's
//! cascade tries after the user's own.

use leptos::prelude::*;
use leptos_meta::Title;

use super::frame::CurrentUser;
use crate::components::ai_providers::{AiProvidersSection, Owner};
use crate::components::form::{Feedback, Tone};
use crate::pages::groups::{Admin, AdminPanel};

#[component]
pub fn AdminAiProvidersPage() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let is_admin = move || me.get().is_some_and(|u| u.is_admin());
    view! {
        <Title text="AI providers"/>
        <h1 class="text-2xl font-bold">"AI providers"</h1>
        <p class="mt-1 max-w-prose text-slate-600">
            "Providers the instance pays for. Users add their own under Settings; theirs are tried first."
        </p>
        <Show
            when=is_admin
            fallback=|| view! {
                <Feedback tone=Tone::Warning alert=true class="mt-6">"Only admins can manage the instance's AI providers."</Feedback>
            }
        >
            <div class="mt-6">
                <Admin panel=AdminPanel::AiProviders/>
            </div>
        </Show>
    }
}

/// The instance's providers (in the `Admin` island).
#[component]
pub(crate) fn InstanceProviders() -> impl IntoView {
    view! { <AiProvidersSection owner=Owner::System/> }
}
