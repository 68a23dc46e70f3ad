//! The caller's own account: display name, language, password, sessions.

use cardsmith_model::user::{ChangePasswordInput, UpdateProfileInput, UserOut};

use crate::i18n::Locale;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{ChangePassword, SignOutEverywhere, UpdateProfile};
use crate::components::form::{
    field_error, general_error, ErrorAlert, SelectField, StatusNote, SubmitButton, TextField,
};
use crate::components::layout::CurrentUser;
use crate::components::layout::PANEL;

/// Every setting (in the `Household` island): each form saves in place, and a new display name shows in the
/// app bar at once.
#[component]
pub(crate) fn SettingsForms(user: UserOut) -> impl IntoView {
    CurrentUser::in_island(user);
    view! {
        <div class="grid gap-6 lg:grid-cols-2">
            <ProfileForm/>
            <LanguageForm/>
            <PasswordForm/>
            <SessionsPanel/>
            <crate::components::oidc::SignInMethodSection/>
            <crate::components::ai_providers::AiProvidersSection owner=crate::components::ai_providers::Owner::User/>
            <section class=PANEL aria-labelledby="my-cards-zip">
                <h2 id="my-cards-zip" class="text-lg font-semibold">{tr!("zip-mine-title")}</h2>
                <p class="text-sm text-slate-600">{tr!("zip-mine-intro")}</p>
                <crate::components::cards_zip::DownloadCards collection_id=None/>
            </section>
            <crate::components::deletion::DeleteAccountSection/>
        </div>
    }
}

#[component]
fn ProfileForm() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let name = RwSignal::new(me.get().map(|u| u.display_name).unwrap_or_default());
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<UpdateProfile>::new();
    Effect::new(move |_| {
        if let Some(Ok(user)) = save.value().get() {
            me.set(user);
        }
    });
    let saved = Signal::derive(move || {
        matches!(save.value().get(), Some(Ok(_))).then(|| tr!("settings-profile-saved"))
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateProfileInput {
            display_name: name.get_untracked(),
            locale: None,
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(UpdateProfile { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class=PANEL novalidate on:submit=on_submit>
            <h2 class="text-lg font-semibold">{tr!("settings-profile")}</h2>
            <p class="text-sm text-slate-600">{move || me.get().map(|u| tr!("settings-signed-in-as", email = u.email))}</p>
            <ErrorAlert message=general_error(move || save.value().get())/>
            <TextField id="display_name" label=tr!("settings-display-name") value=name autocomplete="nickname"
                error=field_error(local, move || save.value().get(), "display_name")/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("settings-save-profile") busy_label=tr!("saving") busy=save.pending()/>
                <StatusNote message=saved/>
            </div>
        </form>
    }
}

/// The interface's language: the browser's, or one the person picks, kept on their account
/// so every device they sign in on follows it. Saving reloads the page in the new language.
#[component]
fn LanguageForm() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let chosen = RwSignal::new(me.get().and_then(|u| u.locale).unwrap_or_default());
    let save = ServerAction::<UpdateProfile>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = save.value().get() {
            let _ = window().location().reload();
        }
    });
    let options: Vec<(String, String)> =
        std::iter::once((String::new(), tr!("settings-language-browser")))
            .chain(
                Locale::ALL
                    .into_iter()
                    .map(|l| (l.code().to_owned(), l.own_name().to_owned())),
            )
            .collect();
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateProfileInput {
            display_name: me
                .0
                .get_untracked()
                .map(|u| u.display_name)
                .unwrap_or_default(),
            locale: Some(chosen.get_untracked()),
        };
        save.dispatch(UpdateProfile { input });
    };
    view! {
        <form class=PANEL novalidate on:submit=on_submit>
            <h2 class="text-lg font-semibold">{tr!("settings-language")}</h2>
            <ErrorAlert message=general_error(move || save.value().get())/>
            <SelectField id="locale" label=tr!("settings-language-label") value=chosen options
                hint=tr!("settings-language-hint")/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("settings-language-save") busy_label=tr!("saving") busy=save.pending()/>
            </div>
        </form>
    }
}

#[component]
fn PasswordForm() -> impl IntoView {
    let current = RwSignal::new(String::new());
    let new = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let change = ServerAction::<ChangePassword>::new();
    let changed = Signal::derive(move || {
        matches!(change.value().get(), Some(Ok(()))).then(|| tr!("settings-password-changed"))
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = change.value().get() {
            current.set(String::new());
            new.set(String::new());
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = ChangePasswordInput {
            current_password: current.get_untracked(),
            new_password: new.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                change.dispatch(ChangePassword { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class=PANEL novalidate on:submit=on_submit>
            <h2 class="text-lg font-semibold">{tr!("settings-password")}</h2>
            <ErrorAlert message=general_error(move || change.value().get())/>
            <TextField id="current_password" label=tr!("settings-current-password") kind="password" autocomplete="current-password"
                value=current error=field_error(local, move || change.value().get(), "current_password")/>
            <TextField id="new_password" label=tr!("settings-new-password") kind="password" autocomplete="new-password"
                value=new error=field_error(local, move || change.value().get(), "new_password")
                hint=tr!("settings-new-password-hint")/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("settings-change-password") busy_label=tr!("settings-changing") busy=change.pending()/>
                <StatusNote message=changed/>
            </div>
        </form>
    }
}

#[component]
fn SessionsPanel() -> impl IntoView {
    let revoke = ServerAction::<SignOutEverywhere>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = revoke.value().get() {
            let _ = window().location().set_href("/login");
        }
    });
    view! {
        <section class=PANEL>
            <h2 class="text-lg font-semibold">{tr!("settings-sessions")}</h2>
            <p class="text-sm text-slate-600">{tr!("settings-sessions-text")}</p>
            <ErrorAlert message=general_error(move || revoke.value().get())/>
            <button
                type="button"
                class="rounded-lg border border-rose-300 px-4 py-2 text-sm font-semibold text-rose-700 hover:bg-rose-50"
                on:click=move |_| { revoke.dispatch(SignOutEverywhere {}); }
            >
                {tr!("settings-sign-out-everywhere")}
            </button>
        </section>
    }
}
