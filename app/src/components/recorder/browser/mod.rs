//! Everything of the recorder that touches the browser. In the browser: the take (`take`), its
//! uploader (`upload`), the durable copy of unsent chunks (`kept`) and listening back to a
//! take (`listen`). On the server, a stand-in with the same names that never records, so the
//! view needs no `cfg`.

#[cfg(feature = "hydrate")]
mod kept;
#[cfg(feature = "hydrate")]
mod listen;
#[cfg(feature = "hydrate")]
mod take;
#[cfg(feature = "hydrate")]
mod upload;

#[cfg(feature = "hydrate")]
pub use live::*;
#[cfg(not(feature = "hydrate"))]
pub use stand_in::*;

#[cfg(feature = "hydrate")]
mod live {
    use leptos::prelude::*;

    pub use super::listen::{find_duration, rewind};
    pub use super::take::Take;
    use super::{kept, upload};
    use crate::components::recorder::KeptTake;

    /// Where the component holds its take. Browser objects live on the page's one thread, so
    /// the value is thread-local here (and `Send` in the server's stand-in, where a local value
    /// would panic when another worker thread drops the page).
    pub type TakeSlot = StoredValue<Option<Take>, LocalStorage>;

    pub fn take_slot() -> TakeSlot {
        StoredValue::new_local(None)
    }

    /// The interrupted take of `card` kept on this device, if any.
    pub async fn kept_take(card: &str) -> Option<KeptTake> {
        kept::Store::open().await.ok()?.take_of(card).await
    }

    /// Forgets an interrupted take: the server deletes what it received, this device what it
    /// kept.
    pub async fn discard(kept: &KeptTake) {
        upload::abandon_on_server(&kept.session).await;
        if let Ok(store) = kept::Store::open().await {
            store.forget_take(&kept.session).await;
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod stand_in {
    //! Server renders never record.
    use cardsmith_model::recording::RecordStartOutputBody;
    use leptos::prelude::*;

    use crate::components::recorder::{KeptTake, Ui};

    pub struct Take;

    pub type TakeSlot = StoredValue<Option<Take>>;

    pub fn take_slot() -> TakeSlot {
        StoredValue::new(None)
    }

    pub async fn kept_take(_: &str) -> Option<KeptTake> {
        None
    }

    pub async fn discard(_: &KeptTake) {}

    pub fn find_duration(_: leptos::ev::Event) {}

    pub fn rewind(_: leptos::ev::Event) {}

    impl Take {
        pub async fn start(
            _: RecordStartOutputBody,
            _: String,
            _: String,
            _: Ui,
            _: Callback<String>,
        ) -> Result<Self, String> {
            Err(tr!("rec-error-browser-only"))
        }
        pub async fn from_kept(_: KeptTake, _: Ui, _: Callback<String>) -> Result<Self, String> {
            Err(tr!("rec-error-browser-only"))
        }
        pub fn pause(&self) {}
        pub fn resume(&self) {}
        pub fn stop(&self) {}
        pub fn keep(&self, _: String) {}
        pub fn finish_again(&self) {}
        pub fn discard(self) {}
    }
}
