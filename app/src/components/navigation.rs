//! The app bar: brand, main navigation (a menu on phones), who is signed in, sign out. An
//! island (the menu and sign-out answer clicks); the server tells it who is signed in and
//! which page it is on.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;

use crate::api::Logout;
use crate::components::layout::CurrentUser;

/// The pages every signed-in person has, in the bar's order.
const LINKS: [(&str, &str); 7] = [
    ("/cards", "Cards"),
    ("/collections", "Collections"),
    ("/labels", "Labels"),
    ("/devices", "Devices"),
    ("/import", "Import"),
    ("/accounts", "Accounts"),
    ("/settings", "Settings"),
];

/// The administrators' pages, after the others.
const ADMIN_LINKS: [(&str, &str); 6] = [
    ("/admin/users", "Admin"),
    ("/admin/audit-log", "Audit log"),
    ("/admin/health", "Health"),
    ("/admin/deletion-requests", "Deletions"),
    ("/admin/mail", "Mail"),
    ("/admin/ai-providers", "AI providers"),
];

#[island]
pub fn AppBar(user: UserOut, path: String) -> impl IntoView {
    let menu_open = RwSignal::new(false);
    let is_admin = user.is_admin();
    let me = CurrentUser::in_island(user);
    let link = move |href: &'static str, label: &'static str| {
        view! { <NavLink href label current=path_is(&path, href)/> }
    };
    let logout = ServerAction::<Logout>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = logout.value().get() {
            let _ = window().location().set_href("/login");
        }
    });

    view! {
        <header class="border-b border-slate-200 bg-white">
            <div class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
                <a href="/cards" class="flex items-center gap-2 text-lg font-bold text-indigo-700">
                    <img src="/favicon.svg" alt="" class="h-7 w-7"/>
                    "Cardsmith"
                </a>
                <button
                    type="button"
                    class="ml-auto rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium md:hidden"
                    aria-controls="main-nav"
                    aria-expanded=move || menu_open.get().to_string()
                    on:click=move |_| menu_open.update(|open| *open = !*open)
                >
                    "Menu"
                </button>
                <nav
                    id="main-nav"
                    aria-label="Main"
                    class=move || {
                        let shown = if menu_open.get() { "flex" } else { "hidden" };
                        format!("{shown} w-full flex-col gap-1 md:flex md:w-auto md:flex-row md:items-center")
                    }
                >
                    {LINKS.iter().chain(is_admin.then_some(&ADMIN_LINKS).into_iter().flatten())
                        .map(|(href, label)| link(href, label))
                        .collect_view()}
                </nav>
                <div class=move || {
                    let shown = if menu_open.get() { "flex" } else { "hidden" };
                    format!("{shown} w-full items-center justify-between gap-3 border-t border-slate-100 pt-2 md:ml-auto md:flex md:w-auto md:border-0 md:pt-0")
                }>
                    <span data-testid="user-name" class="text-sm font-medium text-slate-700">
                        {move || me.get().map(|u| u.display_name)}
                    </span>
                    <button
                        type="button"
                        class="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
                        on:click=move |_| { logout.dispatch(Logout {}); }
                    >
                        "Sign out"
                    </button>
                </div>
            </div>
        </header>
    }
}

/// Whether `href` is the page at `path` (as the router's links mark themselves).
fn path_is(path: &str, href: &str) -> bool {
    path.trim_end_matches('/') == href
}

#[component]
fn NavLink(href: &'static str, label: &'static str, current: bool) -> impl IntoView {
    view! {
        <a
            href=href
            aria-current=current.then_some("page")
            class="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700"
        >
            {label}
        </a>
    }
}
