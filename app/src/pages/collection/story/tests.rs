//! What a story card's job did, told in words.

use super::made_in_words;

#[test]
fn the_job_result_is_told_in_words() {
    let ok = r#"{"card_slug":"s","chapters":3,"cover":"generated","icons":"3 generated"}"#;
    assert_eq!(
        made_in_words("Dragon", 3, Some(ok)),
        "“Dragon” is ready: 3 spoken chapters. A cover was drawn. Chapter icons: 3 generated."
    );
    let failed = r#"{"card_slug":"s","chapters":2,"cover":"not made: the image service is busy","icons":"not made: no tracks"}"#;
    let words = made_in_words("Dragon", 2, Some(failed));
    assert!(words.contains("The cover was not made: the image service is busy; generate or upload one on the card."), "{words}");
    assert!(
        words.contains("The chapter icons were not made: no tracks;"),
        "{words}"
    );
    assert_eq!(
        made_in_words("D", 1, None),
        "“D” is ready: 1 spoken chapter."
    );
}
