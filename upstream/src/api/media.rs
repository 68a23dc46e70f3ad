//! Audio: hash, ask for an upload slot, PUT the bytes to the pre-signed URL, poll the transcode.

use bytes::Bytes;
use reqwest::Method;
use sha2::{Digest, Sha256};

use crate::client::{AccountClient, ApiRequest};
use crate::error::{Result, UpstreamError};
use crate::model::media::{
    Transcode, TranscodeEnvelope, TranscodedAudio, UploadSlot, UploadUrlEnvelope,
};

impl AccountClient {
    /// `GET /media/transcode/audio/uploadUrl?sha256=…&filename=…`. Always sends the hash: that
    /// is what lets the platform answer `uploadUrl: null` for audio it already has.
    pub async fn audio_upload_slot(&self, sha256_hex: &str, filename: &str) -> Result<UploadSlot> {
        self.pace().await;
        let request = ApiRequest::new(Method::GET, &["media", "transcode", "audio", "uploadUrl"])
            .query("sha256", sha256_hex)
            .query("filename", filename);
        let envelope: UploadUrlEnvelope = self.call(request).await?;
        Ok(envelope.upload)
    }

    /// `PUT <uploadUrl>` with the raw bytes and the file's MIME type; no token, no redirects.
    pub async fn put_audio(
        &self,
        upload_url: &str,
        audio: Bytes,
        content_type: &str,
    ) -> Result<()> {
        self.pace().await;
        self.send_presigned(Method::PUT, upload_url, Some((audio, content_type)))
            .await?;
        Ok(())
    }

    /// One poll of `GET /media/upload/{uploadId}/transcoded?loudnorm=false`.
    pub async fn transcode_status(&self, upload_id: &str) -> Result<Transcode> {
        let request = ApiRequest::new(Method::GET, &["media", "upload", upload_id, "transcoded"])
            .query("loudnorm", "false");
        let envelope: TranscodeEnvelope = self.call(request).await?;
        Ok(envelope.transcode)
    }

    /// Polls until the transcode is done. Only `failed`/`error` phases fail; any other phase,
    /// known or not, means "keep waiting" (peers broke uploads by failing on `analyzing`).
    pub async fn wait_for_transcode(&self, upload_id: &str) -> Result<TranscodedAudio> {
        let poll = self.config().transcode_poll;
        let mut last_phase = None;
        for round in 0..poll.max_polls {
            if round > 0 {
                tokio::time::sleep(poll.interval).await;
            }
            let transcode = self.transcode_status(upload_id).await?;
            if let (Some(sha), Some(info)) =
                (&transcode.transcoded_sha256, &transcode.transcoded_info)
            {
                return Ok(TranscodedAudio {
                    upload_id: upload_id.to_owned(),
                    transcoded_sha256: sha.clone(),
                    info: info.clone(),
                    deduplicated: false,
                });
            }
            if let Some(progress) = &transcode.progress {
                if progress.is_failure() {
                    return Err(UpstreamError::TranscodeFailed {
                        upload_id: upload_id.to_owned(),
                        phase: progress.phase.clone().unwrap_or_default(),
                    });
                }
                last_phase.clone_from(&progress.phase);
            }
            tracing::debug!(upload_id, phase = ?last_phase, "transcode not finished yet");
        }
        Err(UpstreamError::TranscodeTimedOut {
            upload_id: upload_id.to_owned(),
            last_phase,
        })
    }

    /// The whole audio flow for one file. Known audio (same SHA-256) is not sent again.
    pub async fn upload_audio(
        &self,
        audio: Bytes,
        filename: &str,
        content_type: &str,
    ) -> Result<TranscodedAudio> {
        let sha256 = hex::encode(Sha256::digest(&audio));
        let slot = self.audio_upload_slot(&sha256, filename).await?;
        let deduplicated = match &slot.upload_url {
            Some(url) => {
                self.put_audio(url, audio, content_type).await?;
                false
            }
            None => true,
        };
        let mut done = self.wait_for_transcode(&slot.upload_id).await?;
        done.deduplicated = deduplicated;
        Ok(done)
    }
}
