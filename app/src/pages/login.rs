//! Sign-in, and the frame of every page reached without a session. Validates in the browser
//! with the server's own rules before sending anything.

use cardsmith_model::user::LoginInput;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::server_fn::ServerFn;

use crate::api::Login;
use crate::components::form::{ErrorAlert, SubmitButton, TextField};
use crate::components::layout::PANEL;

/// The frame of the pages people reach without a session (sign-in, forgot and reset
/// password, verify email): the logo above one narrow column, centred, and the language menu
/// under it.
#[component]
pub fn SignedOutShell(children: Children) -> impl IntoView {
    view! {
        <main class="flex min-h-screen items-center justify-center px-4 py-10">
            <div class="w-full max-w-sm">
                <a href="/login" class="mb-6 flex items-center justify-center gap-2" aria-label=tr!("signin-logo-label")>
                    <img src="/favicon.svg" alt="" class="h-10 w-10"/>
                    <span class="text-2xl font-bold text-indigo-700">"Cardsmith"</span>
                </a>
                {children()}
                <LanguageMenu/>
            </div>
        </main>
    }
}

/// The signed-out pages' choice of language: a plain form (`POST /language` remembers it on
/// this device and comes back here), so it works before the page's script has loaded. Each
/// language is named in itself, for a person who cannot read the current one.
#[component]
fn LanguageMenu() -> impl IntoView {
    let here = leptos_router::hooks::use_location();
    let next = format!(
        "{}{}",
        here.pathname.get_untracked(),
        here.search.get_untracked()
    );
    let current = crate::i18n::locale();
    view! {
        <form method="post" action="/language" class="mt-6 flex items-center justify-center gap-2 text-sm">
            <input type="hidden" name="next" value=next/>
            <label for="language-menu" class="text-slate-600">{tr!("language-label")}</label>
            <select id="language-menu" name="lang" class="min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-1">
                {crate::i18n::Locale::ALL.map(|locale| view! {
                    <option value=locale.code() lang=locale.code() selected=locale == current>{locale.own_name()}</option>
                }).into_iter().collect_view()}
            </select>
            <button type="submit" class="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-100">
                {tr!("language-apply")}
            </button>
        </form>
    }
}

#[component]
pub(crate) fn LoginForm() -> impl IntoView {
    let email = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let field_errors = RwSignal::new(Vec::new());
    let login = ServerAction::<Login>::new();

    let server_error = Signal::derive(move || match login.value().get() {
        Some(Err(e)) => Some(e.to_string()),
        _ => None,
    });
    Effect::new(move |_| {
        if let Some(Ok(_)) = login.value().get() {
            let _ = window().location().set_href("/cards");
        }
    });
    let error_for = move |field: &'static str| {
        Signal::derive(move || {
            field_errors.with(|errors: &Vec<cardsmith_model::FieldError>| {
                errors
                    .iter()
                    .find(|e| e.field() == field)
                    .map(|e| e.detail.clone())
            })
        })
    };

    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = LoginInput {
            email: email.get_untracked(),
            password: password.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                field_errors.set(Vec::new());
                login.dispatch(Login {
                    email: input.email,
                    password: input.password,
                });
            }
            Err(errors) => field_errors.set(errors),
        }
    };

    view! {
        <form
            method="post"
            action=Login::PATH
            novalidate
            on:submit=on_submit
            class=PANEL
        >
            <h1 class="text-xl font-semibold">{tr!("signin-heading")}</h1>
            <ErrorAlert message=server_error/>
            <TextField id="email" label=tr!("signin-email") kind="email" autocomplete="username" value=email error=error_for("email")/>
            <TextField id="password" label=tr!("signin-password") kind="password" autocomplete="current-password" value=password error=error_for("password")/>
            <div class="flex flex-wrap items-center justify-between gap-3">
                <SubmitButton label=tr!("signin-submit") busy_label=tr!("signin-busy") busy=login.pending()/>
                <a href="/forgot-password" class="text-sm font-medium text-indigo-700 hover:underline">{tr!("signin-forgot")}</a>
            </div>
            <crate::components::oidc::SignInWithProvider/>
        </form>
    }
}
