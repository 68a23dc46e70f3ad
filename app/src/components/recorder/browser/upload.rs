//! The uploader of one take: sends the queue's chunks in order, keeps the durable copy in step
//! with what the server acknowledged, and finishes the take once every chunk is stored.
//!
//! Network failures wait and retry (1 s, 2 s, … up to 10 s, or at once when the browser is back
//! online), so an offline phone keeps its chunks until it can send them. The server answers
//! every chunk with `Recording-Next-Seq` (204: stored or already stored; 409: a gap) and the
//! queue decides what that means. Chunks go on while the take is paused or listened back to;
//! only a kept take is finished. The uploader holds the take's phase: every change goes
//! through the pure machine of `phase`, so an answer for a discarded take changes nothing.

use std::cell::RefCell;
use std::rc::Rc;

use cardsmith_model::recording::{RecordFinishInput, RecordFinishOutputBody};
use gloo_net::http::{Method, RequestBuilder};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::JsCast;
use web_sys::Blob;

use super::kept::Store;
use super::listen;
use crate::api::rest::{self, Verb};
use crate::components::recorder::phase::{Event, Phase};
use crate::components::recorder::progress::Upload;
use crate::components::recorder::queue::{Answer, ChunkQueue, Link};
use crate::components::recorder::{KeptTake, Ui};

struct Shared {
    take: KeptTake,
    queue: ChunkQueue<Blob>,
    /// This take's phase; the page shows it unless the take was abandoned.
    phase: Phase,
    /// A pump task is running (one at a time).
    pumping: bool,
    /// `None` when this browser offers no IndexedDB: the take then lives in memory only.
    store: Option<Store>,
    ui: Ui,
    on_saved: Callback<String>,
}

impl Shared {
    /// Applies `event` if it means something in this phase; answers whether it did.
    fn step(&mut self, event: Event) -> bool {
        let Some(next) = self.phase.on(event) else {
            return false;
        };
        if self.phase == Phase::Review {
            self.end_review();
        }
        self.phase = next;
        self.ui.phase.set(next.shown());
        true
    }

    /// The whole take, to listen back to once the recorder delivered its last chunk.
    fn start_review(&self) {
        match listen::take_url(self.queue.recorded(), &self.take.mime) {
            Ok(url) => self.ui.review.set(Some(url)),
            Err(sentence) => self.ui.error.set(Some(sentence)),
        }
    }

    fn end_review(&self) {
        if let Some(url) = self.ui.review.get_untracked() {
            listen::release(&url);
        }
        self.ui.review.set(None);
    }

    fn show_counts(&self) {
        self.ui.upload.set(Upload {
            saved: self.queue.acknowledged() as u32,
            waiting: self.queue.waiting() as u32,
            offline: matches!(self.queue.link(), Link::Down { .. }),
        });
    }
}

/// A handle on one take's uploader; the recorder's callbacks hold clones.
#[derive(Clone)]
pub struct Uploader {
    shared: Rc<RefCell<Shared>>,
}

/// Wakes the uploader when the browser is back online; removed when dropped.
pub struct OnlineListener(Closure<dyn FnMut()>);

impl Drop for OnlineListener {
    fn drop(&mut self) {
        let _ =
            window().remove_event_listener_with_callback("online", self.0.as_ref().unchecked_ref());
    }
}

impl Uploader {
    pub fn new(
        take: KeptTake,
        queue: ChunkQueue<Blob>,
        phase: Phase,
        store: Option<Store>,
        ui: Ui,
        on_saved: Callback<String>,
    ) -> Self {
        let shared = Shared {
            take,
            queue,
            phase,
            pumping: false,
            store,
            ui,
            on_saved,
        };
        shared.show_counts();
        Self {
            shared: Rc::new(RefCell::new(shared)),
        }
    }

    pub fn listen_online(&self) -> Result<OnlineListener, String> {
        let shared = self.shared.clone();
        let listener = OnlineListener(Closure::new(move || {
            shared.borrow_mut().queue.back_online()
        }));
        window()
            .add_event_listener_with_callback("online", listener.0.as_ref().unchecked_ref())
            .map_err(|_| tr!("rec-error-online"))?;
        Ok(listener)
    }

    /// The recorder's next chunk: kept on this device, then sent.
    pub fn push(&self, chunk: Blob) {
        {
            let mut sh = self.shared.borrow_mut();
            if sh.phase == Phase::Abandoned {
                return;
            }
            let seq = sh.queue.push(chunk.clone());
            if let Some(store) = &sh.store {
                store.keep_chunk(&sh.take.session, seq, &chunk);
            }
            sh.show_counts();
        }
        self.pump();
    }

    /// The recorder delivered its last chunk: the take can be listened back to.
    pub fn close(&self) {
        {
            let mut sh = self.shared.borrow_mut();
            sh.queue.close();
            if sh.phase == Phase::Review {
                sh.start_review();
            }
        }
        self.pump();
    }

    /// Applies `event` if it means something now; answers whether it did.
    pub fn step(&self, event: Event) -> bool {
        self.shared.borrow_mut().step(event)
    }

    /// The parent listened and keeps the take, titled `title`: the chunks left are sent, then
    /// the take is finished.
    pub fn keep(&self, title: String) {
        {
            let mut sh = self.shared.borrow_mut();
            if !sh.step(Event::Keep) {
                return;
            }
            sh.take.title = title;
            // a reload before it is finished offers it under this title
            if let Some(store) = &sh.store {
                store.keep_take(&sh.take);
            }
        }
        self.pump();
    }

    /// Tries again to turn the stored take into a track (after finishing failed).
    pub fn finish_again(&self) {
        if self.step(Event::Retry) {
            spawn_local(finish(self.shared.clone()));
        }
    }

    /// Nothing of the take is kept: the server deletes it, this device forgets it.
    pub fn discard(&self) {
        let (session, store) = {
            let mut sh = self.shared.borrow_mut();
            sh.step(Event::Discard);
            (sh.take.session.clone(), sh.store.clone())
        };
        spawn_local(async move {
            if let Some(store) = store {
                store.forget_take(&session).await;
            }
            abandon_on_server(&session).await;
        });
    }

    /// Sends the unacknowledged chunks in order (one pump at a time), then finishes the take
    /// if it was kept and everything is stored.
    pub fn pump(&self) {
        {
            let mut sh = self.shared.borrow_mut();
            if sh.pumping || !sh.phase.sends() {
                return;
            }
            sh.pumping = true;
        }
        let shared = self.shared.clone();
        spawn_local(async move {
            send_all(&shared).await;
            let ready = {
                let mut sh = shared.borrow_mut();
                sh.pumping = false;
                // only a kept take (`Saving`) moves on to finishing
                sh.queue.complete() && sh.step(Event::AllStored)
            };
            if ready {
                finish(shared).await;
            }
        });
    }
}

/// What became of one chunk sent.
enum Sent {
    /// The server answered with the chunk it expects next.
    Next(u64),
    /// The server refused the chunk for good (the sentence to show).
    Refused(String),
    /// No answer: offline, or the server is unreachable.
    NoAnswer,
}

async fn send_chunk(url: &str, mime: &str, chunk: Blob, seq: u64) -> Sent {
    let request = RequestBuilder::new(url)
        .method(Method::POST)
        .header("Content-Type", mime)
        .body(chunk);
    let Ok(response) = (match request {
        Ok(request) => request.send().await,
        Err(e) => return Sent::Refused(e.to_string()),
    }) else {
        return Sent::NoAnswer;
    };
    let next = response
        .headers()
        .get("recording-next-seq")
        .and_then(|v| v.parse::<u64>().ok());
    match next {
        Some(next) if response.ok() || response.status() == 409 => Sent::Next(next),
        None if response.ok() => Sent::Next(seq + 1),
        _ => {
            let body = response.text().await.unwrap_or_default();
            Sent::Refused(rest::problem_text(response.status(), &body))
        }
    }
}

async fn send_all(shared: &Rc<RefCell<Shared>>) {
    loop {
        let (seq, chunk, url, mime) = {
            let sh = shared.borrow();
            if sh.phase == Phase::Abandoned {
                return;
            }
            let Some((seq, chunk)) = sh.queue.next() else {
                return;
            };
            let url = format!("/api/recording/{}/chunk?seq={seq}", sh.take.session);
            (seq, chunk.clone(), url, sh.take.mime.clone())
        };
        let sent = send_chunk(&url, &mime, chunk, seq).await;
        let step = shared.borrow_mut().take_answer(sent);
        match step {
            Step::Next => {}
            Step::Stop => return,
            Step::Wait(ms) => wait_or_wake(shared, ms).await,
        }
    }
}

/// What the pump does after an answer.
enum Step {
    Next,
    Stop,
    /// No answer: wait this many milliseconds (or until back online), then try again.
    Wait(u32),
}

impl Shared {
    fn take_answer(&mut self, sent: Sent) -> Step {
        if self.phase == Phase::Abandoned {
            return Step::Stop;
        }
        match sent {
            Sent::Next(next) => {
                match self.queue.answered(next) {
                    Answer::Stored { from, to } if to > from => {
                        self.take.acked = to;
                        if let Some(store) = &self.store {
                            store.forget_chunks(&self.take.session, from, to);
                            store.keep_take(&self.take);
                        }
                    }
                    Answer::Stored { .. } | Answer::Resend { .. } => {}
                    Answer::Lost { from } => {
                        self.ui
                            .error
                            .set(Some(tr!("rec-error-part-lost", part = from + 1)));
                        self.step(Event::Failed);
                        return Step::Stop;
                    }
                }
                self.show_counts();
                Step::Next
            }
            Sent::Refused(sentence) => {
                self.ui.error.set(Some(sentence));
                // once kept, nothing more will be recorded: offer to save what the server has,
                // or to abandon (a session the server no longer knows can only be abandoned);
                // before that the next chunk or Keep tries again
                self.step(Event::Failed);
                Step::Stop
            }
            Sent::NoAnswer => {
                let wait = self.queue.send_failed();
                self.show_counts();
                Step::Wait(wait)
            }
        }
    }
}

/// Sleeps `ms`, cut short when the browser comes back online meanwhile.
async fn wait_or_wake(shared: &Rc<RefCell<Shared>>, ms: u32) {
    let mut left = ms as i32;
    while left > 0 && !shared.borrow().queue.woken() {
        rest::sleep(left.min(250)).await;
        left -= 250;
    }
}

async fn finish(shared: Rc<RefCell<Shared>>) {
    let (session, input, ui, on_saved, store) = {
        let sh = shared.borrow();
        let input = RecordFinishInput {
            title: Some(sh.take.title.clone()),
        };
        (
            sh.take.session.clone(),
            input,
            sh.ui,
            sh.on_saved,
            sh.store.clone(),
        )
    };
    let url = format!("/api/recording/{session}/finish");
    let finished = rest::send::<_, RecordFinishOutputBody>(Verb::Post, &url, &input).await;
    if shared.borrow().phase == Phase::Abandoned {
        return;
    }
    match finished {
        Ok(done) => {
            if let Some(store) = store {
                store.forget_take(&session).await;
            }
            if shared.borrow_mut().step(Event::Saved) {
                ui.note.set(Some(tr!("rec-saved")));
                on_saved.run(done.track_slug);
            }
        }
        Err(e) => {
            // every chunk is on the server: keep the take and offer to try again
            ui.error.set(Some(tr!("rec-error-finish", error = e)));
            shared.borrow_mut().step(Event::Failed);
        }
    }
}

/// Asks the server to delete the take; a take it no longer has is fine.
pub async fn abandon_on_server(session: &str) {
    let _ = rest::call_empty(Verb::Post, &format!("/api/recording/{session}/abandon")).await;
}
