//! Times and numbers from the player platform, as the devices page reads them.

use super::*;

#[test]
fn times_and_numbers_read_naturally() {
    assert_eq!(
        readable_time("2026-11-22T13:13:25.123Z"),
        "22 Nov 2026, 13:13 UTC"
    );
    assert_eq!(readable_time("soon"), "soon");
    let status = serde_json::json!({ "a": 76, "b": "18", "c": null });
    assert_eq!(number(&status, "a"), Some(76.0));
    assert_eq!(number(&status, "b"), Some(18.0));
    assert_eq!(number(&status, "c"), None);
}
