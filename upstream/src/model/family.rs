//! The family (household) of an account; the source of the account's email, since the service
//! does not request `openid` and `/userinfo` is closed to it.

use serde::Deserialize;

use super::wire::opt_flag;
use super::Extra;

/// `{"family": …}` of `GET /user/family`.
#[derive(Debug, Clone, Deserialize)]
pub struct FamilyEnvelope {
    pub family: Family,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Family {
    #[serde(default)]
    pub family_id: Option<String>,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub devices: Vec<FamilyDevice>,
    #[serde(default)]
    pub members: Vec<FamilyMember>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Family {
    /// The primary account's email: the first member's.
    pub fn primary_email(&self) -> Option<&str> {
        self.members.first()?.email.as_deref()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FamilyDevice {
    pub device_id: String,
    #[serde(default)]
    pub added_at: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FamilyMember {
    #[serde(default)]
    pub user_id: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub email_verified: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}
