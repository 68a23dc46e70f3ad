//! The plan and its uploads in words (English, the language tests render in).

use super::*;

fn item(action: &str, audio: i64, bytes: i64, icons: i64, cover: bool) -> PublishPlanItem {
    PublishPlanItem {
        card_slug: "moon".into(),
        account_id: "a".into(),
        action: action.into(),
        audio_uploads: audio,
        upload_bytes: bytes,
        cover_upload: cover,
        icon_uploads: icons,
        job_id: None,
        problems: Vec::new(),
    }
}

#[test]
fn uploads_read_as_words() {
    assert_eq!(
        uploads_text(&item("create", 1, 32_768, 1, true)),
        "Uploads 1 audio file (32\u{a0}KB) · 1 icon · cover"
    );
    assert_eq!(
        uploads_text(&item("update", 2, 3_250_586, 0, false)),
        "Uploads 2 audio files (3.1\u{a0}MB)"
    );
    assert_eq!(
        uploads_text(&item("update", 0, 0, 0, false)),
        "No audio to upload: only the card's details are sent"
    );
    assert_eq!(
        uploads_text(&item("update", 0, 0, 1, false)),
        "No audio to upload · uploads 1 icon"
    );
    assert!(uploads_text(&item("unchanged", 0, 0, 0, false)).contains("nothing will be sent"));
}

#[test]
fn the_plan_sums_up() {
    let plan = [
        item("create", 2, 3_250_586, 0, false),
        item("unchanged", 0, 0, 0, false),
    ];
    assert_eq!(
        plan_summary(&plan),
        "1 to create, 1 unchanged · 3.1\u{a0}MB of audio to upload"
    );
    assert_eq!(plan_summary(&plan[1..]), "1 unchanged · no audio to upload");
}
