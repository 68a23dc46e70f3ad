//! The recorder (WASM island), phones first: MediaRecorder with a timeslice, each chunk
//! uploaded in order with its sequence number, retried with backoff while the connection is
//! down (chunks wait in memory, nothing is dropped), a level meter and the elapsed time.
//! Stop & save waits until every chunk is stored, then finishes the take into a track; the
//! server encodes while the chunks arrive, so saving a long take is quick.
//!
//! Every chunk stays in memory until the take ends, so when the server answers 409 with the
//! `Recording-Next-Seq` it expects, sending simply resumes from that chunk; a re-sent chunk is
//! harmless. The `online` event wakes an uploader waiting out its backoff at once.

use cardsmith_model::recording::RecordStartOutputBody;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::layout::Panel;

/// Where the recorder is.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    Idle,
    Starting,
    Recording,
    Saving,
    /// Every chunk is stored but finishing the take failed: it can be tried again.
    Unsaved,
}

/// What the page shows while recording (shared with the browser-side code).
#[derive(Clone, Copy)]
pub struct Ui {
    pub phase: RwSignal<Phase>,
    pub elapsed_s: RwSignal<u32>,
    /// 0..1, the loudness of the last fraction of a second.
    pub level: RwSignal<f64>,
    pub sent: RwSignal<u32>,
    pub waiting: RwSignal<u32>,
    pub error: RwSignal<Option<String>>,
    pub note: RwSignal<Option<String>>,
}

#[component]
pub fn Recorder(card: String, on_saved: Callback<String>) -> impl IntoView {
    let ui = Ui {
        phase: RwSignal::new(Phase::Idle),
        elapsed_s: RwSignal::new(0),
        level: RwSignal::new(0.0),
        sent: RwSignal::new(0),
        waiting: RwSignal::new(0),
        error: RwSignal::new(None),
        note: RwSignal::new(None),
    };
    let title = RwSignal::new(String::new());
    let card = StoredValue::new(card);
    // browser objects live on the page's one thread; the server's placeholder is `Send`, and a
    // local (thread-bound) value there would panic when another worker thread drops the page
    #[cfg(feature = "hydrate")]
    let take = StoredValue::new_local(None::<browser::Take>);
    #[cfg(not(feature = "hydrate"))]
    let take = StoredValue::new(None::<browser::Take>);

    let start = move |_| {
        ui.error.set(None);
        ui.note.set(None);
        ui.phase.set(Phase::Starting);
        let url = format!("/api/cards/{}/tracks/record-start", card.get_value());
        let body = json!({ "title": title.get_untracked() });
        spawn_local(async move {
            let started =
                rest::fetch_json::<RecordStartOutputBody>(Verb::Post, &url, Some(body)).await;
            let result = match started {
                Ok(s) => browser::Take::start(s, ui, on_saved, title).await,
                Err(e) => Err(e),
            };
            match result {
                Ok(t) => take.set_value(Some(t)),
                Err(e) => {
                    ui.phase.set(Phase::Idle);
                    ui.error.set(Some(e));
                }
            }
        });
    };
    let stop = move |_| {
        take.with_value(|t| {
            if let Some(t) = t {
                t.stop()
            }
        })
    };
    let save_again = move |_| {
        ui.error.set(None);
        take.with_value(|t| {
            if let Some(t) = t {
                t.finish_again()
            }
        })
    };
    let abandon = Callback::new(move |()| {
        take.update_value(|t| {
            if let Some(t) = t.take() {
                t.abandon();
            }
        });
        ui.phase.set(Phase::Idle);
        ui.note
            .set(Some("Recording abandoned; nothing was kept.".into()));
    });
    let clock = move || {
        let s = ui.elapsed_s.get();
        format!("{}:{:02}", s / 60, s % 60)
    };
    let recording = move || ui.phase.get() == Phase::Recording;
    let idle = move || ui.phase.get() == Phase::Idle;

    view! {
        <Panel id="record" title="Record" intro="Record a story with this device's microphone. Each few seconds are saved as you go, so a dropped connection loses nothing.">
            {move || ui.error.get().map(|e| view! { <p role="alert" class="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800">{e}</p> })}
            {move || ui.note.get().map(|n| view! { <p role="status" class="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">{n}</p> })}
            <label class="block text-sm font-medium" for="record_title">"Title of the recording"</label>
            <input id="record_title" class="w-full rounded-lg border border-slate-300 px-3 py-2" placeholder="e.g. The three bears"
                bind:value=title disabled=move || !idle()/>
            <Show when=idle>
                <button type="button" class="w-full rounded-xl bg-rose-600 px-4 py-4 text-lg font-semibold text-white hover:bg-rose-700" on:click=start>
                    "● Start recording"
                </button>
            </Show>
            <Show when=move || !idle()>
                <div class="space-y-3" aria-live="polite">
                    <div class="flex items-center justify-between">
                        <span class="text-3xl font-bold tabular-nums" data-testid="record-clock">{clock}</span>
                        <span class="text-sm text-slate-600">{move || match ui.phase.get() {
                            Phase::Starting => "Asking for the microphone…".to_owned(),
                            Phase::Saving => format!("Saving… {} chunk(s) left", ui.waiting.get()),
                            Phase::Unsaved => "Recorded, not saved yet".to_owned(),
                            _ => format!("{} saved, {} waiting", ui.sent.get(), ui.waiting.get()),
                        }}</span>
                    </div>
                    <div class="h-3 w-full overflow-hidden rounded-full bg-slate-200" role="meter" aria-label="Microphone level"
                        aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || (ui.level.get() * 100.0).round()>
                        <div class="h-full bg-emerald-500 transition-[width]" style:width=move || format!("{:.0}%", ui.level.get() * 100.0)></div>
                    </div>
                    <div class="grid grid-cols-2 gap-2">
                        <Show when=move || ui.phase.get() == Phase::Unsaved
                            fallback=move || view! {
                                <button type="button" class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white disabled:opacity-60"
                                    disabled=move || !recording() on:click=stop>"■ Stop & save"</button>
                            }>
                            <button type="button" class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white" on:click=save_again>
                                "↻ Try saving again"
                            </button>
                        </Show>
                        <ConfirmButton label="Abandon" question="Abandon this recording? Nothing of it is kept."
                            confirm_label="Yes, abandon" busy=Signal::derive(move || ui.phase.get() == Phase::Saving) on_confirm=abandon/>
                    </div>
                </div>
            </Show>
            <p class="text-xs text-slate-500">"Works in current phone and laptop browsers; the page asks for the microphone first."</p>
        </Panel>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use std::cell::RefCell;
    use std::rc::Rc;

    use cardsmith_model::recording::{RecordFinishOutputBody, RecordStartOutputBody};
    use gloo_net::http::{Method, RequestBuilder};
    use leptos::prelude::*;
    use leptos::task::spawn_local;
    use web_sys::wasm_bindgen::closure::Closure;
    use web_sys::wasm_bindgen::{JsCast, JsValue};
    use web_sys::{
        AnalyserNode, AudioContext, Blob, BlobEvent, MediaRecorder, MediaRecorderOptions,
        MediaStream, MediaStreamConstraints,
    };

    use super::{Phase, Ui};
    use crate::api::rest::{self, Verb};

    /// Upload state shared by the recorder callbacks and the uploader.
    struct Shared {
        session: String,
        mime: String,
        /// Every chunk of the take; a chunk's index is its sequence number.
        chunks: Vec<Blob>,
        /// The first chunk the server has not confirmed.
        cursor: usize,
        uploading: bool,
        /// Set by the `online` event: stop waiting and send now.
        wake: bool,
        stopped: bool,
        finished: bool,
        abandoned: bool,
        title: RwSignal<String>,
        on_saved: Callback<String>,
        ui: Ui,
    }

    impl Shared {
        fn waiting(&self) -> u32 {
            (self.chunks.len() - self.cursor) as u32
        }
    }

    /// The browser callbacks a take keeps alive: chunk ready, recorder stopped, meter tick,
    /// back online.
    type Callbacks = (
        Closure<dyn FnMut(BlobEvent)>,
        Closure<dyn FnMut()>,
        Closure<dyn FnMut()>,
        Closure<dyn FnMut()>,
    );

    /// A take being recorded; dropping it releases the microphone.
    pub struct Take {
        recorder: MediaRecorder,
        stream: MediaStream,
        audio: AudioContext,
        shared: Rc<RefCell<Shared>>,
        timer: i32,
        _callbacks: Callbacks,
    }

    fn text(e: JsValue) -> String {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }

    impl Take {
        pub async fn start(
            s: RecordStartOutputBody,
            ui: Ui,
            on_saved: Callback<String>,
            title: RwSignal<String>,
        ) -> Result<Self, String> {
            let devices = window()
                .navigator()
                .media_devices()
                .map_err(|_| "This browser cannot record audio.".to_owned())?;
            let constraints = MediaStreamConstraints::new();
            constraints.set_audio(&JsValue::TRUE);
            let promise = devices
                .get_user_media_with_constraints(&constraints)
                .map_err(text)?;
            let stream: MediaStream = wasm_bindgen_futures::JsFuture::from(promise)
                .await
                .map_err(|_| "The microphone is not available (was access allowed?).".to_owned())?
                .unchecked_into();
            let mime = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"]
                .into_iter()
                .find(|m| MediaRecorder::is_type_supported(m))
                .unwrap_or("")
                .to_owned();
            let options = MediaRecorderOptions::new();
            if !mime.is_empty() {
                options.set_mime_type(&mime);
            }
            let recorder =
                MediaRecorder::new_with_media_stream_and_media_recorder_options(&stream, &options)
                    .map_err(text)?;
            let shared = Rc::new(RefCell::new(Shared {
                session: s.session_id,
                mime: if mime.is_empty() {
                    recorder.mime_type()
                } else {
                    mime
                },
                chunks: Vec::new(),
                cursor: 0,
                uploading: false,
                wake: false,
                stopped: false,
                finished: false,
                abandoned: false,
                title,
                on_saved,
                ui,
            }));
            let on_data = {
                let shared = shared.clone();
                Closure::<dyn FnMut(BlobEvent)>::new(move |ev: BlobEvent| {
                    if let Some(blob) = ev.data().filter(|b| b.size() > 0.0) {
                        let mut sh = shared.borrow_mut();
                        sh.chunks.push(blob);
                        sh.ui.waiting.set(sh.waiting());
                    }
                    pump(shared.clone());
                })
            };
            let on_stop = {
                let shared = shared.clone();
                Closure::<dyn FnMut()>::new(move || {
                    shared.borrow_mut().stopped = true;
                    pump(shared.clone());
                })
            };
            let on_online = {
                let shared = shared.clone();
                Closure::<dyn FnMut()>::new(move || shared.borrow_mut().wake = true)
            };
            window()
                .add_event_listener_with_callback("online", on_online.as_ref().unchecked_ref())
                .map_err(text)?;
            recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
            recorder.set_onstop(Some(on_stop.as_ref().unchecked_ref()));
            let audio = AudioContext::new().map_err(text)?;
            let analyser: AnalyserNode = audio.create_analyser().map_err(text)?;
            analyser.set_fft_size(1024);
            audio
                .create_media_stream_source(&stream)
                .map_err(text)?
                .connect_with_audio_node(&analyser)
                .map_err(text)?;
            let started_at = js_sys_now();
            let on_tick = Closure::<dyn FnMut()>::new(move || {
                let mut buf = vec![0u8; 1024];
                analyser.get_byte_time_domain_data(&mut buf);
                let rms = (buf
                    .iter()
                    .map(|b| {
                        let v = (f64::from(*b) - 128.0) / 128.0;
                        v * v
                    })
                    .sum::<f64>()
                    / buf.len() as f64)
                    .sqrt();
                ui.level.set((rms * 3.0).min(1.0));
                if ui.phase.get_untracked() == Phase::Recording {
                    ui.elapsed_s
                        .set(((js_sys_now() - started_at) / 1000.0) as u32);
                }
            });
            let timer = window()
                .set_interval_with_callback_and_timeout_and_arguments_0(
                    on_tick.as_ref().unchecked_ref(),
                    200,
                )
                .map_err(text)?;
            recorder
                .start_with_time_slice((s.chunk_interval_s.max(1) * 1000) as i32)
                .map_err(text)?;
            ui.elapsed_s.set(0);
            ui.sent.set(0);
            ui.phase.set(Phase::Recording);
            Ok(Self {
                recorder,
                stream,
                audio,
                shared,
                timer,
                _callbacks: (on_data, on_stop, on_tick, on_online),
            })
        }

        /// Stops recording; the take is finished once every chunk is stored.
        pub fn stop(&self) {
            self.shared.borrow().ui.phase.set(Phase::Saving);
            let _ = self.recorder.stop();
            self.release();
        }

        /// Tries again to turn the stored take into a track (after `finish` failed).
        pub fn finish_again(&self) {
            self.shared.borrow().ui.phase.set(Phase::Saving);
            spawn_local(finish(self.shared.clone()));
        }

        pub fn abandon(self) {
            let session = {
                let mut sh = self.shared.borrow_mut();
                sh.abandoned = true;
                sh.chunks.clear();
                sh.cursor = 0;
                sh.session.clone()
            };
            // The callbacks go with `self`: the recorder must not call them after that (its
            // last `dataavailable` and `stop` events arrive after `stop()` returns).
            self.recorder.set_ondataavailable(None);
            self.recorder.set_onstop(None);
            let _ = self.recorder.stop();
            self.release();
            spawn_local(async move {
                let _ = rest::fetch_empty(
                    Verb::Post,
                    &format!("/api/recording/{session}/abandon"),
                    None,
                )
                .await;
            });
        }

        fn release(&self) {
            window().clear_interval_with_handle(self.timer);
            let _ = window().remove_event_listener_with_callback(
                "online",
                self._callbacks.3.as_ref().unchecked_ref(),
            );
            let tracks = self.stream.get_tracks();
            for track in tracks.iter() {
                if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                    track.stop();
                }
            }
            let _ = self.audio.close();
            self.shared.borrow().ui.level.set(0.0);
        }
    }

    fn js_sys_now() -> f64 {
        web_sys::js_sys::Date::now()
    }

    /// Uploads the unconfirmed chunks in order; one pump at a time. Network failures wait and
    /// retry (1 s, 2 s, … up to 10 s, or at once when the browser is back online), so an
    /// offline phone keeps its chunks until it can send them.
    fn pump(shared: Rc<RefCell<Shared>>) {
        {
            let mut sh = shared.borrow_mut();
            if sh.uploading || sh.abandoned {
                return;
            }
            sh.uploading = true;
        }
        spawn_local(async move {
            let mut backoff = 1000;
            loop {
                let (seq, blob, session, mime, ui) = {
                    let sh = shared.borrow();
                    let Some(blob) = sh.chunks.get(sh.cursor).cloned() else {
                        break;
                    };
                    (sh.cursor, blob, sh.session.clone(), sh.mime.clone(), sh.ui)
                };
                let url = format!("/api/recording/{session}/chunk?seq={seq}");
                let sent = match RequestBuilder::new(&url)
                    .method(Method::POST)
                    .header("Content-Type", &mime)
                    .body(blob)
                {
                    Ok(request) => request.send().await.ok(),
                    Err(_) => None,
                };
                match sent {
                    // 204: stored (or already stored); 409: a gap. Either way the header
                    // names the chunk the server wants next, and sending goes on from there.
                    Some(r) if r.ok() || r.status() == 409 => {
                        let next = r
                            .headers()
                            .get("recording-next-seq")
                            .and_then(|v| v.parse::<usize>().ok())
                            .unwrap_or(seq + 1);
                        let mut sh = shared.borrow_mut();
                        sh.cursor = next.min(sh.chunks.len());
                        ui.sent.set(sh.cursor as u32);
                        ui.waiting.set(sh.waiting());
                        backoff = 1000;
                        ui.note.set(None);
                    }
                    Some(r) => {
                        let body = r.text().await.unwrap_or_default();
                        ui.error.set(Some(rest::problem_text(r.status(), &body)));
                        break;
                    }
                    None => {
                        ui.note.set(Some(
                            "Connection lost: chunks are kept and sent when it is back.".into(),
                        ));
                        wait_or_wake(&shared, backoff).await;
                        backoff = (backoff * 2).min(10_000);
                    }
                }
            }
            shared.borrow_mut().uploading = false;
            let ready = {
                let sh = shared.borrow();
                sh.stopped && sh.waiting() == 0 && !sh.finished && !sh.abandoned
            };
            if ready {
                shared.borrow_mut().finished = true;
                finish(shared).await;
            }
        });
    }

    /// Sleeps `ms`, cut short when the `online` event fires meanwhile.
    async fn wait_or_wake(shared: &Rc<RefCell<Shared>>, ms: i32) {
        shared.borrow_mut().wake = false;
        let mut left = ms;
        while left > 0 && !shared.borrow().wake {
            rest::sleep(left.min(250)).await;
            left -= 250;
        }
    }

    async fn finish(shared: Rc<RefCell<Shared>>) {
        let (session, title, ui, on_saved) = {
            let sh = shared.borrow();
            (
                sh.session.clone(),
                sh.title.get_untracked(),
                sh.ui,
                sh.on_saved,
            )
        };
        let url = format!("/api/recording/{session}/finish");
        match rest::fetch_json::<RecordFinishOutputBody>(
            Verb::Post,
            &url,
            Some(serde_json::json!({ "title": title })),
        )
        .await
        {
            Ok(done) => {
                ui.note.set(Some(
                    "Saved: the recording is now a track of this card.".into(),
                ));
                ui.phase.set(Phase::Idle);
                on_saved.run(done.track_slug);
            }
            Err(e) => {
                // every chunk is on the server: keep the take and offer to try again
                ui.error.set(Some(format!(
                    "{e} The recording is kept on the server: try saving again, or abandon it."
                )));
                ui.phase.set(Phase::Unsaved);
            }
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod browser {
    //! Server renders never record.
    use cardsmith_model::recording::RecordStartOutputBody;
    use leptos::prelude::*;

    use super::Ui;

    pub struct Take;

    impl Take {
        pub async fn start(
            _: RecordStartOutputBody,
            _: Ui,
            _: Callback<String>,
            _: RwSignal<String>,
        ) -> Result<Self, String> {
            Err("Recording works in the browser only.".into())
        }
        pub fn stop(&self) {}
        pub fn finish_again(&self) {}
        pub fn abandon(self) {}
    }
}
