//! Whole numbers typed into text fields, read for a model input: a number that is no
//! number becomes a field error listed with the model's own checks.

/// Reads a whole-number field for a model input. Text that is no number becomes an error on
/// `field`, listed with the model's own checks, and the value falls back to `fallback`.
pub fn whole_number(
    field: &str,
    text: &str,
    fallback: i64,
    errors: &mut Vec<cardsmith_model::FieldError>,
) -> i64 {
    text.trim().parse().unwrap_or_else(|_| {
        errors.push(cardsmith_model::FieldError::new(
            field,
            tr!("library-whole-number"),
        ));
        fallback
    })
}

/// Like `whole_number`, but an empty field means "not given".
pub fn optional_number(
    field: &str,
    text: &str,
    errors: &mut Vec<cardsmith_model::FieldError>,
) -> Option<i64> {
    (!text.trim().is_empty()).then(|| whole_number(field, text, 0, errors))
}

/// The browser-side errors of an input: number parsing first, then the model's `validate()`.
pub fn all_errors(
    mut parsed: Vec<cardsmith_model::FieldError>,
    checked: Result<(), Vec<cardsmith_model::FieldError>>,
) -> Result<(), Vec<cardsmith_model::FieldError>> {
    if let Err(more) = checked {
        parsed.extend(more);
    }
    if parsed.is_empty() {
        Ok(())
    } else {
        Err(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_or_explain() {
        let mut errors = Vec::new();
        assert_eq!(whole_number("n", " 42 ", 0, &mut errors), 42);
        assert_eq!(optional_number("age", "  ", &mut errors), None);
        assert!(errors.is_empty());
        assert_eq!(whole_number("n", "ten", 5, &mut errors), 5);
        assert_eq!(optional_number("age", "x", &mut errors), Some(0));
        let fields: Vec<_> = errors.iter().map(|e| e.field().to_owned()).collect();
        assert_eq!(fields, ["n", "age"]);
        assert!(all_errors(Vec::new(), Ok(())).is_ok());
        assert_eq!(
            all_errors(
                errors,
                Err(vec![cardsmith_model::FieldError::new("m", "bad")])
            )
            .unwrap_err()
            .len(),
            3
        );
    }
}
