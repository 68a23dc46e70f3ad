//! Single sign-on in the UI: the "Sign in with <provider>" button (sign-in page), the
//! "Sign-in method" section (Settings: link, unlink), and the admin's association of an
//! account with a provider identity (Users page). Each shows only when a provider is
//! configured. The flows are plain navigations to `/api/auth/oidc/login` (`rel="external"`,
//! so the router does not take them), which come back with `?oidc=linked` or `?oidc_error=`.

use cardsmith_model::oidc::{
    subject_problem, OidcInfo, OidcLinkInput, SignInFailure, AUTH_OIDC, AUTH_PASSWORD,
};
use cardsmith_model::user::UserOut;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{oidc_provider_info, AdminOidcLink, AdminOidcUnlink, OidcUnlink};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{
    described_by, general_error, invalid, ErrorAlert, Field, StatusNote, SubmitButton, INPUT,
};
use crate::components::layout::CurrentUser;
use crate::components::layout::{BUTTON, PANEL};

/// A full-width secondary button (a link that leaves the app for the provider).
const PROVIDER_BUTTON: &str = "flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300";

/// The query parameter `name` of the page's address (set once: the callback's redirect).
fn query_param(name: &'static str) -> Signal<Option<String>> {
    Signal::stored(crate::address::query_value(name))
}

/// Why a provider sign-in failed, from the code the callback put in the address: our own
/// sentence for it, never the address's text.
fn failure_from_address() -> Signal<Option<String>> {
    Signal::stored(
        crate::address::query_value("oidc_error")
            .map(|code| capitalised(SignInFailure::from_code(&code).sentence())),
    )
}

fn capitalised(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Renders `child` with the configured provider, or nothing without one.
#[component]
fn WithProvider<V, F>(child: F) -> impl IntoView
where
    F: Fn(OidcInfo) -> V + Send + Sync + Clone + 'static,
    V: IntoView + 'static,
{
    let info = Resource::new(|| (), |_| oidc_provider_info());
    view! {
        <Suspense>
            {move || {
                let child = child.clone();
                Suspend::new(async move { info.await.ok().flatten().map(child) })
            }}
        </Suspense>
    }
}

/// Under the sign-in form: "or", then "Sign in with <provider>"; and why a provider sign-in
/// failed when the callback sent the browser back here.
#[component]
pub fn SignInWithProvider() -> impl IntoView {
    let error = failure_from_address();
    view! {
        <ErrorAlert message=error/>
        <WithProvider child=|info: OidcInfo| view! {
            <div class="space-y-3">
                <div class="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
                    <span class="h-px flex-1 bg-slate-200"></span>"or"<span class="h-px flex-1 bg-slate-200"></span>
                </div>
                <a href="/api/auth/oidc/login" rel="external" class=PROVIDER_BUTTON>
                    {format!("Sign in with {}", info.provider_name)}
                </a>
            </div>
        }/>
    }
}

/// Settings: how the account signs in, with "Link sign-in provider" (a password account) or
/// "Unlink sign-in provider" (an account that also has a password). An account without a
/// password is told how to get one first.
#[component]
pub fn SignInMethodSection() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let linked = Signal::derive({
        let param = query_param("oidc");
        move || {
            (param.get().as_deref() == Some("linked"))
                .then(|| "Sign-in provider linked: you can now sign in with it.".to_owned())
        }
    });
    let error = failure_from_address();
    let unlink = ServerAction::<OidcUnlink>::new();
    Effect::new(move |_| {
        if let Some(Ok(user)) = unlink.value().get() {
            me.set(user);
        }
    });
    let unlinked = Signal::derive(move || {
        matches!(unlink.value().get(), Some(Ok(_)))
            .then(|| "Unlinked: you sign in with your password.".to_owned())
    });
    let auth_type = move || me.get().map(|u| u.auth_type).unwrap_or_default();
    view! {
        <section class=PANEL aria-labelledby="sign-in-method">
            <h2 id="sign-in-method" class="text-lg font-semibold">"Sign-in method"</h2>
            <StatusNote message=linked/>
            <StatusNote message=unlinked/>
            <ErrorAlert message=error/>
            <ErrorAlert message=general_error(move || unlink.value().get())/>
            <WithProvider child=move |info: OidcInfo| {
                let name = info.provider_name;
                move || match auth_type().as_str() {
                    AUTH_PASSWORD => view! {
                        <p class="text-sm text-slate-600">
                            {format!("You sign in with your password. Link your {name} account to sign in with it too; you confirm at {name}.")}
                        </p>
                        <a href="/api/auth/oidc/login?mode=link" rel="external" class=BUTTON>"Link sign-in provider"</a>
                    }.into_any(),
                    AUTH_OIDC => view! {
                        <p class="text-sm text-slate-600">
                            {format!("You sign in with {name} only. To unlink it, first get a password: sign out and choose \u{201c}Forgot password?\u{201d} on the sign-in page.")}
                        </p>
                    }.into_any(),
                    _ => view! {
                        <p class="text-sm text-slate-600">{format!("You sign in with your password or with {name}.")}</p>
                        <ConfirmButton label="Unlink sign-in provider"
                            question=format!("Stop signing in with {name}? You will sign in with your password only.")
                            confirm_label="Yes, unlink" busy=unlink.pending()
                            on_confirm=Callback::new(move |()| { unlink.dispatch(OidcUnlink {}); })/>
                    }.into_any(),
                }
            }/>
        </section>
    }
}

/// Users page, one account: which way it signs in, and the admin's association with a
/// provider identity (by its subject; never by email) or its removal.
///
/// The rows are rendered inside the page's own `Transition`, where a resource per row would
/// not hydrate in order; the provider is asked once the row is live in the browser instead.
#[component]
pub fn OidcAssociation(user: UserOut, reload: Callback<()>) -> impl IntoView {
    let provider = RwSignal::new(None::<OidcInfo>);
    Effect::new(move |_| {
        leptos::task::spawn_local(async move {
            if let Ok(info) = oidc_provider_info().await {
                provider.set(info);
            }
        });
    });
    move || {
        provider.get().map(|info| {
            let user = user.clone();
            view! { <Association user info reload/> }
        })
    }
}

#[component]
fn Association(user: UserOut, info: OidcInfo, reload: Callback<()>) -> impl IntoView {
    let name = info.provider_name;
    let open = RwSignal::new(false);
    let subject = RwSignal::new(String::new());
    let local = RwSignal::new(None::<String>);
    let link = ServerAction::<AdminOidcLink>::new();
    let unlink = ServerAction::<AdminOidcUnlink>::new();
    Effect::new(move |_| {
        let linked = matches!(link.value().get(), Some(Ok(_)));
        if linked || matches!(unlink.value().get(), Some(Ok(()))) {
            open.set(false);
            reload.run(());
        }
    });
    let field_error = Signal::derive(move || {
        local.get().or_else(|| match link.value().get() {
            Some(Err(e)) => e.field("subject"),
            _ => None,
        })
    });
    let id = user.id.clone();
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = OidcLinkInput {
            subject: subject.get_untracked().trim().to_owned(),
        };
        match subject_problem(&input.subject) {
            Some(problem) => local.set(Some(problem.to_owned())),
            None => {
                local.set(None);
                link.dispatch(AdminOidcLink {
                    id: id.clone(),
                    input,
                });
            }
        }
    };
    let email = user.email.clone();
    let field_id = format!("oidc_subject_{}", user.id);
    let unlink_id = user.id.clone();
    let badge = match user.auth_type.as_str() {
        AUTH_PASSWORD => None,
        AUTH_OIDC => Some(format!("signs in with {name} only")),
        _ => Some(format!("password or {name}")),
    };
    view! {
        <div class="mt-2 space-y-2">
            {badge.map(|text| view! {
                <span class="inline-block rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700">{text}</span>
            })}
            <ErrorAlert message=general_error(move || unlink.value().get())/>
            {match user.auth_type.as_str() {
                AUTH_PASSWORD => view! {
                    <button type="button" class=BUTTON aria-expanded=move || open.get().to_string()
                        aria-label=format!("Associate {email} with a {name} identity")
                        on:click=move |_| open.update(|o| *o = !*o)>
                        "Associate sign-in identity"
                    </button>
                    <Show when=move || open.get()>
                        <form class="grid gap-3 rounded-xl bg-slate-50 p-4" novalidate on:submit=on_submit.clone()
                            on:keydown=crate::components::keys::escape_cancels(move || open.set(false))>
                            <ErrorAlert message=general_error(move || link.value().get())/>
                            <SubjectField id=field_id.clone() value=subject error=field_error/>
                            <div class="flex flex-wrap gap-3">
                                <SubmitButton label="Associate" busy_label="Associating…" busy=link.pending()/>
                                <button type="button" class="text-sm text-slate-600" on:click=move |_| open.set(false)>"Cancel"</button>
                            </div>
                        </form>
                    </Show>
                }.into_any(),
                AUTH_OIDC => view! {
                    <p class="text-xs text-slate-500">"No password: the identity stays until they set one (Forgot password?)."</p>
                }.into_any(),
                _ => view! {
                    <ConfirmButton label="Remove sign-in identity"
                        question=format!("Remove the {name} identity from {email}? They will sign in with their password only.")
                        confirm_label="Yes, remove" busy=unlink.pending()
                        on_confirm=Callback::new(move |()| { unlink.dispatch(AdminOidcUnlink { id: unlink_id.clone() }); })/>
                }.into_any(),
            }}
        </div>
    }
}

/// The subject input; its id is per account, so several rows can be open at once.
#[component]
fn SubjectField(
    id: String,
    value: RwSignal<String>,
    error: Signal<Option<String>>,
) -> impl IntoView {
    let described = described_by(&id, true, error);
    view! {
        <Field id=id.clone() label="Subject at the provider" error
            hint="The person's identifier (sub) at the provider, from its admin console. They then sign in to this account through the provider. Accounts are never matched by email.">
            <input id=id name="subject" type="text" autocomplete="off" class=INPUT
                bind:value=value aria-invalid=invalid(error) aria-describedby=described/>
        </Field>
    }
}
