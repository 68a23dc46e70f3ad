//! Cover images and 16×16 display icons.

use bytes::Bytes;
use reqwest::Method;

use crate::client::{AccountClient, ApiRequest};
use crate::error::Result;
use crate::model::media::{
    CoverEnvelope, CoverImage, CoverType, DisplayIcon, DisplayIconEnvelope, DisplayIconList,
};

impl AccountClient {
    /// `POST /media/coverImage/user/me/upload?autoconvert=true&coverType=…&filename=…` with
    /// the raw image (note the lower-case `autoconvert` here). Put the answer's `mediaUrl`
    /// into `metadata.cover.imageL`.
    pub async fn upload_cover(
        &self,
        image: Bytes,
        content_type: &str,
        cover_type: CoverType,
        filename: &str,
    ) -> Result<CoverImage> {
        let request = ApiRequest::new(
            Method::POST,
            &["media", "coverImage", "user", "me", "upload"],
        )
        .query("autoconvert", "true")
        .query("coverType", cover_type.as_str())
        .query("filename", filename)
        .bytes(image, content_type);
        let envelope: CoverEnvelope = self.call(request).await?;
        Ok(envelope.cover_image)
    }

    /// `POST /media/displayIcons/user/me/upload?autoConvert=…&filename=…` with the raw image
    /// (camel-case `autoConvert`; raw bytes, not multipart). Animated GIFs need
    /// `auto_convert = false`. A duplicate answers the existing icon with no `url`.
    pub async fn upload_icon(
        &self,
        image: Bytes,
        content_type: &str,
        auto_convert: bool,
        filename: &str,
    ) -> Result<DisplayIcon> {
        let request = ApiRequest::new(
            Method::POST,
            &["media", "displayIcons", "user", "me", "upload"],
        )
        .query("autoConvert", auto_convert.to_string())
        .query("filename", filename)
        .bytes(image, content_type);
        let envelope: DisplayIconEnvelope = self.call(request).await?;
        Ok(envelope.display_icon)
    }

    /// `GET /media/displayIcons/user/me`: the account's own icons.
    pub async fn my_icons(&self) -> Result<Vec<DisplayIcon>> {
        self.icons("me").await
    }

    /// `GET /media/displayIcons/user/yoto`: the platform's public icons.
    pub async fn public_icons(&self) -> Result<Vec<DisplayIcon>> {
        self.icons("yoto").await
    }

    async fn icons(&self, owner: &str) -> Result<Vec<DisplayIcon>> {
        let list: DisplayIconList = self
            .call(ApiRequest::new(
                Method::GET,
                &["media", "displayIcons", "user", owner],
            ))
            .await?;
        Ok(list.display_icons)
    }
}
