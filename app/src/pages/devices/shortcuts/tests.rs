//! The form's words for the model's complaints.

use super::*;

#[test]
fn complaints_name_the_row() {
    let errors = vec![
        FieldError::new("shortcuts/1/card_id", "is required"),
        FieldError::new("shortcuts/0/mode", "must be day or night"),
    ];
    assert_eq!(
        explain(&errors),
        "Shortcut 2: the card is required. Shortcut 1: the mode must be day or night."
    );
}
