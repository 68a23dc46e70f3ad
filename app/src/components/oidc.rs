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
            .map(|code| failure_sentence(SignInFailure::from_code(&code))),
    )
}

/// The sentence for a failed provider sign-in (the model's `sentence()`, capitalised, in the
/// page's language).
fn failure_sentence(failure: SignInFailure) -> String {
    match failure {
        SignInFailure::Expired => tr!("account-oidc-failure-expired"),
        SignInFailure::Denied => tr!("account-oidc-failure-denied"),
        SignInFailure::EmailInUse => tr!("account-oidc-failure-email-in-use"),
        SignInFailure::EmailUnverified => tr!("account-oidc-failure-email-unverified"),
        SignInFailure::NoEmail => tr!("account-oidc-failure-no-email"),
        SignInFailure::Deactivated => tr!("account-oidc-failure-deactivated"),
        SignInFailure::IdentityTaken => tr!("account-oidc-failure-identity-taken"),
        SignInFailure::AlreadyLinked => tr!("account-oidc-failure-already-linked"),
        SignInFailure::ProviderUnavailable => tr!("account-oidc-failure-provider-unavailable"),
        SignInFailure::Failed => tr!("account-oidc-failure-failed"),
    }
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
                    <span class="h-px flex-1 bg-slate-200"></span>{tr!("account-oidc-or")}<span class="h-px flex-1 bg-slate-200"></span>
                </div>
                <a href="/api/auth/oidc/login" rel="external" class=PROVIDER_BUTTON>
                    {tr!("account-oidc-sign-in-with", provider = info.provider_name)}
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
        move || (param.get().as_deref() == Some("linked")).then(|| tr!("account-oidc-linked"))
    });
    let error = failure_from_address();
    let unlink = ServerAction::<OidcUnlink>::new();
    Effect::new(move |_| {
        if let Some(Ok(user)) = unlink.value().get() {
            me.set(user);
        }
    });
    let unlinked = Signal::derive(move || {
        matches!(unlink.value().get(), Some(Ok(_))).then(|| tr!("account-oidc-unlinked"))
    });
    let auth_type = move || me.get().map(|u| u.auth_type).unwrap_or_default();
    view! {
        <section class=PANEL aria-labelledby="sign-in-method">
            <h2 id="sign-in-method" class="text-lg font-semibold">{tr!("account-oidc-method")}</h2>
            <StatusNote message=linked/>
            <StatusNote message=unlinked/>
            <ErrorAlert message=error/>
            <ErrorAlert message=general_error(move || unlink.value().get())/>
            <WithProvider child=move |info: OidcInfo| {
                let name = info.provider_name;
                move || match auth_type().as_str() {
                    AUTH_PASSWORD => view! {
                        <p class="text-sm text-slate-600">
                            {tr!("account-oidc-password-only", provider = &name)}
                        </p>
                        <a href="/api/auth/oidc/login?mode=link" rel="external" class=BUTTON>{tr!("account-oidc-link")}</a>
                    }.into_any(),
                    AUTH_OIDC => view! {
                        <p class="text-sm text-slate-600">
                            {tr!("account-oidc-provider-only", provider = &name)}
                        </p>
                    }.into_any(),
                    _ => view! {
                        <p class="text-sm text-slate-600">{tr!("account-oidc-both", provider = &name)}</p>
                        <ConfirmButton label=tr!("account-oidc-unlink")
                            question=tr!("account-oidc-unlink-question", provider = &name)
                            confirm_label=tr!("account-oidc-unlink-confirm") busy=unlink.pending()
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
        AUTH_OIDC => Some(tr!("account-oidc-badge-provider-only", provider = &name)),
        _ => Some(tr!("account-oidc-badge-both", provider = &name)),
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
                        aria-label=tr!("account-oidc-associate-label", email = &email, provider = &name)
                        on:click=move |_| open.update(|o| *o = !*o)>
                        {tr!("account-oidc-associate-open")}
                    </button>
                    <Show when=move || open.get()>
                        <form class="grid gap-3 rounded-xl bg-slate-50 p-4" novalidate on:submit=on_submit.clone()
                            on:keydown=crate::components::keys::escape_cancels(move || open.set(false))>
                            <ErrorAlert message=general_error(move || link.value().get())/>
                            <SubjectField id=field_id.clone() value=subject error=field_error/>
                            <div class="flex flex-wrap gap-3">
                                <SubmitButton label=tr!("account-oidc-associate") busy_label=tr!("account-oidc-associating") busy=link.pending()/>
                                <button type="button" class="text-sm text-slate-600" on:click=move |_| open.set(false)>{tr!("account-cancel")}</button>
                            </div>
                        </form>
                    </Show>
                }.into_any(),
                AUTH_OIDC => view! {
                    <p class="text-xs text-slate-500">{tr!("account-oidc-no-password")}</p>
                }.into_any(),
                _ => view! {
                    <ConfirmButton label=tr!("account-oidc-remove")
                        question=tr!("account-oidc-remove-question", provider = &name, email = &email)
                        confirm_label=tr!("account-oidc-remove-confirm") busy=unlink.pending()
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
        <Field id=id.clone() label=tr!("account-oidc-subject") error
            hint=tr!("account-oidc-subject-hint")>
            <input id=id name="subject" type="text" autocomplete="off" class=INPUT
                bind:value=value aria-invalid=invalid(error) aria-describedby=described/>
        </Field>
    }
}
