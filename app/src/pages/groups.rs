//! The islands of the page groups: one lazy island per group of pages, each page's
//! interactive body a variant of the group's page enum.
//!
//! Every `#[island(lazy)]` is a split point of the WASM, and the splitter cuts the code that
//! split points share into one module per set of points sharing it: one island per page (23)
//! made 630 modules, and `/cards` alone fetched 230 of them. So pages that are small or
//! visited together share one island, as they shared one lazy route before. Islands of their
//! own: the card and collection editors, the largest (`card::CardView`,
//! `collection::CollectionView`), and the two library pages (`library::AllCards`, the page
//! signing in lands on, whose module is kept to the library's controls, and
//! `library::AllCollections`). A page renders `<Group page=GroupPage::Variant(…)/>` with the
//! data the server loaded for it; the variant picks the body.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::api::{AccountsPageData, DevicesPageData, ImportPageData};

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
    use super::{login, recovery};
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
    use super::{accounts, devices, import, labels, settings};
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
}

#[island(lazy)]
pub fn Admin(panel: AdminPanel) -> impl IntoView {
    use super::{admin_audit, admin_deletion, admin_health, admin_mail, admin_users, ai_providers};
    use crate::components::examples;
    match panel {
        AdminPanel::Users(me) => view! { <admin_users::UserAdmin me/> }.into_any(),
        AdminPanel::AuditLog => view! { <admin_audit::AuditLog/> }.into_any(),
        AdminPanel::Health => view! { <admin_health::HealthDashboard/> }.into_any(),
        AdminPanel::ExampleContent => view! { <examples::ExampleContent/> }.into_any(),
        AdminPanel::DeletionRequests => view! { <admin_deletion::DeletionRequests/> }.into_any(),
        AdminPanel::OrphanedCollections => {
            view! { <admin_deletion::OrphanedCollections/> }.into_any()
        }
        AdminPanel::AiProviders => view! { <ai_providers::InstanceProviders/> }.into_any(),
        AdminPanel::MailOutbox => view! { <admin_mail::Outbox/> }.into_any(),
        AdminPanel::MailMessage(id) => view! { <admin_mail::MessageView id/> }.into_any(),
    }
}
