//! Seeding: putting a collection's cards on chosen players of a linked account, now or at a
//! set time (a surprise for the morning, stories for a trip).

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

/// Most cards one seed puts on a player, and most players one seed reaches.
pub const MAX_SEED_CARDS: usize = 20;
pub const MAX_SEED_DEVICES: usize = 20;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeedInput {
    /// The linked player account whose players receive the cards.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub account_id: String,
    /// The collection the cards belong to.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub collection_id: String,
    /// 1 to 20 cards of that collection, by id or slug, in the order their shortcuts should
    /// appear.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::seed_card_ids))]
    pub card_ids: Vec<String>,
    /// 1 to 20 players of that account.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::seed_device_ids))]
    pub device_ids: Vec<String>,
    /// RFC 3339 time to do it at; `null` (or a time already past) means now.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub schedule_at: Option<String>,
}

impl SeedInput {
    /// The checks that need no database: sizes, blanks and repeats.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check(
            "account_id",
            self.account_id.trim().is_empty().then_some("is required"),
        );
        c.check(
            "collection_id",
            self.collection_id
                .trim()
                .is_empty()
                .then_some("is required"),
        );
        list_problems(&mut c, "card_ids", &self.card_ids, MAX_SEED_CARDS);
        list_problems(&mut c, "device_ids", &self.device_ids, MAX_SEED_DEVICES);
        c.finish()
    }
}

fn list_problems(c: &mut Checker, field: &str, items: &[String], max: usize) {
    if items.is_empty() {
        c.check(field, Some("name at least one"));
    } else if items.len() > max {
        c.check(field, Some(format!("at most {max} at once")));
    }
    for (i, item) in items.iter().enumerate() {
        let problem = if item.trim().is_empty() {
            Some("is empty")
        } else if items[..i].contains(item) {
            Some("is listed twice")
        } else {
            None
        };
        c.check(&format!("{field}/{i}"), problem);
    }
}

/// One job per player; `null` never (kept nullable as documented).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeedJobOut {
    pub job_ids: Option<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_must_be_filled_without_repeats() {
        let input = SeedInput {
            account_id: "a".into(),
            collection_id: "c".into(),
            card_ids: vec!["x".into(), "x".into()],
            device_ids: vec![],
            schedule_at: None,
        };
        let fields: Vec<String> = input
            .validate()
            .unwrap_err()
            .into_iter()
            .map(|e| e.pointer)
            .collect();
        assert_eq!(fields, ["/card_ids/1", "/device_ids"]);
    }
}
