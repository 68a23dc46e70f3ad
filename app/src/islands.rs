//! How a page becomes interactive: only its islands do.
//!
//! Pages render on the server; the parts a person works with (forms, the library's search,
//! the recorder, the waveform editor, the publish dialog…) are inside `#[island]` components:
//! the app bar, and one lazy island per group of pages (`pages::groups`), each group's code in
//! a WASM module of its own (`#[island(lazy)]`; `scripts/build` splits the WASM by route). A
//! page ships the runtime and its group's module, nothing of the other pages, and a page with no island
//! loads no WASM at all.
//!
//! The script below replaces Leptos's `HydrationScripts`: it loads the WASM only when the
//! page has an island, hydrates the islands in document order (awaiting each lazy module),
//! and then marks `<html data-hydrated="true">`, which tests and styles use to know that the
//! controls answer.

use leptos::prelude::*;

/// The module script that hydrates the page's islands; put in the `<head>`.
#[component]
pub fn IslandScripts(options: LeptosOptions) -> impl IntoView {
    // Outside islands nothing is hydrated, so nothing outside them needs hydration markers
    // or serialized resources (what `HydrationScripts` does in islands mode).
    if let Some(context) = Owner::current_shared_context() {
        context.set_is_hydrating(false);
    }
    let pkg = format!("/{}", options.site_pkg_dir);
    let name = options.output_name.to_string();
    let (js, wasm) = if options.hash_files {
        let hashed = |kind| {
            crate::built_asset_hash(&options, kind)
                .map(|hash| format!("{name}.{hash}"))
                .unwrap_or_else(|| name.clone())
        };
        (hashed("js"), hashed("wasm"))
    } else {
        (name.clone(), format!("{name}_bg"))
    };
    let script = format!(
        "{SCRIPT}({:?}, {:?}, {:?});",
        format!("{pkg}/{js}.js"),
        format!("{pkg}/{wasm}.wasm"),
        cardsmith_i18n::messages_path(crate::i18n::locale()),
    );
    // the page's Content-Security-Policy runs inline scripts by this nonce only
    let nonce = leptos::nonce::use_nonce();
    view! { <script type="module" nonce=nonce>{script}</script> }
}

/// Keeps the browser tab's title on `page` while an island edits it (a card's title, a
/// collection's name): the page's `<Title>` renders on the server, outside the island. An
/// effect, so it runs in the browser only.
pub fn follow_page_title(page: impl Fn() -> String + 'static) {
    Effect::new(move |_| document().set_title(&crate::page_title(&page())));
}

/// True once the island is live in the browser. Effects run there only, after hydration, so
/// the server and the hydrating island both draw what goes with `false`: a part drawn when it
/// turns true is never in the server's HTML, and hydration always matches.
pub fn live() -> ReadSignal<bool> {
    let (live, set_live) = signal(false);
    Effect::new(move |_| set_live.set(true));
    live
}

/// `condition`, latched: true from the first time it holds, for good. A part drawn when first
/// shown stays drawn when hidden again, with what was typed in it.
pub fn once_true(condition: impl Fn() -> bool + Send + Sync + 'static) -> Memo<bool> {
    Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || condition())
}

/// Loads the WASM if the page has islands, with the page's language's messages fetched
/// beside it (`cardsmith_i18n::messages_path`: the WASM carries no words), hydrates each
/// island (a lazy island's hydrate function returns a promise: its module loads first), then
/// sets the marker. Islands are never nested here (an island's children would need Leptos's
/// own hand-over between the two). Each phase ends with a `performance.mark`
/// (`cardsmith:js`, `:wasm`, `:words`, `:hydrate`, then `:island:<name>`), so a browser's
/// performance panel, and the phone measurement, can say where a page's time goes.
const SCRIPT: &str = r#"(async (js, wasm, messages) => {
  const mark = (name) => performance.mark('cardsmith:' + name);
  const done = () => { document.documentElement.dataset.hydrated = 'true'; };
  const islands = [...document.querySelectorAll('leptos-island')];
  if (islands.length === 0) { done(); return; }
  const words = fetch(messages).then((r) => (r.ok ? r.text() : Promise.reject(new Error(messages + ': ' + r.status))));
  const mod = await import(js);
  mark('js');
  await mod.default({ module_or_path: wasm });
  mark('wasm');
  mod.load_messages(await words);
  mark('words');
  mod.hydrate();
  mark('hydrate');
  for (const island of islands) {
    const name = island.dataset.component;
    const hydrate = mod[name];
    if (hydrate) { await hydrate(island); mark('island:' + name); }
    else { console.warn('no WASM function for the island ' + name); }
  }
  done();
})"#;
