//! A simulator of the AI providers' HTTP APIs, for tests and demo runs: a real axum server
//! speaking each wire format the way the real service does (keys checked in the service's
//! own header, its own error bodies, real `usage` counts), with fault injection, scripted
//! text replies and a log of every call. Nothing leaves the machine.
//!
//! Tests start one with [`spawn`] (127.0.0.1, a free port) and steer it through
//! [`SimHandle`]; the `llm-sim` binary serves the same for manual and browser runs, steered
//! through the `/_sim` routes. Every keyed format accepts one key, `sim-key` until changed.
//!
//! # Routes
//!
//! | Format | Route | Key |
//! |---|---|---|
//! | OpenAI (and OpenAI-compatible) | `POST /v1/chat/completions`, `POST /v1/images/generations` (`b64_json`, or `url`), `POST /v1/audio/speech` (`response_format` `wav` or `pcm`, 24 kHz), `GET /v1/models` | `Authorization: Bearer <key>`, exactly |
//! | Anthropic | `POST /v1/messages` (`max_tokens` required), `GET /v1/models` | `x-api-key`, plus `anthropic-version` (400 without) |
//! | Gemini | `POST /v1beta/models/{model}:generateContent` (text; a PNG as `inlineData` when `responseModalities` holds `IMAGE` and the model is an image model), `GET /v1beta/models` | `x-goog-api-key` or `?key=`; a wrong key is 400 `API_KEY_INVALID`, a missing one 403, as on the real service |
//! | Ideogram | `POST /v1/ideogram-v3/generate` (multipart), temporary pictures at `GET /ideogram/ephemeral/{id}.png` (no key) | `Api-Key` |
//! | ElevenLabs | `POST /v1/text-to-speech/{voice_id}?output_format=pcm_22050` (also 16000, 24000, 44100; MP3 is refused), `GET /v1/voices` | `xi-api-key` |
//! | Ollama | `POST /api/chat` (NDJSON unless `stream: false`), `GET /api/tags` | none |
//!
//! Replies: text quotes the start of the last user message (a JSON object
//! `{"reply":"simulated","prompt":…}` when JSON was asked for), cut at the token limit;
//! tokens are counted as one per four characters of what was sent and answered. Pictures are
//! real PNGs of the asked size (OpenAI) or of about a megapixel in the asked ratio (Gemini,
//! Ideogram), striped in colours seeded by the prompt. Speech is a real 16-bit mono tone,
//! 60 ms per character of text. A prompt containing `[unsafe]` makes Ideogram withhold its
//! picture (`is_image_safe: false`).
//!
//! Steering (`/_sim`: no key, no faults, not logged):
//! - `POST /_sim/faults` — a [`Fault`] as JSON:
//!   `{"kind":{"kind":"rateLimit","retryAfterSecs":1},"times":2,"pathPrefix":"/v1/chat"}`;
//!   kinds `rateLimit`, `status` (`{"kind":"status","status":500}`), `delay` (`millis`),
//!   `oversized` (`bytes`, `chunked`). `DELETE /_sim/faults` clears them.
//! - `POST /_sim/reply` — `{"format":"anthropic","text":"…"}` (format optional: any) queues
//!   the next text reply.
//! - `GET /_sim/calls` — the call log ([`Call`]: format, method, path, model, status,
//!   usage, key seen, fault); `DELETE /_sim/calls` clears it.
//! - `PUT /_sim/key` — `{"key":"…"}` changes the accepted key.
//! - `POST /_sim/reset` — everything back to the start.

mod admin;
mod anthropic;
mod common;
mod content;
mod elevenlabs;
mod errors;
mod faults;
mod gate;
mod gemini;
mod handle;
mod ideogram;
mod ollama;
mod openai;
mod server;
mod state;

pub use faults::{Fault, FaultKind};
pub use handle::SimHandle;
pub use server::{router, spawn, start};
pub use state::{Call, Format, ScriptedReply, Usage, DEFAULT_API_KEY};
