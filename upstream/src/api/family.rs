//! The family call.

use reqwest::Method;

use crate::client::{AccountClient, ApiRequest};
use crate::error::Result;
use crate::model::family::{Family, FamilyEnvelope};

impl AccountClient {
    /// `GET /user/family` (scope `family:view`); [`Family::primary_email`] is the account email.
    pub async fn family(&self) -> Result<Family> {
        let envelope: FamilyEnvelope = self
            .call(ApiRequest::new(Method::GET, &["user", "family"]))
            .await?;
        Ok(envelope.family)
    }
}
