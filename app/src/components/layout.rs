//! Page furniture shared by the authoring screens: titled panels, empty states, badges, the
//! loading/error frame around server data, the role checks that decide what is editable, and
//! the signed-in user every page and island reads.

use cardsmith_model::user::UserOut;
use cardsmith_model::validate::CollectionRole;
use leptos::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::api::UiError;
use crate::components::form::{Feedback, Tone};

/// Classes of a white card-like panel; phones get less padding to keep the width for content.
pub const PANEL: &str =
    "space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/// A secondary (outlined) button.
pub const BUTTON: &str = "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:opacity-60";

/// A destructive outlined button.
pub const DANGER_BUTTON: &str = "inline-flex min-h-11 items-center justify-center rounded-lg border border-rose-300 bg-white px-3 py-2 text-sm font-semibold text-rose-700 hover:bg-rose-50 focus:outline-none focus:ring-2 focus:ring-rose-200 disabled:opacity-60";

/// A `<section>` named by its heading, so screen readers list it as a landmark region.
#[component]
pub fn Panel(
    /// Prefix of the heading id; unique on the page.
    id: &'static str,
    #[prop(into)] title: String,
    #[prop(optional, into)] intro: Option<String>,
    children: Children,
) -> impl IntoView {
    let heading = format!("{id}-heading");
    let labelled_by = heading.clone();
    // inside a folded section the section is the card: no second border, a smaller heading
    if let Some(flat) = use_context::<crate::components::disclosure::FlatPanels>() {
        let heading_class = if flat.within == title {
            "sr-only"
        } else {
            "text-base font-semibold"
        };
        return view! {
            <section aria-labelledby=labelled_by class="space-y-4">
                <h3 id=heading class=heading_class>{title}</h3>
                {intro.map(|t| view! { <p class="text-sm text-slate-600">{t}</p> })}
                {children()}
            </section>
        }
        .into_any();
    }
    view! {
        <section aria-labelledby=labelled_by class=PANEL>
            <h2 id=heading class="text-lg font-semibold">{title}</h2>
            {intro.map(|t| view! { <p class="text-sm text-slate-600">{t}</p> })}
            {children()}
        </section>
    }
    .into_any()
}

/// What an empty list shows instead: what belongs here and the next step to take.
#[component]
pub fn EmptyBox(
    #[prop(into)] heading: String,
    #[prop(into)] body: String,
    /// An optional `(href, label)` link to the next step.
    #[prop(optional_no_strip)]
    next: Option<(&'static str, String)>,
) -> impl IntoView {
    view! {
        <div class="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <h2 class="text-lg font-semibold">{heading}</h2>
            <p class="mx-auto mt-2 max-w-prose text-slate-600">{body}</p>
            {next.map(|(href, label)| view! {
                <a href=href class="mt-4 inline-block font-medium text-indigo-700 hover:underline">{label}</a>
            })}
        </div>
    }
}

/// A small rounded label, e.g. "Default" or "Linked".
#[component]
pub fn Badge(
    text: String,
    #[prop(default = "bg-slate-100 text-slate-700")] tone: &'static str,
) -> impl IntoView {
    view! { <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium {tone}")>{text}</span> }
}

/// A job's progress bar: `fraction` of 0..1, announced as a percentage under `label`.
#[component]
pub fn ProgressBar(#[prop(into)] fraction: Signal<f64>, label: String) -> impl IntoView {
    let percent = move || (fraction.get().clamp(0.0, 1.0) * 100.0).round();
    view! {
        <div class="h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label=label
            aria-valuemin="0" aria-valuemax="100" aria-valuenow=percent>
            <div class="h-full bg-indigo-500" style:width=move || format!("{}%", percent())></div>
        </div>
    }
}

/// A collection role. On the caller's own role (`yours`) screen readers hear "Your role:"
/// first, so they learn why controls are (not) there.
#[component]
pub fn RoleBadge(role: Option<String>, #[prop(optional)] yours: bool) -> impl IntoView {
    let role = role_of(role.as_deref());
    let tone = match role {
        CollectionRole::Owner => "bg-indigo-50 text-indigo-700",
        CollectionRole::Editor => "bg-emerald-50 text-emerald-700",
        CollectionRole::Viewer => "bg-slate-100 text-slate-700",
    };
    let text = match role {
        CollectionRole::Owner => tr!("role-owner"),
        CollectionRole::Editor => tr!("role-editor"),
        CollectionRole::Viewer => tr!("role-viewer"),
    };
    view! {
        <span>
            {yours.then(|| view! { <span class="sr-only">{format!("{} ", tr!("role-yours"))}</span> })}
            <Badge text tone/>
        </span>
    }
}

/// The caller's role from a `viewer_role` field; anything unknown counts as the weakest.
pub fn role_of(role: Option<&str>) -> CollectionRole {
    role.and_then(CollectionRole::parse)
        .unwrap_or(CollectionRole::Viewer)
}

/// Whether a `viewer_role` allows changing things (editor or owner). The server decides in the
/// end; this only keeps controls that would fail with 403 off the page.
pub fn can_edit(role: Option<&str>) -> bool {
    role_of(role) >= CollectionRole::Editor
}

/// Bytes in the unit people of the page's language read: "740 KB", "3.2 MB", "3,2 Mo".
pub fn human_bytes(bytes: i64) -> String {
    cardsmith_i18n::bytes(crate::i18n::locale(), u64::try_from(bytes).unwrap_or(0))
}

/// A length in seconds as a clock reads it: "0:07", "3:25", "1:02:09"; "–" when unknown.
pub fn clock(seconds: Option<f64>) -> String {
    let Some(seconds) = seconds.filter(|s| s.is_finite() && *s >= 0.0) else {
        return "–".to_owned();
    };
    let total = seconds.round() as u64;
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A server message as a sentence: "sent pause to the player" → "Sent pause to the player".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// One of a few gradients, picked from `seed` so a collection or card keeps its colour.
pub fn tint(seed: &str) -> &'static str {
    const TINTS: [&str; 6] = [
        "from-indigo-400 to-sky-300",
        "from-rose-400 to-amber-300",
        "from-emerald-400 to-teal-300",
        "from-violet-400 to-fuchsia-300",
        "from-amber-400 to-orange-300",
        "from-sky-400 to-cyan-300",
    ];
    let sum = seed
        .bytes()
        .fold(0usize, |acc, b| acc.wrapping_mul(31).wrapping_add(b.into()));
    TINTS[sum % TINTS.len()]
}

/// Replaces `shown` with a fresh answer from the server after a change, in the background.
/// On failure what is shown stays: the action that asked for the refresh has already reported
/// its own outcome, and the next page load shows the truth.
pub fn refresh<T, F>(shown: RwSignal<T>, fetch: F)
where
    T: Send + Sync + 'static,
    F: std::future::Future<Output = Result<T, UiError>> + 'static,
{
    leptos::task::spawn_local(async move {
        if let Ok(value) = fetch.await {
            shown.set(value);
        }
    });
}

/// Renders `resource` with `render` once loaded; the `loading` line before ("Loading your
/// players…", a whole message, as languages do not all glue "Loading" to a noun alike), the
/// error if it failed. `Transition` keeps the old content on screen while a refetch runs.
pub fn loaded<T, V, F>(
    resource: Resource<Result<T, UiError>>,
    loading: String,
    render: F,
) -> impl IntoView
where
    T: Clone + Send + Sync + Serialize + DeserializeOwned + 'static,
    F: Fn(T) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    view! {
        <Transition fallback=move || view! { <p class="py-4 text-slate-500">{loading.clone()}</p> }>
            {move || {
                let render = render.clone();
                Suspend::new(async move {
                    match resource.await {
                        Ok(data) => render(data).into_any(),
                        Err(e) => view! { <Feedback tone=Tone::Error alert=true>{e.to_string()}</Feedback> }.into_any(),
                    }
                })
            }}
        </Transition>
    }
}

/// The signed-in user, shared with every page inside the frame (on the server) and by the
/// page's islands (in the browser: [`CurrentUser::in_island`]). A page that changes the user
/// (a new display name) sets it, and the app bar follows without reloading the page.
#[derive(Clone, Copy)]
pub struct CurrentUser(pub RwSignal<Option<UserOut>>);

impl CurrentUser {
    /// For an island that shows or changes the signed-in user (the server hands it `user`):
    /// provides it as context to the island's components. In the browser every island of the
    /// page shares one signal, so the app bar follows a new display name set in another
    /// island; on the server each render has its own.
    pub fn in_island(user: UserOut) -> Self {
        let me = CurrentUser(shared_user_signal(user));
        provide_context(me);
        me
    }

    pub fn get(&self) -> Option<UserOut> {
        self.0.get()
    }

    pub fn set(&self, user: UserOut) {
        self.0.set(Some(user));
    }
}

#[cfg(feature = "hydrate")]
fn shared_user_signal(user: UserOut) -> RwSignal<Option<UserOut>> {
    thread_local! {
        static SHARED: std::cell::OnceCell<ArcRwSignal<Option<UserOut>>> =
            const { std::cell::OnceCell::new() };
    }
    SHARED.with(|shared| {
        shared
            .get_or_init(|| ArcRwSignal::new(Some(user)))
            .clone()
            .into()
    })
}

#[cfg(not(feature = "hydrate"))]
fn shared_user_signal(user: UserOut) -> RwSignal<Option<UserOut>> {
    RwSignal::new(Some(user))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_naturally() {
        assert_eq!(human_bytes(-1), "0\u{a0}B");
        assert_eq!(human_bytes(999), "999\u{a0}B");
        assert_eq!(human_bytes(1_536), "1.5\u{a0}KB");
        assert_eq!(human_bytes(3_355_443), "3.2\u{a0}MB");
    }

    #[test]
    fn lengths_read_like_a_clock() {
        assert_eq!(clock(None), "–");
        assert_eq!(clock(Some(7.4)), "0:07");
        assert_eq!(clock(Some(205.0)), "3:25");
        assert_eq!(clock(Some(3729.0)), "1:02:09");
    }

    #[test]
    fn roles_gate_editing() {
        assert!(can_edit(Some("owner")));
        assert!(can_edit(Some("editor")));
        assert!(!can_edit(Some("viewer")));
        assert!(!can_edit(None));
        assert!(!can_edit(Some("admin")));
    }

    #[test]
    fn messages_become_sentences() {
        assert_eq!(capitalised("sent pause"), "Sent pause");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn tints_are_stable() {
        assert_eq!(tint("abc"), tint("abc"));
    }
}
