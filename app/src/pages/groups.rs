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
    accounts, admin_audit, admin_backups, admin_deletion, admin_health, admin_jobs, admin_mail,
    admin_users, devices, drop, import, labels, login, recovery, settings,
};
use crate::api::{
    accounts_page, current_user, devices_page, drop_page, import_page, AccountsPageData,
    DevicesPageData, ImportPageData,
};
use crate::components::ai_providers::{AiProvidersSection, Owner};
use crate::components::examples;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{loaded, CurrentUser};
use drop::DropPageData;

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

/// The household's pages: labels, players, accounts, import, adding a folder, settings.
#[derive(Clone, Serialize, Deserialize)]
pub enum HouseholdPage {
    Labels,
    Devices(DevicesPageData),
    Accounts(AccountsPageData),
    Import(ImportPageData),
    Drop(DropPageData),
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
        HouseholdPage::Drop(page) => view! { <drop::DropView page/> }.into_any(),
        HouseholdPage::Settings(user) => view! { <settings::SettingsForms user/> }.into_any(),
    }
}

/// The administrators' panels.
#[derive(Clone, Serialize, Deserialize)]
pub enum AdminPanel {
    /// The signed-in admin, who cannot demote or deactivate themselves.
    Users(Box<UserOut>),
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
    Backups,
}

#[island(lazy)]
pub fn Admin(panel: AdminPanel) -> impl IntoView {
    match panel {
        AdminPanel::Users(me) => view! { <admin_users::UserAdmin me=*me/> }.into_any(),
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
        AdminPanel::Backups => view! { <admin_backups::Backups/> }.into_any(),
    }
}

/// A page of the signed-out frame: its title, and its form in the signed-out island.
#[component]
fn SignedOutRoute(title: String, page: SignedOutPage) -> impl IntoView {
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
        <Title text=tr!("signin-title")/>
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
    view! { <SignedOutRoute title=tr!("title-forgot-password") page=SignedOutPage::ForgotPassword/> }
}

#[component]
pub fn ResetPasswordRoute() -> impl IntoView {
    view! { <SignedOutRoute title=tr!("title-reset-password") page=SignedOutPage::ResetPassword/> }
}

#[component]
pub fn VerifyEmailRoute() -> impl IntoView {
    view! { <SignedOutRoute title=tr!("title-verify-email") page=SignedOutPage::VerifyEmail/> }
}

#[component]
pub fn LinkPlayerRoute() -> impl IntoView {
    view! { <SignedOutRoute title=tr!("title-link-player") page=SignedOutPage::LinkPlayer/> }
}

/// A household page: its title, heading and the line saying what it is for, then `children`
/// (the page in the `Household` island). The frame has already checked the session.
#[component]
fn HouseholdRoute(
    title: String,
    #[prop(optional, into)] intro: Option<String>,
    children: Children,
) -> impl IntoView {
    view! {
        <Title text=title.clone()/>
        <h1 class="text-2xl font-bold">{title}</h1>
        {intro.map(|intro| view! { <p class="mt-1 max-w-prose text-slate-600">{intro}</p> })}
        <div class="mt-6">{children()}</div>
    }
}

/// `/labels`: the workbench writes its own heading (it is all one island).
#[component]
pub fn LabelsRoute() -> impl IntoView {
    view! {
        <Title text=tr!("nav-labels")/>
        <Household page=HouseholdPage::Labels/>
    }
}

#[component]
pub fn DevicesRoute() -> impl IntoView {
    let page = Resource::new(|| (), |_| devices_page());
    view! {
        <HouseholdRoute title=tr!("devices-title") intro=tr!("devices-intro")>
            {loaded(page, tr!("loading-players"), |page| view! { <Household page=HouseholdPage::Devices(page)/> })}
        </HouseholdRoute>
    }
}

#[component]
pub fn AccountsRoute() -> impl IntoView {
    let page = Resource::new(|| (), |_| accounts_page());
    view! {
        <HouseholdRoute title=tr!("accounts-title") intro=tr!("accounts-intro")>
            {loaded(page, tr!("loading-player-accounts"), |page| view! { <Household page=HouseholdPage::Accounts(page)/> })}
        </HouseholdRoute>
    }
}

/// `/import?account=…`: the account picked in the address, or the first linked one.
#[component]
pub fn ImportRoute() -> impl IntoView {
    let query = use_query_map();
    let page = Resource::new(move || query.read().get("account"), import_page);
    view! {
        <HouseholdRoute title=tr!("import-title") intro=tr!("import-intro")>
            {loaded(page, tr!("loading-account-cards"), |page| view! { <Household page=HouseholdPage::Import(page)/> })}
        </HouseholdRoute>
    }
}

#[component]
pub fn DropRoute() -> impl IntoView {
    let query = use_query_map();
    let page = Resource::new(
        move || query.with(|q| (q.get("collection"), q.get("drop"))),
        |(collection, drop)| drop_page(collection, drop),
    );
    view! {
        <HouseholdRoute title=tr!("drop-title") intro=tr!("drop-intro")>
            {loaded(page, tr!("drop-loading"), |page| view! { <Household page=HouseholdPage::Drop(page)/> })}
        </HouseholdRoute>
    }
}

#[component]
pub fn SettingsRoute() -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    view! {
        <HouseholdRoute title=tr!("nav-settings")>
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
    title: String,
    /// The warning anybody else sees: "Only admins can read the audit log." (`admin-only-*`).
    refusal: String,
    panels: Vec<AdminPanel>,
    #[prop(optional)] untitled: bool,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let is_admin = move || me.get().is_some_and(|u| u.is_admin());
    view! {
        <Title text=title.clone()/>
        {(!untitled).then(|| view! { <h1 class="text-2xl font-bold">{title}</h1> })}
        <Show
            when=is_admin
            fallback=move || {
                let refusal = refusal.clone();
                view! { <Feedback tone=Tone::Warning alert=true class="mt-6">{refusal}</Feedback> }
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
    let panels = me
        .get()
        .map(|me| AdminPanel::Users(Box::new(me)))
        .into_iter()
        .collect();
    view! { <AdminRoute title=tr!("nav-admin-users") refusal=tr!("admin-only-users") panels/> }
}

#[component]
pub fn AdminAuditRoute() -> impl IntoView {
    view! { <AdminRoute title=tr!("nav-admin-audit-log") refusal=tr!("admin-only-audit-log") panels=vec![AdminPanel::AuditLog]/> }
}

#[component]
pub fn AdminHealthRoute() -> impl IntoView {
    let panels = vec![AdminPanel::Health, AdminPanel::ExampleContent];
    view! { <AdminRoute title=tr!("nav-admin-health") refusal=tr!("admin-only-health") panels/> }
}

#[component]
pub fn AdminBackupsRoute() -> impl IntoView {
    view! { <AdminRoute title=tr!("nav-admin-backups") refusal=tr!("admin-only-backups") panels=vec![AdminPanel::Backups]/> }
}

#[component]
pub fn AdminDeletionRequestsRoute() -> impl IntoView {
    view! {
        <AdminRoute title=tr!("admin-deletion-requests-title") refusal=tr!("admin-only-deletion") panels=vec![AdminPanel::DeletionRequests]>
            <admin_deletion::Tabs/>
        </AdminRoute>
    }
}

#[component]
pub fn AdminOrphanedCollectionsRoute() -> impl IntoView {
    view! {
        <AdminRoute title=tr!("admin-orphaned-title") refusal=tr!("admin-only-deletion") panels=vec![AdminPanel::OrphanedCollections]>
            <admin_deletion::Tabs/>
        </AdminRoute>
    }
}

#[component]
pub fn AdminAiProvidersRoute() -> impl IntoView {
    view! {
        <AdminRoute title=tr!("nav-admin-ai-providers") refusal=tr!("admin-only-ai-providers") panels=vec![AdminPanel::AiProviders]>
            <p class="mt-1 mb-6 max-w-prose text-slate-600">
                {tr!("admin-ai-providers-intro")}
            </p>
        </AdminRoute>
    }
}

#[component]
pub fn AdminMailRoute() -> impl IntoView {
    view! { <AdminRoute title=tr!("admin-mail-title") refusal=tr!("admin-only-mail") panels=vec![AdminPanel::MailOutbox]/> }
}

/// `/admin/mail/:id`: one message, its subject its heading.
#[component]
pub fn AdminMailMessageRoute() -> impl IntoView {
    let id = use_params_map().with_untracked(|p| p.get("id").unwrap_or_default());
    view! {
        <a href="/admin/mail" class="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline">{tr!("admin-mail-back")}</a>
        <AdminRoute title=tr!("nav-admin-mail") refusal=tr!("admin-only-mail") untitled=true panels=vec![AdminPanel::MailMessage(id)]/>
    }
}

/// `/admin/jobs?status=…&kind=…&page=…`: the list reads its filters from the address.
#[component]
pub fn AdminJobsRoute() -> impl IntoView {
    view! {
        <AdminRoute title=tr!("nav-admin-jobs") refusal=tr!("admin-only-jobs") panels=vec![AdminPanel::Jobs]>
            <p class="mt-1 max-w-prose text-slate-600">
                {tr!("admin-jobs-intro")}
            </p>
        </AdminRoute>
    }
}
