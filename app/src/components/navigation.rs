//! The app bar: brand, main navigation (a menu on phones), who is signed in, sign out.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;

use crate::api::Logout;

const LINKS: [(&str, &str); 7] = [
    ("/cards", "Cards"),
    ("/collections", "Collections"),
    ("/labels", "Labels"),
    ("/devices", "Devices"),
    ("/import", "Import"),
    ("/accounts", "Accounts"),
    ("/settings", "Settings"),
];

#[component]
pub fn AppBar(user: Signal<Option<UserOut>>) -> impl IntoView {
    let menu_open = RwSignal::new(false);
    let location = use_location();
    // Following a link closes the phone menu.
    Effect::new(move |_| {
        location.pathname.track();
        menu_open.set(false);
    });
    let is_admin = move || user.get().is_some_and(|u| u.is_admin());
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
                    {LINKS
                        .iter()
                        .map(|(href, label)| view! { <NavLink href=*href label=*label/> })
                        .collect_view()}
                    <Show when=is_admin>
                        <NavLink href="/admin/users" label="Admin"/>
                        <NavLink href="/admin/audit-log" label="Audit log"/>
                        <NavLink href="/admin/health" label="Health"/>
                        <NavLink href="/admin/deletion-requests" label="Deletions"/>
                        <NavLink href="/admin/mail" label="Mail"/>
                        <NavLink href="/admin/ai-providers" label="AI providers"/>
                    </Show>
                </nav>
                <div class=move || {
                    let shown = if menu_open.get() { "flex" } else { "hidden" };
                    format!("{shown} w-full items-center justify-between gap-3 border-t border-slate-100 pt-2 md:ml-auto md:flex md:w-auto md:border-0 md:pt-0")
                }>
                    <span data-testid="user-name" class="text-sm font-medium text-slate-700">
                        {move || user.get().map(|u| u.display_name).unwrap_or_default()}
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

#[component]
fn NavLink(href: &'static str, label: &'static str) -> impl IntoView {
    view! {
        <A
            href=href
            attr:class="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700"
        >
            {label}
        </A>
    }
}
