//! These run the real engines: espeak-ng and flite are installed by `scripts/bootstrap`.

use super::*;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Seconds of audio in a 16-bit mono PCM WAV, from its header.
fn wav_seconds(bytes: &[u8]) -> f64 {
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(&bytes[8..12], b"WAVE");
    let rate = u32::from_le_bytes(bytes[24..28].try_into().unwrap());
    let pcm = bytes.len().saturating_sub(44);
    pcm as f64 / 2.0 / f64::from(rate)
}

#[tokio::test]
async fn espeak_speaks_text_that_looks_like_options_instead_of_obeying_it() {
    let dir = tmp();
    let evil = dir.path().join("pwned.wav");
    // as arguments these would select another voice and write elsewhere
    let text = format!("-v de -w {} --help", evil.display());
    let wav = synthesize(dir.path(), &text, "espeak:en-us+f3")
        .await
        .unwrap();
    let seconds = wav_seconds(&wav.read().await.unwrap());
    assert!(seconds > 1.0, "the text was spoken: {seconds} s");
    assert!(!evil.exists(), "no option of the text was obeyed");
}

#[tokio::test]
async fn flite_speaks_text_that_looks_like_options_instead_of_obeying_it() {
    if !engines().await.has_flite() {
        eprintln!("flite is not installed (scripts/bootstrap installs it); skipped");
        return;
    }
    let dir = tmp();
    let evil = dir.path().join("pwned.wav");
    let text = format!("-voice kal -o {}", evil.display());
    let wav = synthesize(dir.path(), &text, "flite:slt").await.unwrap();
    assert!(wav_seconds(&wav.read().await.unwrap()) > 1.0);
    assert!(!evil.exists());
    let path = wav.path().to_owned();
    drop(wav);
    assert!(!path.exists(), "the WAV deletes itself when dropped");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(leftovers.is_empty(), "flite's text file is removed too");
}

#[tokio::test]
async fn too_long_and_empty_texts_are_refused_before_any_engine_runs() {
    let dir = tmp();
    let long = "a".repeat(MAX_TEXT_CHARS + 1);
    let err = synthesize(dir.path(), &long, "espeak:en-us")
        .await
        .unwrap_err();
    assert!(matches!(err, CoreError::Invalid(_)), "{err:?}");
    assert!(
        err.user_message().contains("at most 5000"),
        "{}",
        err.user_message()
    );
    for empty in ["", "   ", "\u{0}\u{7}"] {
        let err = synthesize(dir.path(), empty, "espeak:en-us")
            .await
            .unwrap_err();
        assert!(matches!(err, CoreError::Invalid(_)), "{empty:?}: {err:?}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[tokio::test]
async fn unknown_and_option_like_voices_are_refused() {
    let dir = tmp();
    for voice in [
        "espeak:xx-nowhere",
        "espeak:en-us+nosuchvariant",
        "espeak:-w/etc/passwd",
        "espeak:en-us+-w",
        "espeak:../../etc/passwd",
        "espeak:",
        "flite:-o",
        "flite:/usr/share/evil.flitevox",
        "flite:http://example.com/v.flitevox",
        "openai:coral",
        "slt",
        "",
    ] {
        let err = synthesize(dir.path(), "hello", voice).await.unwrap_err();
        assert!(
            matches!(err, CoreError::Invalid(_) | CoreError::Conflict(_)),
            "{voice:?}: {err:?}"
        );
        assert!(!engines().await.knows(voice), "{voice:?}");
    }
}

#[test]
fn voice_ids_parse_to_their_parts() {
    let v = VoiceId::parse("espeak:en-us+f3").unwrap();
    assert_eq!(
        (v.name.as_str(), v.variant.as_deref()),
        ("en-us", Some("f3"))
    );
    assert_eq!(v.id(), "espeak:en-us+f3");
    let f = VoiceId::parse("flite:slt").unwrap();
    assert_eq!((f.name.as_str(), f.variant), ("slt", None));
    assert!(
        VoiceId::parse("flite:slt+x").is_err(),
        "flite voices have no variants"
    );
}

#[tokio::test]
async fn detected_voices_are_listed_and_each_listed_voice_is_known() {
    let engines = engines().await;
    assert!(
        engines.has_espeak(),
        "espeak-ng is installed by scripts/bootstrap"
    );
    let voices = engines.voices();
    assert!(voices.iter().any(|v| v.id == "espeak:en-us+f3"));
    assert!(voices.iter().all(|v| engines.knows(&v.id)));
    assert!(!voices.iter().any(|v| v.id.contains("mbrola")));
    let default = default_voice().await.unwrap();
    assert!(engines.knows(&default));
}
