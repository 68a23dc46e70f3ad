//! The app bar: brand, main navigation (a menu on phones), the administrators' pages under
//! one Admin menu, who is signed in, sign out. An island (the menus and sign-out answer
//! clicks and Escape); the server tells it who is signed in and which page it is on.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;

use crate::api::Logout;
use crate::components::layout::CurrentUser;

/// The pages every signed-in person has, in the bar's order, with their names.
fn links() -> [(&'static str, String); 7] {
    [
        ("/cards", tr!("nav-cards")),
        ("/collections", tr!("nav-collections")),
        ("/labels", tr!("nav-labels")),
        ("/devices", tr!("nav-devices")),
        ("/import", tr!("nav-import")),
        ("/accounts", tr!("nav-accounts")),
        ("/settings", tr!("nav-settings")),
    ]
}

/// The administrators' pages, in the Admin menu after the others.
fn admin_links() -> [(&'static str, String); 8] {
    [
        ("/admin/users", tr!("nav-admin-users")),
        ("/admin/audit-log", tr!("nav-admin-audit-log")),
        ("/admin/health", tr!("nav-admin-health")),
        ("/admin/backups", tr!("nav-admin-backups")),
        ("/admin/jobs", tr!("nav-admin-jobs")),
        ("/admin/deletion-requests", tr!("nav-admin-deletions")),
        ("/admin/mail", tr!("nav-admin-mail")),
        ("/admin/ai-providers", tr!("nav-admin-ai-providers")),
    ]
}

#[island]
pub fn AppBar(user: UserOut, path: String) -> impl IntoView {
    let menu_open = RwSignal::new(false);
    let admin_open = RwSignal::new(false);
    let menu_button = NodeRef::<leptos::html::Button>::new();
    let admin_button = NodeRef::<leptos::html::Button>::new();
    let is_admin = user.is_admin();
    let in_admin = path.starts_with("/admin");
    let me = CurrentUser::in_island(user);
    let link = {
        let path = path.clone();
        move |href: &'static str, label: String| {
            view! { <NavLink href label current=path_is(&path, href)/> }
        }
    };
    let logout = ServerAction::<Logout>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = logout.value().get() {
            let _ = window().location().set_href("/login");
        }
    });
    // Escape closes the innermost open menu and gives the focus back to its button.
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() != "Escape" {
            return;
        }
        let (open, button) = if admin_open.get_untracked() {
            (admin_open, admin_button)
        } else if menu_open.get_untracked() {
            (menu_open, menu_button)
        } else {
            return;
        };
        open.set(false);
        if let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    };
    let admin_menu = is_admin.then(|| {
        let links = admin_links().map(|(href, label)| link(href, label));
        view! {
            <div class="md:relative">
                <button type="button" node_ref=admin_button aria-controls="admin-nav"
                    aria-expanded=move || admin_open.get().to_string()
                    aria-current=in_admin.then_some("true")
                    class="flex w-full items-center justify-between gap-1 rounded-lg px-3 py-3 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-[current=true]:text-indigo-700 md:w-auto md:py-2"
                    on:click=move |_| admin_open.update(|open| *open = !*open)>
                    {tr!("nav-admin")} <span aria-hidden="true">{move || if admin_open.get() { "▴" } else { "▾" }}</span>
                </button>
                <div id="admin-nav" class=move || {
                    let shown = if admin_open.get() { "flex" } else { "hidden" };
                    format!("{shown} flex-col gap-1 border-l-2 border-slate-100 pl-3 md:absolute md:right-0 md:z-20 md:mt-1 md:w-52 md:rounded-xl md:border md:border-slate-200 md:bg-white md:p-1 md:shadow-lg")
                }>
                    {links.into_iter().collect_view()}
                </div>
            </div>
        }
    });

    view! {
        <header class="border-b border-slate-200 bg-white" on:keydown=on_keydown>
            <div class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
                <a href="/cards" class="flex min-h-11 items-center gap-2 text-lg font-bold text-indigo-700">
                    <img src="/favicon.svg" alt="" class="h-7 w-7"/>
                    "Cardsmith"
                </a>
                <button
                    type="button"
                    node_ref=menu_button
                    class="ml-auto min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium md:hidden"
                    aria-controls="main-nav"
                    aria-expanded=move || menu_open.get().to_string()
                    on:click=move |_| menu_open.update(|open| *open = !*open)
                >
                    {tr!("nav-menu")}
                </button>
                <nav
                    id="main-nav"
                    aria-label=tr!("nav-main")
                    class=move || {
                        let shown = if menu_open.get() { "flex" } else { "hidden" };
                        format!("{shown} w-full flex-col gap-1 md:flex md:w-auto md:flex-row md:items-center")
                    }
                >
                    {links().map(|(href, label)| link(href, label)).into_iter().collect_view()}
                    {admin_menu}
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
                        class="min-h-11 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 md:min-h-0 md:py-1.5"
                        on:click=move |_| { logout.dispatch(Logout {}); }
                    >
                        {tr!("nav-sign-out")}
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
fn NavLink(href: &'static str, label: String, current: bool) -> impl IntoView {
    view! {
        <a
            href=href
            aria-current=current.then_some("page")
            class="rounded-lg px-3 py-3 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700 md:py-2"
        >
            {label}
        </a>
    }
}
