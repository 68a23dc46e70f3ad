//! The durable copy of a take, in IndexedDB: what survives a reload or a crashed tab.
//!
//! Two object stores in the database `cardsmith-recorder`: `takes` holds each unfinished take's
//! `KeptTake` (JSON, keyed by session id), `chunks` each chunk not yet acknowledged (the `Blob`
//! itself, keyed `<session>/<seq, 12 digits>` so a session's chunks sort in order and form one
//! key range). A chunk is written when the recorder delivers it and deleted once the server has
//! stored it; the take's record goes when the take is finished or discarded.
//!
//! Writes are started at once and not awaited: IndexedDB runs read-write transactions on the
//! same store in the order they were created, so a chunk's delete never overtakes its write,
//! and a failed write only means that chunk is not kept (it is still in memory and sent).

use leptos::logging::warn;
use leptos::prelude::window;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Array, Promise};
use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, IdbDatabase, IdbKeyRange, IdbObjectStore, IdbRequest, IdbTransactionMode};

use crate::components::recorder::KeptTake;

const DB: &str = "cardsmith-recorder";
const VERSION: u32 = 1;
const TAKES: &str = "takes";
const CHUNKS: &str = "chunks";
/// Past every sequence number a take can reach (12 digits).
const NO_SEQ: u64 = 999_999_999_999;

fn chunk_key(session: &str, seq: u64) -> String {
    format!("{session}/{seq:012}")
}

/// The keys of chunks `from..to` of `session`.
fn chunk_range(session: &str, from: u64, to: u64) -> Result<IdbKeyRange, JsValue> {
    IdbKeyRange::bound_with_lower_open_and_upper_open(
        &chunk_key(session, from).into(),
        &chunk_key(session, to).into(),
        false,
        true,
    )
}

/// Waits for `request` and answers its result.
async fn settled(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    JsFuture::from(promise).await?;
    request.result()
}

/// Lets a write finish on its own; a failure is only logged (see the module comment).
fn in_background(request: Result<IdbRequest, JsValue>, what: &'static str) {
    spawn_local(async move {
        let result = match request {
            Ok(request) => settled(&request).await.map(drop),
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            warn!("the recorder could not {what} on this device: {e:?}");
        }
    });
}

/// The open recorder database.
#[derive(Clone)]
pub struct Store {
    db: IdbDatabase,
}

impl Store {
    pub async fn open() -> Result<Self, JsValue> {
        let factory = window()
            .indexed_db()?
            .ok_or_else(|| JsValue::from_str("this browser has no IndexedDB"))?;
        let request = factory.open_with_u32(DB, VERSION)?;
        // first use (version 0 → 1): create the stores
        let upgrade = {
            let request = request.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if let Ok(db) = request.result() {
                    let db: IdbDatabase = db.unchecked_into();
                    let _ = db.create_object_store(TAKES);
                    let _ = db.create_object_store(CHUNKS);
                }
            })
        };
        request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
        let db = settled(&request).await;
        request.set_onupgradeneeded(None);
        Ok(Self {
            db: db?.unchecked_into(),
        })
    }

    fn store(&self, name: &str, mode: IdbTransactionMode) -> Result<IdbObjectStore, JsValue> {
        self.db
            .transaction_with_str_and_mode(name, mode)?
            .object_store(name)
    }

    /// Writes (or rewrites) the take's record.
    pub fn keep_take(&self, take: &KeptTake) {
        let json = serde_json::to_string(take).unwrap_or_default();
        let request = self
            .store(TAKES, IdbTransactionMode::Readwrite)
            .and_then(|s| s.put_with_key(&json.into(), &take.session.as_str().into()));
        in_background(request, "keep the recording's details");
    }

    pub fn keep_chunk(&self, session: &str, seq: u64, chunk: &Blob) {
        let request = self
            .store(CHUNKS, IdbTransactionMode::Readwrite)
            .and_then(|s| s.put_with_key(chunk, &chunk_key(session, seq).into()));
        in_background(request, "keep a chunk of the recording");
    }

    /// Chunks `from..to` are stored on the server: their copies go.
    pub fn forget_chunks(&self, session: &str, from: u64, to: u64) {
        let request = chunk_range(session, from, to).and_then(|range| {
            self.store(CHUNKS, IdbTransactionMode::Readwrite)?
                .delete(&range)
        });
        in_background(request, "forget the sent chunks");
    }

    /// The take is finished or discarded: its record and every chunk go.
    pub async fn forget_take(&self, session: &str) {
        self.forget_chunks(session, 0, NO_SEQ);
        let request = self
            .store(TAKES, IdbTransactionMode::Readwrite)
            .and_then(|s| s.delete(&session.into()));
        if let Ok(request) = request {
            let _ = settled(&request).await;
        }
    }

    /// The unfinished take of `card`, if this device keeps one.
    pub async fn take_of(&self, card: &str) -> Option<KeptTake> {
        let request = self
            .store(TAKES, IdbTransactionMode::Readonly)
            .and_then(|s| s.get_all())
            .ok()?;
        let all: Array = settled(&request).await.ok()?.unchecked_into();
        all.iter()
            .filter_map(|v| serde_json::from_str::<KeptTake>(&v.as_string()?).ok())
            .find(|take| take.card == card)
    }

    /// The chunks of `session` this device still keeps, with their sequence numbers.
    pub async fn chunks(&self, session: &str) -> Result<Vec<(u64, Blob)>, JsValue> {
        let range = chunk_range(session, 0, NO_SEQ)?;
        let store = self.store(CHUNKS, IdbTransactionMode::Readonly)?;
        let keys = store.get_all_keys_with_key(&range)?;
        let values = store.get_all_with_key(&range)?;
        let keys: Array = settled(&keys).await?.unchecked_into();
        let values: Array = settled(&values).await?.unchecked_into();
        Ok(keys
            .iter()
            .zip(values.iter())
            .filter_map(|(key, blob)| {
                let seq = key.as_string()?.rsplit('/').next()?.parse().ok()?;
                Some((seq, blob.dyn_into::<Blob>().ok()?))
            })
            .collect())
    }
}
