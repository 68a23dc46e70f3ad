//! Audio through the client: dedupe, transcode polling with unknown phases, failures, signed
//! downloads that expire, and no bearer token on storage URLs.

use bytes::Bytes;
use cardsmith_upstream::model::content::{Card, CardContent, Chapter, Display};
use cardsmith_upstream::UpstreamError;
use cardsmith_upstream_sim::SimConfig;

use crate::helpers::*;

fn phases(names: &[&str]) -> SimConfig {
    SimConfig {
        transcode_phases: names.iter().map(|s| (*s).to_owned()).collect(),
        ..SimConfig::default()
    }
}

#[tokio::test]
async fn uploads_dedupe_and_survive_unknown_transcode_phases() {
    let sim = start_with(phases(&[
        "queued",
        "analyzing",
        "frobnicating",
        "downloading",
    ]))
    .await;
    let linked = link(&sim).await;
    let audio = Bytes::from(b"RIFF fake audio".repeat(4000));

    let first = linked
        .account
        .upload_audio(audio.clone(), "story.mp3", "audio/mpeg")
        .await
        .unwrap();
    assert!(!first.deduplicated);
    assert_eq!(first.info.format.as_deref(), Some("aac"));
    assert_eq!(first.tagged_title(), Some("story"));
    assert!(first.track_url().starts_with("yoto:#"));

    let second = linked
        .account
        .upload_audio(audio.clone(), "copy.mp3", "audio/mpeg")
        .await
        .unwrap();
    assert!(second.deduplicated);
    assert_eq!(second.transcoded_sha256, first.transcoded_sha256);
    let stats = sim.stats();
    assert_eq!(stats.audio_puts, 1, "known audio is not sent again");
    assert_eq!(
        stats.presigned_with_authorization, 0,
        "no bearer token on pre-signed URLs"
    );

    // The transcoded audio becomes a card and comes back as a signed, downloadable URL.
    let card = Card {
        title: "Stories".into(),
        content: CardContent {
            chapters: Some(vec![Chapter {
                key: "01".into(),
                title: "One".into(),
                display: Display {
                    icon16x16: Some("yoto:#aUm9i3ex3qqAMYBv-i-O-pYMKuMJGICtR3Vhf289u2Q".into()),
                    ..Display::default()
                },
                tracks: vec![first.to_track("01", "One", None)],
                ..Chapter::default()
            }]),
            ..CardContent::default()
        },
        ..Card::default()
    };
    let saved = linked.account.save_card(&card).await.unwrap();
    let card_id = saved.card_id.clone().unwrap();
    let stored = sim.card(&linked.key, &card_id).unwrap();
    let track = &stored["content"]["chapters"][0]["tracks"][0];
    assert_eq!(track["format"], "aac");
    assert_eq!(track["channels"], "stereo");
    assert_eq!(track["trackUrl"], first.track_url());

    let playable = linked.account.playable_card(&card_id).await.unwrap();
    let url = &playable.tracks().next().unwrap().track_url;
    assert!(playable.tracks().all(|t| t.has_download_url()));
    let downloaded = linked
        .account
        .download_signed(url, 1 << 20)
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(downloaded, audio);

    sim.expire_signed_urls();
    let expired = linked
        .account
        .download_signed(url, 1 << 20)
        .await
        .unwrap_err();
    match expired {
        UpstreamError::Api {
            status,
            code,
            message,
        } => {
            assert_eq!(status, 403);
            assert_eq!(code.as_deref(), Some("AccessDenied"));
            assert_eq!(message, "Request has expired");
        }
        other => panic!("expected 403, got {other:?}"),
    }
    // Fetching the card again hands out fresh URLs.
    let fresh = linked.account.playable_card(&card_id).await.unwrap();
    let url = &fresh.tracks().next().unwrap().track_url;
    let again = linked.account.download_signed(url, 1 << 20).await.unwrap();
    assert_eq!(again.bytes().await.unwrap(), audio);
    // a file larger than the caller allows is refused
    let capped = linked.account.download_signed(url, 10).await.unwrap_err();
    assert!(
        matches!(capped, UpstreamError::TooLarge { limit: 10 }),
        "{capped}"
    );
}

#[tokio::test]
async fn a_failed_transcode_is_an_error_and_slow_ones_time_out() {
    let sim = start_with(phases(&["queued", "transcoding"])).await;
    let linked = link(&sim).await;
    sim.fail_next_transcodes(1);
    let error = linked
        .account
        .upload_audio(Bytes::from_static(b"bad audio"), "bad.mp3", "audio/mpeg")
        .await
        .unwrap_err();
    assert!(
        matches!(&error, UpstreamError::TranscodeFailed { phase, .. } if phase == "failed"),
        "{error:?}"
    );

    let mut config = client_config(&sim);
    config.transcode_poll.max_polls = 2;
    let impatient = link_with(config).await;
    let error = impatient
        .account
        .upload_audio(Bytes::from_static(b"long audio"), "long.mp3", "audio/mpeg")
        .await
        .unwrap_err();
    assert!(
        matches!(&error, UpstreamError::TranscodeTimedOut { last_phase: Some(p), .. } if p == "transcoding"),
        "{error:?}"
    );
}
