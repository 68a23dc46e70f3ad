//! Every format against the simulator over real HTTP: text, pictures, speech and the key
//! check; keys refused exactly; 429s retried after `Retry-After`; 5xx retried then given up;
//! slow answers cut off; oversized answers refused before parsing; usage as reported.

use std::time::{Duration, Instant};

use cardsmith_llm_sim::{spawn, Fault, Format, SimHandle};

use super::*;

fn endpoint(sim: &SimHandle, kind: Kind, model: &str) -> Endpoint {
    Endpoint::new(kind, sim.url(), Some(sim.api_key()), model).with_timeout(Duration::from_secs(10))
}

fn text(prompt: &str, json: bool) -> TextRequest {
    TextRequest {
        system: "You write for children.".into(),
        prompt: prompt.into(),
        max_tokens: 200,
        json,
    }
}

fn picture(width: u32, height: u32) -> ImageRequest {
    ImageRequest {
        prompt: "a fox under the moon".into(),
        width,
        height,
    }
}

fn words(text: &str, voice: &str) -> SpeechRequest {
    SpeechRequest {
        text: text.into(),
        voice: voice.into(),
        instructions: Some("Calm, for bedtime.".into()),
    }
}

/// The one call the simulator logged, with its usage.
fn only_call(sim: &SimHandle) -> cardsmith_llm_sim::Call {
    let calls = sim.calls();
    assert_eq!(calls.len(), 1, "{calls:?}");
    calls.into_iter().next().unwrap()
}

fn assert_usage_matches(usage: Usage, call: &cardsmith_llm_sim::Call) {
    assert_eq!(usage.input_tokens, call.usage.input_tokens);
    assert_eq!(usage.output_tokens, call.usage.output_tokens);
    assert!(
        usage.input_tokens > 0 && usage.output_tokens > 0,
        "{usage:?}"
    );
}

/// Width and height of a picture, decoded for real.
fn dimensions(bytes: &[u8]) -> (u32, u32) {
    let image = image::load_from_memory(bytes).expect("a decodable picture");
    (image.width(), image.height())
}

/// Sample rate and sample count of a 16-bit mono WAV.
fn wav_shape(bytes: &[u8]) -> (u32, usize) {
    assert!(wav::is_wav(bytes));
    assert_eq!(&bytes[22..24], &1u16.to_le_bytes(), "mono");
    assert_eq!(&bytes[34..36], &16u16.to_le_bytes(), "16-bit");
    let rate = u32::from_le_bytes(bytes[24..28].try_into().unwrap());
    (rate, (bytes.len() - 44) / 2)
}

#[tokio::test]
async fn openai_chat_answers_text_with_the_reported_usage() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    let reply = chat(&ep, &text("Tell me about foxes", false))
        .await
        .unwrap();
    assert!(reply.text.contains("Tell me about foxes"), "{}", reply.text);
    let call = only_call(&sim);
    assert_eq!(call.path, "/v1/chat/completions");
    assert_eq!(call.model.as_deref(), Some("gpt-4o-mini"));
    assert_eq!(call.key.as_deref(), Some("sim-key"));
    assert_usage_matches(reply.usage, &call);
}

#[tokio::test]
async fn json_requests_get_json_and_scripted_replies_lose_their_fence() {
    let sim = spawn().await;
    // OpenAI's JSON mode refuses messages that never say "JSON"; `chat` says it for us.
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    let reply = chat(&ep, &text("Suggest three colours", true))
        .await
        .unwrap();
    let value: serde_json::Value = serde_json::from_str(&reply.text).unwrap();
    assert_eq!(value["reply"], "simulated");
    sim.queue_reply(Format::Anthropic, "```json\n{\"palettes\": []}\n```");
    let ep = endpoint(&sim, Kind::Anthropic, "claude-haiku-4-5");
    let reply = chat(&ep, &text("Suggest palettes", true)).await.unwrap();
    assert_eq!(reply.text, "{\"palettes\": []}");
}

#[tokio::test]
async fn openai_compatible_servers_work_under_a_v1_base_url() {
    let sim = spawn().await;
    let base = sim.url().join("/v1/").unwrap();
    let ep = Endpoint::new(
        Kind::OpenAiCompatible,
        base,
        Some(sim.api_key()),
        "local-model",
    );
    let reply = chat(&ep, &text("Hello", false)).await.unwrap();
    assert!(!reply.text.is_empty());
    assert_eq!(only_call(&sim).path, "/v1/chat/completions");
}

#[tokio::test]
async fn openai_draws_a_png_in_the_nearest_supported_shape() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    let reply = image(&ep, &picture(638, 1011)).await.unwrap();
    assert_eq!(reply.content_type, "image/png");
    assert_eq!(dimensions(&reply.bytes), (1024, 1536));
    assert_eq!(reply.usage.images, 1);
    // A chat model cannot draw: the call went to the image model.
    assert_eq!(only_call(&sim).model.as_deref(), Some("gpt-image-1"));
}

#[tokio::test]
async fn openai_speaks_wav_whose_length_follows_the_text() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    let short = speech(&ep, &words("Good night.", "coral")).await.unwrap();
    let long = speech(&ep, &words(&"Good night, little fox. ".repeat(10), "coral"))
        .await
        .unwrap();
    assert_eq!(short.content_type, "audio/wav");
    let (rate, short_samples) = wav_shape(&short.bytes);
    let (_, long_samples) = wav_shape(&long.bytes);
    assert_eq!(rate, 24_000);
    assert!(
        long_samples > short_samples * 10,
        "{short_samples} {long_samples}"
    );
    assert_eq!(short.usage.characters, 11);
    assert_eq!(sim.calls()[0].model.as_deref(), Some("gpt-4o-mini-tts"));
}

#[tokio::test]
async fn openai_speaks_text_longer_than_one_request_in_pieces_joined_into_one_wav() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini-tts");
    let text = "The fox went home to sleep. ".repeat(160);
    let reply = speech(&ep, &words(&text, "coral")).await.unwrap();
    let calls = sim.calls();
    assert_eq!(calls.len(), 2, "{calls:?}");
    let spoken: u64 = calls.iter().map(|c| c.usage.characters).sum();
    let trimmed = text.trim().chars().count() as u64;
    // Only the whitespace at the cut is not sent.
    assert!(spoken == trimmed - 1, "{spoken} of {trimmed}");
    assert_eq!(reply.usage.characters, text.chars().count() as u64);
    let (rate, samples) = wav_shape(&reply.bytes);
    assert_eq!(rate, 24_000);
    let expected: usize = calls
        .iter()
        .map(|c| (c.usage.characters as f64 * 0.06 * 24_000.0) as usize)
        .sum();
    assert_eq!(samples, expected);
}

#[tokio::test]
async fn anthropic_chat_sends_its_headers_and_reads_usage() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::Anthropic, "claude-haiku-4-5");
    let reply = chat(&ep, &text("A short story", false)).await.unwrap();
    assert!(reply.text.contains("A short story"));
    let call = only_call(&sim);
    assert_eq!(call.path, "/v1/messages");
    assert_usage_matches(reply.usage, &call);
    let message = check(&ep).await.unwrap();
    assert!(message.contains("including claude-haiku-4-5"), "{message}");
}

#[tokio::test]
async fn gemini_writes_and_draws() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::Gemini, "gemini-2.5-flash");
    let reply = chat(&ep, &text("A riddle", true)).await.unwrap();
    let value: serde_json::Value = serde_json::from_str(&reply.text).unwrap();
    assert_eq!(value["prompt"], "A riddle");
    assert_usage_matches(reply.usage, &only_call(&sim));
    let drawn = image(&ep, &picture(638, 1011)).await.unwrap();
    let (width, height) = dimensions(&drawn.bytes);
    assert!(height > width, "{width}x{height}");
    assert_eq!(drawn.usage.images, 1);
    assert_eq!(
        sim.calls()[1].model.as_deref(),
        Some("gemini-2.5-flash-image")
    );
    assert!(check(&ep)
        .await
        .unwrap()
        .contains("including gemini-2.5-flash"));
}

#[tokio::test]
async fn ideogram_draws_and_the_picture_is_downloaded_from_its_temporary_url() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::Ideogram, "V_3_TURBO");
    let reply = image(&ep, &picture(638, 1011)).await.unwrap();
    assert_eq!(reply.content_type, "image/png");
    let (width, height) = dimensions(&reply.bytes);
    assert!((f64::from(width) / f64::from(height) - 0.625).abs() < 0.02);
    let calls = sim.calls();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert_eq!(calls[0].path, "/v1/ideogram-v3/generate");
    assert_eq!(calls[0].model.as_deref(), Some("ideogram-v3-turbo"));
    assert!(calls[1].path.starts_with("/ideogram/ephemeral/"));
    let withheld = ImageRequest {
        prompt: "something [unsafe]".into(),
        ..picture(600, 600)
    };
    assert!(matches!(
        image(&ep, &withheld).await,
        Err(WireError::Rejected(_))
    ));
    assert!(check(&ep).await.unwrap().contains("key is accepted"));
}

#[tokio::test]
async fn elevenlabs_pcm_comes_back_as_wav_and_voices_are_listed() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::ElevenLabs, "eleven_multilingual_v2");
    let listed = voices(&ep).await.unwrap();
    assert!(listed.len() >= 3);
    let (voice, name, description) = &listed[0];
    assert_eq!(name, "Rachel");
    assert!(description.contains("american"), "{description}");
    let reply = speech(&ep, &words("Once upon a time.", voice))
        .await
        .unwrap();
    assert_eq!(reply.content_type, "audio/wav");
    let (rate, samples) = wav_shape(&reply.bytes);
    assert_eq!(rate, 22_050);
    assert_eq!(samples, (17.0 * 0.06 * 22_050.0) as usize);
    assert_eq!(reply.usage.characters, 17);
    assert!(check(&ep).await.unwrap().contains("3 voices"));
    let bad_voice = speech(&ep, &words("Hi", "../../v1/voices")).await;
    assert!(matches!(bad_voice, Err(WireError::Rejected(_))));
}

#[tokio::test]
async fn ollama_chats_without_a_key() {
    let sim = spawn().await;
    let ep = Endpoint::new(Kind::Ollama, sim.url(), None, "llama3.2");
    let reply = chat(&ep, &text("Count to three", true)).await.unwrap();
    assert!(serde_json::from_str::<serde_json::Value>(&reply.text).is_ok());
    let call = only_call(&sim);
    assert_eq!(call.key, None);
    assert_usage_matches(reply.usage, &call);
    assert!(check(&ep).await.unwrap().contains("including llama3.2"));
}

#[tokio::test]
async fn a_wrong_key_is_unauthorized_in_every_format() {
    let sim = spawn().await;
    for kind in Kind::ALL.into_iter().filter(|k| k.needs_key()) {
        let ep = Endpoint::new(kind, sim.url(), Some("wrong-key".into()), "m");
        assert_eq!(check(&ep).await, Err(WireError::Unauthorized), "{kind}");
    }
    // Each was one call with the wrong key in the format's own header, never retried.
    let calls = sim.calls();
    assert_eq!(calls.len(), 5, "{calls:?}");
    assert!(calls.iter().all(|c| c.key.as_deref() == Some("wrong-key")));
    // Without a key, a keyed kind is not even called.
    sim.clear_calls();
    let keyless = Endpoint::new(Kind::Anthropic, sim.url(), None, "m");
    assert_eq!(check(&keyless).await, Err(WireError::Unauthorized));
    assert!(sim.calls().is_empty());
}

#[tokio::test]
async fn a_429_is_retried_after_its_retry_after() {
    let sim = spawn().await;
    sim.fault(Fault::rate_limit(1, Some(1)).on_path("/v1/chat/completions"));
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    let started = Instant::now();
    let reply = chat(&ep, &text("Hello", false)).await.unwrap();
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert!(!reply.text.is_empty());
    let statuses: Vec<u16> = sim.calls().iter().map(|c| c.status).collect();
    assert_eq!(statuses, [429, 200]);
}

#[tokio::test]
async fn a_long_retry_after_gives_up_at_once() {
    let sim = spawn().await;
    sim.fault(Fault::rate_limit(5, Some(60)));
    let ep = endpoint(&sim, Kind::Anthropic, "claude-haiku-4-5");
    let started = Instant::now();
    assert_eq!(
        chat(&ep, &text("Hello", false)).await.unwrap_err(),
        WireError::RateLimited
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(sim.calls().len(), 1);
}

#[tokio::test]
async fn server_errors_are_retried_then_reported() {
    let sim = spawn().await;
    sim.fault(Fault::server_error(5));
    let ep = endpoint(&sim, Kind::Gemini, "gemini-2.5-flash");
    assert_eq!(
        chat(&ep, &text("Hello", false)).await.unwrap_err(),
        WireError::Server(500)
    );
    assert_eq!(sim.calls().len(), 3);
    // Two failures then an answer: the caller never sees them.
    sim.clear_faults();
    sim.clear_calls();
    sim.fault(Fault::status(2, 503));
    assert!(chat(&ep, &text("Hello", false)).await.is_ok());
    let statuses: Vec<u16> = sim.calls().iter().map(|c| c.status).collect();
    assert_eq!(statuses, [503, 503, 200]);
}

#[tokio::test]
async fn a_slow_answer_times_out_without_retrying() {
    let sim = spawn().await;
    sim.fault(Fault::delay(1, Duration::from_secs(3)));
    let ep = endpoint(&sim, Kind::Ollama, "llama3.2").with_timeout(Duration::from_millis(300));
    let started = Instant::now();
    assert_eq!(
        chat(&ep, &text("Hello", false)).await.unwrap_err(),
        WireError::Timeout
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn an_oversized_answer_is_refused_before_parsing() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    for chunked in [false, true] {
        sim.fault(Fault::oversized(1, 3 * 1024 * 1024, chunked));
        let error = chat(&ep, &text("Hello", false)).await.unwrap_err();
        assert!(
            matches!(&error, WireError::Malformed(m) if m.contains("larger than")),
            "{error:?}"
        );
    }
}

#[tokio::test]
async fn provider_error_text_never_reaches_the_error() {
    let sim = spawn().await;
    let ep = endpoint(&sim, Kind::OpenAi, "gpt-4o-mini");
    // The simulator answers 400 "voice: not one of the supported voices".
    let error = speech(&ep, &words("Hello", "not-a-voice"))
        .await
        .unwrap_err();
    assert_eq!(error, WireError::Rejected("status 400".into()));
    assert!(!error.to_string().contains("supported voices"));
}

#[test]
fn kinds_round_trip_and_list_what_they_can_do() {
    for kind in Kind::ALL {
        assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        assert!(!capabilities(kind).is_empty());
        assert!(default_base_url(kind).has_host());
    }
    assert_eq!(Kind::parse("offline"), None);
    assert_eq!(
        Kind::parse("openai-compatible"),
        Some(Kind::OpenAiCompatible)
    );
    assert!(capabilities(Kind::ElevenLabs).contains(&Capability::Speech));
    assert!(!capabilities(Kind::Anthropic).contains(&Capability::Image));
    assert_eq!(
        model_for(Kind::OpenAi, Capability::Speech, "gpt-4o-mini"),
        "gpt-4o-mini-tts"
    );
    assert_eq!(
        model_for(Kind::Anthropic, Capability::Text, "claude-haiku-4-5"),
        "claude-haiku-4-5"
    );
}

#[test]
fn code_fences_are_stripped() {
    assert_eq!(strip_code_fence("```json\n{\"a\":1}\n```"), "{\"a\":1}");
    assert_eq!(strip_code_fence("  {\"a\":1} "), "{\"a\":1}");
    assert_eq!(strip_code_fence("```\n[]\n```"), "[]");
}

#[tokio::test]
async fn openai_voices_are_the_fixed_list() {
    let sim = spawn().await;
    let listed = voices(&endpoint(&sim, Kind::OpenAi, "gpt-4o-mini-tts"))
        .await
        .unwrap();
    assert_eq!(listed.len(), 13);
    assert!(listed
        .iter()
        .any(|(voice, name, _)| voice == "coral" && name == "Coral"));
    assert!(sim.calls().is_empty());
}
