//! A take in the browser: the microphone, MediaRecorder with a timeslice and the level meter,
//! feeding the uploader. Pausing pauses MediaRecorder (the microphone stays open, so resuming
//! is instant) and the clock; stopping releases the microphone and hands the take to the
//! review. A take finished after a reload has no microphone: it only uploads what was kept and
//! finishes.

use std::cell::Cell;
use std::rc::Rc;

use cardsmith_model::recording::RecordStartOutputBody;
use leptos::prelude::*;
use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    AnalyserNode, AudioContext, BlobEvent, MediaRecorder, MediaRecorderOptions, MediaStream,
    MediaStreamConstraints,
};

use super::kept::Store;
use super::upload::{OnlineListener, Uploader};
use crate::components::recorder::phase::{Clock, Event, Phase};
use crate::components::recorder::queue::ChunkQueue;
use crate::components::recorder::{KeptTake, Ui};

/// A take being recorded or saved; dropping it releases the microphone.
pub struct Take {
    upload: Uploader,
    /// `None` for a take resumed after a reload.
    mic: Option<Mic>,
    _online: OnlineListener,
}

fn text(e: JsValue) -> String {
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

impl Take {
    /// Records into the session `s` just opened on `card`.
    pub async fn start(
        s: RecordStartOutputBody,
        card: String,
        title: String,
        ui: Ui,
        on_saved: Callback<String>,
    ) -> Result<Self, String> {
        let stream = microphone().await?;
        let (recorder, mime) = media_recorder(&stream)?;
        let take = KeptTake {
            session: s.session_id,
            card,
            title,
            mime,
            acked: 0,
        };
        // without IndexedDB (some private modes) the take still records, in memory only
        let store = Store::open().await.ok();
        if let Some(store) = &store {
            store.keep_take(&take);
        }
        let upload = Uploader::new(
            take,
            ChunkQueue::new(),
            Phase::Recording,
            store,
            ui,
            on_saved,
        );
        let online = upload.listen_online()?;
        ui.elapsed_s.set(0);
        let mic = Mic::start(recorder, stream, upload.clone(), ui)?;
        mic.recorder
            .start_with_time_slice((s.chunk_interval_s.max(1) * 1000) as i32)
            .map_err(text)?;
        ui.phase.set(Phase::Recording);
        Ok(Self {
            upload,
            mic: Some(mic),
            _online: online,
        })
    }

    /// Finishes a take interrupted by a reload: sends the chunks this device kept, then
    /// finishes the session.
    pub async fn from_kept(
        kept: KeptTake,
        ui: Ui,
        on_saved: Callback<String>,
    ) -> Result<Self, String> {
        let unreadable = |_| tr!("rec-error-storage");
        let store = Store::open().await.map_err(unreadable)?;
        let chunks = store.chunks(&kept.session).await.map_err(unreadable)?;
        let queue = ChunkQueue::kept(kept.acked, chunks);
        ui.elapsed_s.set(0);
        let upload = Uploader::new(kept, queue, Phase::Saving, Some(store), ui, on_saved);
        let online = upload.listen_online()?;
        ui.phase.set(Phase::Saving);
        upload.pump();
        Ok(Self {
            upload,
            mic: None,
            _online: online,
        })
    }

    /// Pauses recording. What was recorded so far is handed to the uploader at once, so a
    /// pause is a safe moment: a reload during it loses nothing.
    pub fn pause(&self) {
        if let Some(mic) = self.mic.as_ref().filter(|_| self.upload.step(Event::Pause)) {
            let _ = mic.recorder.request_data();
            let _ = mic.recorder.pause();
            mic.clock_pause();
        }
    }

    pub fn resume(&self) {
        if let Some(mic) = self
            .mic
            .as_ref()
            .filter(|_| self.upload.step(Event::Resume))
        {
            let _ = mic.recorder.resume();
            mic.clock_resume();
        }
    }

    /// Stops recording and lets go of the microphone; the take can be listened back to once
    /// the recorder delivered its last chunk. Nothing is saved until it is kept.
    pub fn stop(&self) {
        if let Some(mic) = self.mic.as_ref().filter(|_| self.upload.step(Event::Stop)) {
            let _ = mic.recorder.stop();
            mic.release();
        }
    }

    /// Keeps the take under `title`: it becomes a track once every chunk is stored.
    pub fn keep(&self, title: String) {
        self.upload.keep(title);
    }

    /// Tries again to turn the stored take into a track (after finishing failed).
    pub fn finish_again(&self) {
        self.upload.finish_again();
    }

    /// Nothing of the take is kept ("Record again", or abandoning it).
    pub fn discard(self) {
        self.upload.discard();
        if let Some(mic) = &self.mic {
            // The listeners go with `self`: the recorder must not call them after that (its
            // last `dataavailable` and `stop` events arrive after `stop()` returns).
            mic.recorder.set_ondataavailable(None);
            mic.recorder.set_onstop(None);
            let _ = mic.recorder.stop();
            mic.release();
        }
    }
}

/// The browser callbacks a recording keeps alive.
struct Listeners {
    /// A chunk is ready: to the uploader.
    _on_data: Closure<dyn FnMut(BlobEvent)>,
    /// The recorder delivered its last chunk.
    _on_stop: Closure<dyn FnMut()>,
    /// Every 200 ms: the level meter and the clock.
    _on_tick: Closure<dyn FnMut()>,
}

/// The microphone side of a take.
struct Mic {
    recorder: MediaRecorder,
    stream: MediaStream,
    audio: AudioContext,
    timer: i32,
    clock: Rc<Cell<Clock>>,
    /// The microphone was let go (by Stop; discarding the take afterwards must not close the
    /// audio context again: the browser rejects that).
    released: Cell<bool>,
    ui: Ui,
    _listeners: Listeners,
}

async fn microphone() -> Result<MediaStream, String> {
    let devices = window()
        .navigator()
        .media_devices()
        .map_err(|_| tr!("rec-error-no-recording"))?;
    let constraints = MediaStreamConstraints::new();
    constraints.set_audio(&JsValue::TRUE);
    let promise = devices
        .get_user_media_with_constraints(&constraints)
        .map_err(text)?;
    Ok(wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|_| tr!("rec-error-microphone"))?
        .unchecked_into())
}

/// A recorder of `stream` in the first format the browser offers, and that format.
fn media_recorder(stream: &MediaStream) -> Result<(MediaRecorder, String), String> {
    let mime = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"]
        .into_iter()
        .find(|m| MediaRecorder::is_type_supported(m))
        .unwrap_or("");
    let options = MediaRecorderOptions::new();
    if !mime.is_empty() {
        options.set_mime_type(mime);
    }
    let recorder =
        MediaRecorder::new_with_media_stream_and_media_recorder_options(stream, &options)
            .map_err(text)?;
    let mime = if mime.is_empty() {
        recorder.mime_type()
    } else {
        mime.to_owned()
    };
    Ok((recorder, mime))
}

impl Mic {
    fn start(
        recorder: MediaRecorder,
        stream: MediaStream,
        upload: Uploader,
        ui: Ui,
    ) -> Result<Self, String> {
        let on_data = {
            let upload = upload.clone();
            Closure::<dyn FnMut(BlobEvent)>::new(move |ev: BlobEvent| {
                match ev.data().filter(|b| b.size() > 0.0) {
                    Some(chunk) => upload.push(chunk),
                    None => upload.pump(),
                }
            })
        };
        let on_stop = Closure::<dyn FnMut()>::new(move || upload.close());
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
        let clock = Rc::new(Cell::new(Clock::started(now())));
        let on_tick = meter(analyser, clock.clone(), ui);
        let timer = window()
            .set_interval_with_callback_and_timeout_and_arguments_0(
                on_tick.as_ref().unchecked_ref(),
                200,
            )
            .map_err(text)?;
        Ok(Self {
            recorder,
            stream,
            audio,
            timer,
            clock,
            released: Cell::new(false),
            ui,
            _listeners: Listeners {
                _on_data: on_data,
                _on_stop: on_stop,
                _on_tick: on_tick,
            },
        })
    }

    /// Stops the clock, and shows it where it stopped (the meter's tick no longer moves it).
    fn clock_pause(&self) {
        let mut clock = self.clock.get();
        clock.pause(now());
        self.clock.set(clock);
        self.ui.elapsed_s.set(clock.elapsed_s(now()));
        self.ui.level.set(0.0);
    }

    fn clock_resume(&self) {
        let mut clock = self.clock.get();
        clock.resume(now());
        self.clock.set(clock);
    }

    /// Lets go of the microphone, the meter and the clock.
    fn release(&self) {
        if self.released.replace(true) {
            return;
        }
        window().clear_interval_with_handle(self.timer);
        for track in self.stream.get_tracks().iter() {
            if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                track.stop();
            }
        }
        let _ = self.audio.close();
        self.ui.level.set(0.0);
    }
}

fn now() -> f64 {
    web_sys::js_sys::Date::now()
}

/// The meter tick: the loudness of the last fraction of a second, and the clock, while
/// recording (paused, both stand still).
fn meter(analyser: AnalyserNode, clock: Rc<Cell<Clock>>, ui: Ui) -> Closure<dyn FnMut()> {
    Closure::new(move || {
        if ui.phase.get_untracked() != Phase::Recording {
            return;
        }
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
        ui.elapsed_s.set(clock.get().elapsed_s(now()));
    })
}
