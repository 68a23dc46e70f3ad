//! The Cardsmith UI: routes, pages and the server functions they call.
//!
//! Pages render on the server; only their islands hydrate in the browser ([`islands`]).
//! Server functions (under `/rpc`) run their bodies on the server, where they call the same
//! `cardsmith-core` services as the REST API; in the browser they are HTTP calls.
#![recursion_limit = "256"]

mod address;
#[macro_use]
mod i18n;
pub mod api;
mod components;
mod islands;
mod pages;

pub use i18n::locale as page_locale;
use leptos::prelude::*;
use leptos_meta::{provide_meta_context, MetaTags, Title};
use leptos_router::components::{ParentRoute, Redirect, Route, Router, Routes};
use leptos_router::{path, SsrMode};

/// The HTML document around the app.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        <html lang=i18n::locale().code()>
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <meta name="color-scheme" content="light"/>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                <link rel="stylesheet" id="leptos" href=stylesheet_href(&options)/>
                <AutoReload options=options.clone()/>
                <islands::IslandScripts options/>
                <MetaTags/>
            </head>
            <body class="min-h-screen bg-slate-50 text-slate-900 antialiased">
                <App/>
            </body>
        </html>
    }
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        // leptos_meta writes the formatted title into `<title>` unescaped, and it renders on
        // the server only (outside every island): a card titled `</title><script>…` stays text.
        <Title formatter=|page: String| html_escape::encode_text(&page_title(&page)).into_owned()/>
        <Router>
            <Routes fallback=pages::not_found::NotFound>
                <Route path=path!("/login") ssr=SsrMode::Async view=pages::groups::LoginRoute/>
                <Route path=path!("/forgot-password") ssr=SsrMode::Async view=pages::groups::ForgotPasswordRoute/>
                <Route path=path!("/reset-password") ssr=SsrMode::Async view=pages::groups::ResetPasswordRoute/>
                <Route path=path!("/verify-email") ssr=SsrMode::Async view=pages::groups::VerifyEmailRoute/>
                <Route path=path!("/link-player") ssr=SsrMode::Async view=pages::groups::LinkPlayerRoute/>
                <ParentRoute path=path!("") ssr=SsrMode::Async view=pages::frame::Frame>
                    <Route path=path!("") ssr=SsrMode::Async view=|| view! { <Redirect path="/cards"/> }/>
                    <Route path=path!("cards") ssr=SsrMode::Async view=pages::library::CardsPage/>
                    <Route path=path!("cards/:slug") ssr=SsrMode::Async view=pages::card::CardPage/>
                    <Route path=path!("collections") ssr=SsrMode::Async view=pages::library::CollectionsPage/>
                    <Route path=path!("collections/:slug") ssr=SsrMode::Async view=pages::collection::CollectionPage/>
                    <Route path=path!("labels") ssr=SsrMode::Async view=pages::groups::LabelsRoute/>
                    <Route path=path!("devices") ssr=SsrMode::Async view=pages::groups::DevicesRoute/>
                    <Route path=path!("accounts") ssr=SsrMode::Async view=pages::groups::AccountsRoute/>
                    <Route path=path!("import") ssr=SsrMode::Async view=pages::groups::ImportRoute/>
                    <Route path=path!("drop") ssr=SsrMode::Async view=pages::groups::DropRoute/>
                    <Route path=path!("settings") ssr=SsrMode::Async view=pages::groups::SettingsRoute/>
                    <Route path=path!("admin/users") ssr=SsrMode::Async view=pages::groups::AdminUsersRoute/>
                    <Route path=path!("admin/audit-log") ssr=SsrMode::Async view=pages::groups::AdminAuditRoute/>
                    <Route path=path!("admin/health") ssr=SsrMode::Async view=pages::groups::AdminHealthRoute/>
                    <Route path=path!("admin/backups") ssr=SsrMode::Async view=pages::groups::AdminBackupsRoute/>
                    <Route path=path!("admin/deletion-requests") ssr=SsrMode::Async view=pages::groups::AdminDeletionRequestsRoute/>
                    <Route path=path!("admin/orphaned-collections") ssr=SsrMode::Async view=pages::groups::AdminOrphanedCollectionsRoute/>
                    <Route path=path!("admin/ai-providers") ssr=SsrMode::Async view=pages::groups::AdminAiProvidersRoute/>
                    <Route path=path!("admin/jobs") ssr=SsrMode::Async view=pages::groups::AdminJobsRoute/>
                    <Route path=path!("admin/mail") ssr=SsrMode::Async view=pages::groups::AdminMailRoute/>
                    <Route path=path!("admin/mail/:id") ssr=SsrMode::Async view=pages::groups::AdminMailMessageRoute/>
                </ParentRoute>
            </Routes>
        </Router>
    }
}

/// The browser tab's title of a page titled `page` ("Cards · Cardsmith").
pub(crate) fn page_title(page: &str) -> String {
    if page.is_empty() {
        "Cardsmith".to_owned()
    } else {
        format!("{page} · Cardsmith")
    }
}

/// The stylesheet's URL: `cardsmith.css`, or the name with its content hash when the site
/// builder named the site's files by content (`hash-files`; `HydrationScripts` does the same for the JS and WASM).
fn stylesheet_href(options: &LeptosOptions) -> String {
    let (pkg, name) = (&options.site_pkg_dir, &options.output_name);
    match options
        .hash_files
        .then(|| built_asset_hash(options, "css"))
        .flatten()
    {
        Some(hash) => format!("/{pkg}/{name}.{hash}.css"),
        None => format!("/{pkg}/{name}.css"),
    }
}

/// The content hash the site builder (`scripts/build`) gave the built `kind` file (`js`,
/// `wasm` or `css`), from the hash file it writes beside the server binary; `None` without one. Read on every page, as
/// Leptos' own `HydrationScripts` does: `make dev` rebuilds the front end under a running
/// server, and a cached hash would name files that are gone.
pub fn built_asset_hash(options: &LeptosOptions, kind: &str) -> Option<String> {
    let dir = std::env::current_exe().ok()?.parent()?.to_path_buf();
    let hashes = std::fs::read_to_string(dir.join(options.hash_file.as_ref())).ok()?;
    hashes.lines().find_map(|line| {
        let (file_kind, hash) = line.split_once(':')?;
        (file_kind.trim() == kind).then(|| hash.trim().to_owned())
    })
}
