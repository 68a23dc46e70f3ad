//! The page groups: the routes of the pages reached without a session, the household's pages
//! and the administrators' panels, each group one lazy island whose page enum picks the body.
//!
//! Every `#[island(lazy)]` is a split point of the WASM, and the splitter cuts the code that
//! split points share into one module per set of points sharing it: one island per page (23)
//! made 630 modules, and `/cards` alone fetched 230 of them. So pages that are small or
//! visited together share one island, as they shared one lazy route before. Islands of their
//! own: the card and collection editors, the largest (`card::CardView`,
//! `collection::CollectionView`), and the two library pages (`library::AllCards`, the page
//! signing in lands on, whose module is kept to the library's controls, and
//! `library::AllCollections`).
//!
//! This module is the only one that knows the groups: a page module holds its body, and the
//! route here gives it its title, heading and check (signed out, any household member, or an
//! admin). `groups` imports pages; no page imports `groups`.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::Redirect;
use leptos_router::hooks::{use_params_map, use_query_map};
use serde::{Deserialize, Serialize};

use super::{
    accounts, admin_audit, admin_deletion, admin_health, admin_jobs, admin_mail, admin_users,
    devices, import, labels, login, recovery, settings,
};
use crate::api::{
    accounts_page, current_user, devices_page, import_page, AccountsPageData, DevicesPageData,
    ImportPageData,
};
use crate::components::ai_providers::{AiProvidersSection, Owner};
use crate::components::examples;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{loaded, CurrentUser};

/// The pages reached without a session.
#[derive(Clone, Serialize, Deserialize)]
pub enum SignedOutPage {
    Login,
    ForgotPassword,
    ResetPassword,
    VerifyEmail,
    LinkPlayer,
}

#[island(lazy)]
pub fn SignedOut(page: SignedOutPage) -> impl IntoView {
    match page {
        SignedOutPage::Login => view! { <login::LoginForm/> }.into_any(),
        SignedOutPage::ForgotPassword => view! { <recovery::ForgotPasswordForm/> }.into_any(),
        SignedOutPage::ResetPassword => view! { <recovery::ResetPasswordForm/> }.into_any(),
        SignedOutPage::VerifyEmail => view! { <recovery::VerifyEmailForm/> }.into_any(),
        SignedOutPage::LinkPlayer => view! { <recovery::LinkPlayerForm/> }.into_any(),
    }
}

/// The household's pages: labels, players, accounts, import, settings.
#[derive(Clone, Serialize, Deserialize)]
pub enum HouseholdPage {
    Labels,
    Devices(DevicesPageData),
    Accounts(AccountsPageData),
    Import(ImportPageData),
    /// The signed-in user, whose settings these are.
    Settings(UserOut),
}

#[island(lazy)]
pub fn Household(page: HouseholdPage) -> impl IntoView {
    match page {
        HouseholdPage::Labels => view! { <labels::LabelsWorkbench/> }.into_any(),
        HouseholdPage::Devices(page) => view! { <devices::DevicesView page/> }.into_any(),
        HouseholdPage::Accounts(page) => view! { <accounts::AccountsView page/> }.into_any(),
        HouseholdPage::Import(page) => view! { <import::ImportView page/> }.into_any(),
        HouseholdPage::Settings(user) => view! { <settings::SettingsForms user/> }.into_any(),
    }
}

/// The administrators' panels.
#[derive(Clone, Serialize, Deserialize)]
pub enum AdminPanel {
    /// The signed-in admin, who cannot demote or deactivate themselves.
    Users(UserOut),
    AuditLog,
    Health,
    ExampleContent,
    DeletionRequests,
    OrphanedCollections,
    AiProviders,
    MailOutbox,
    /// One message, by id.
    MailMessage(String),
    Jobs,
}

#[island(lazy)]
pub fn Admin(panel: AdminPanel) -> impl IntoView {
    match panel {
        AdminPanel::Users(me) => view! { <admin_users::UserAdmin me/> }.into_any(),
        AdminPanel::AuditLog => view! { <admin_audit::AuditLog/> }.into_any(),
        AdminPanel::Health => view! { <admin_health::HealthDashboard/> }.into_any(),
        AdminPanel::ExampleContent => view! { <examples::ExampleContent/> }.into_any(),
        AdminPanel::DeletionRequests => view! { <admin_deletion::DeletionRequests/> }.into_any(),
        AdminPanel::OrphanedCollections => {
            view! { <admin_deletion::OrphanedCollections/> }.into_any()
        }
        AdminPanel::AiProviders => view! { <AiProvidersSection owner=Owner::System/> }.into_any(),
        AdminPanel::MailOutbox => view! { <admin_mail::Outbox/> }.into_any(),
        AdminPanel::MailMessage(id) => view! { <admin_mail::MessageView id/> }.into_any(),
        AdminPanel::Jobs => view! { <admin_jobs::Jobs/> }.into_any(),
    }
}

/// A page of the signed-out frame: its title, and its form in the signed-out island.
#[component]
fn SignedOutRoute(title: &'static str, page: SignedOutPage) -> impl IntoView {
    view! {
        <Title text=title/>
        <login::SignedOutShell>
            <SignedOut page/>
        </login::SignedOutShell>
    }
}

/// `/login`; somebody already signed in goes on to their cards.
#[component]
pub fn LoginRoute() -> impl IntoView {
    let me = Resource::new(|| (), |_| current_user());
    view! {
        <Title text="Sign in"/>
        <login::SignedOutShell>
            <Suspense>
                {move || Suspend::new(async move {
                    match me.await {
                        Ok(Some(_)) => view! { <Redirect path="/cards"/> }.into_any(),
                        _ => view! { <SignedOut page=SignedOutPage::Login/> }.into_any(),
                    }
                })}
            </Suspense>
        </login::SignedOutShell>
    }
}

#[component]
pub fn ForgotPasswordRoute() -> impl IntoView {
    view! { <SignedOutRoute title="Forgot password" page=SignedOutPage::ForgotPassword/> }
}

#[component]
pub fn ResetPasswordRoute() -> impl IntoView {
    view! { <SignedOutRoute title="Choose a new password" page=SignedOutPage::ResetPassword/> }
}

#[component]
pub fn VerifyEmailRoute() -> impl IntoView {
    view! { <SignedOutRoute title="Confirm your email" page=SignedOutPage::VerifyEmail/> }
}

#[component]
pub fn LinkPlayerRoute() -> impl IntoView {
    view! { <SignedOutRoute title="Link your player account" page=SignedOutPage::LinkPlayer/> }
}

/// A household page: its title, heading and the line saying what it is for, then `children`
/// (the page in the `Household` island). The frame has already checked the session.
#[component]
fn HouseholdRoute(
    title: &'static str,
    #[prop(optional)] intro: Option<&'static str>,
    children: Children,
) -> impl IntoView {
    view! {
        <Title text=title/>
        <h1 class="text-2xl font-bold">{title}</h1>
        {intro.map(|intro| view! { <p class="mt-1 max-w-prose text-slate-600">{intro}</p> })}
        <div class="mt-6">{children()}</div>
    }
}

/// `/labels`: the workbench writes its own heading (it is all one island).
#[component]
pub fn LabelsRoute() -> impl IntoView {
    view! {
        <Title text="Labels"/>
        <Household page=HouseholdPage::Labels/>
    }
}

#[component]
pub fn DevicesRoute() -> impl IntoView {
    let page = Resource::new(|| (), |_| devices_page());
    view! {
        <HouseholdRoute title="Devices" intro="The players of your linked accounts: what they are doing, and their settings.">
            {loaded(page, "your players", |page| view! { <Household page=HouseholdPage::Devices(page)/> })}
        </HouseholdRoute>
    }
}

#[component]
pub fn AccountsRoute() -> impl IntoView {
    let page = Resource::new(|| (), |_| accounts_page());
    view! {
        <HouseholdRoute title="Player accounts" intro="Link the account your family uses on its players; Cardsmith can then publish cards to it, import its cards and control its players. Your password is never seen here, and the account's keys stay on this server, encrypted.">
            {loaded(page, "your player accounts", |page| view! { <Household page=HouseholdPage::Accounts(page)/> })}
        </HouseholdRoute>
    }
}

/// `/import?account=…`: the account picked in the address, or the first linked one.
#[component]
pub fn ImportRoute() -> impl IntoView {
    let query = use_query_map();
    let page = Resource::new(move || query.read().get("account"), import_page);
    view! {
        <HouseholdRoute title="Import from a player account" intro="Bring cards you made elsewhere into Cardsmith: their audio, chapter icons and cover. Purchased and streaming cards are not listed.">
            {loaded(page, "the account's cards", |page| view! { <Household page=HouseholdPage::Import(page)/> })}
        </HouseholdRoute>
    }
}

#[component]
pub fn SettingsRoute() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    view! {
        <HouseholdRoute title="Settings">
            {me.get().map(|user| view! { <Household page=HouseholdPage::Settings(user)/> })}
        </HouseholdRoute>
    }
}

/// An administrators' page, the one place the admin check is written: its title and heading
/// (unless `untitled`: the panel heads itself), then for an admin `children` (tabs, a line
/// saying what the page is for) and the `panels`, and for anybody else a warning that
/// only admins can do `task` here.
#[component]
fn AdminRoute(
    title: &'static str,
    /// What only admins may do here, as the warning says it: "read the audit log".
    task: &'static str,
    panels: Vec<AdminPanel>,
    #[prop(optional)] untitled: bool,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let is_admin = move || me.get().is_some_and(|u| u.is_admin());
    view! {
        <Title text=title/>
        {(!untitled).then(|| view! { <h1 class="text-2xl font-bold">{title}</h1> })}
        <Show
            when=is_admin
            fallback=move || view! {
                <Feedback tone=Tone::Warning alert=true class="mt-6">{format!("Only admins can {task}.")}</Feedback>
            }
        >
            {children.as_ref().map(|children| children())}
            {panels.iter().cloned().map(|panel| view! { <Admin panel/> }).collect_view()}
        </Show>
    }
}

#[component]
pub fn AdminUsersRoute() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let panels = me.get().map(AdminPanel::Users).into_iter().collect();
    view! { <AdminRoute title="Users" task="manage users" panels/> }
}

#[component]
pub fn AdminAuditRoute() -> impl IntoView {
    view! { <AdminRoute title="Audit log" task="read the audit log" panels=vec![AdminPanel::AuditLog]/> }
}

#[component]
pub fn AdminHealthRoute() -> impl IntoView {
    let panels = vec![AdminPanel::Health, AdminPanel::ExampleContent];
    view! { <AdminRoute title="Health" task="see the instance's health" panels/> }
}

#[component]
pub fn AdminDeletionRequestsRoute() -> impl IntoView {
    view! {
        <AdminRoute title="Deletion requests" task="manage account deletion" panels=vec![AdminPanel::DeletionRequests]>
            <admin_deletion::Tabs/>
        </AdminRoute>
    }
}

#[component]
pub fn AdminOrphanedCollectionsRoute() -> impl IntoView {
    view! {
        <AdminRoute title="Orphaned collections" task="manage account deletion" panels=vec![AdminPanel::OrphanedCollections]>
            <admin_deletion::Tabs/>
        </AdminRoute>
    }
}

#[component]
pub fn AdminAiProvidersRoute() -> impl IntoView {
    view! {
        <AdminRoute title="AI providers" task="manage the instance's AI providers" panels=vec![AdminPanel::AiProviders]>
            <p class="mt-1 mb-6 max-w-prose text-slate-600">
                "Providers the instance pays for. Users add their own under Settings; theirs are tried first."
            </p>
        </AdminRoute>
    }
}

#[component]
pub fn AdminMailRoute() -> impl IntoView {
    view! { <AdminRoute title="Mail outbox" task="read the mail outbox" panels=vec![AdminPanel::MailOutbox]/> }
}

/// `/admin/mail/:id`: one message, its subject its heading.
#[component]
pub fn AdminMailMessageRoute() -> impl IntoView {
    let id = use_params_map().with_untracked(|p| p.get("id").unwrap_or_default());
    view! {
        <a href="/admin/mail" class="text-sm font-medium text-indigo-700 hover:underline">"← Mail outbox"</a>
        <AdminRoute title="Mail" task="read the mail outbox" untitled=true panels=vec![AdminPanel::MailMessage(id)]/>
    }
}

/// `/admin/jobs?status=…&kind=…&page=…`: the list reads its filters from the address.
#[component]
pub fn AdminJobsRoute() -> impl IntoView {
    view! {
        <AdminRoute title="Jobs" task="see and manage the instance's jobs" panels=vec![AdminPanel::Jobs]>
            <p class="mt-1 max-w-prose text-slate-600">
                "Everything the server does in the background: converting and editing audio, publishing, imports, mail. Cancel what should not run; retry what failed."
            </p>
        </AdminRoute>
    }
}
