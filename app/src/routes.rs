//! The pages, loaded on demand: `cargo leptos build --split` puts each group's view code in a
//! WASM module of its own (`split_<group>_…wasm`, plus the `chunk_…wasm` modules it shares
//! with other groups), fetched the first time one of its pages is shown. The main module keeps
//! the router, the signed-in frame (its app bar), the redirect from `/` and "not found".
//!
//! Pages are grouped, not split one by one: every split point multiplies the shared chunks
//! (one per set of split points that use a piece of code), and one module per page made the
//! first page fetch over 200 files, most under 1 KB. A group holds pages that are small or
//! visited together; the card and collection editors, the largest, are groups of their own.
//!
//! A lazy page's module is loaded before the page hydrates (the frontend awaits every matched
//! route's module in `hydrate_from_async`, then hydrates synchronously), and the server names
//! the modules of the page it renders in `<link rel="modulepreload">`, so a full reload of a
//! lazy page hydrates like any other.

use leptos::lazy;
use leptos::prelude::*;
use leptos_router::LazyRoute;

use crate::pages;

/// `groups! { Group(view_fn, preload_fn) { Route => page::Component, … } … }`: per group an
/// enum of its pages and one lazy function (the split point) that renders any of them; per
/// page a `LazyRoute` whose view calls that function. `preload_fn` is the name `#[lazy]` gives
/// the function that only loads the module (`__preload_<view_fn>`). The routes have no data
/// of their own: each page loads its data with the resources it creates, as when not lazy.
macro_rules! groups {
    ($($group:ident($view:ident, $preload:ident) { $($route:ident => $page:path),* $(,)? })*) => {$(
        // the variants are the routes' names (`Admin::AdminUsers`)
        #[allow(clippy::enum_variant_names)]
        #[derive(Clone, Copy)]
        enum $group {
            $($route),*
        }

        #[lazy]
        fn $view(page: $group) -> AnyView {
            match page {
                // as `view=Component` does: the component's function, called
                $($group::$route => $page().into_any()),*
            }
        }

        $(
            #[doc = concat!("`", stringify!($page), "`, loaded on demand with the `",
                stringify!($group), "` pages.")]
            pub struct $route;

            impl LazyRoute for $route {
                fn data() -> Self {
                    $route
                }

                async fn view(_this: Self) -> AnyView {
                    $view($group::$route).await
                }

                async fn preload() {
                    // the server renders every page itself (it has no modules to load)
                    #[cfg(target_arch = "wasm32")]
                    $preload().await;
                }
            }
        )*
    )*};
}

groups! {
    SignedOut(signed_out_pages, __preload_signed_out_pages) {
        Login => pages::login::LoginPage,
        ForgotPassword => pages::recovery::ForgotPasswordPage,
        ResetPassword => pages::recovery::ResetPasswordPage,
        VerifyEmail => pages::recovery::VerifyEmailPage,
    }
    Library(library_pages, __preload_library_pages) {
        Cards => pages::library::CardsPage,
        Collections => pages::library::CollectionsPage,
    }
    CardEditor(card_editor_page, __preload_card_editor_page) {
        Card => pages::card::CardPage,
    }
    CollectionEditor(collection_editor_page, __preload_collection_editor_page) {
        Collection => pages::collection::CollectionPage,
    }
    Household(household_pages, __preload_household_pages) {
        Labels => pages::labels::LabelsPage,
        Devices => pages::devices::DevicesPage,
        Accounts => pages::accounts::AccountsPage,
        Import => pages::import::ImportPage,
        Settings => pages::settings::SettingsPage,
    }
    Admin(admin_pages, __preload_admin_pages) {
        AdminUsers => pages::admin_users::AdminUsersPage,
        AdminAudit => pages::admin_audit::AdminAuditPage,
        AdminHealth => pages::admin_health::AdminHealthPage,
        AdminDeletionRequests => pages::admin_deletion::AdminDeletionRequestsPage,
        AdminOrphanedCollections => pages::admin_deletion::AdminOrphanedCollectionsPage,
        AdminAiProviders => pages::ai_providers::AdminAiProvidersPage,
        AdminMail => pages::admin_mail::AdminMailPage,
        AdminMailMessage => pages::admin_mail::AdminMailMessagePage,
    }
}
