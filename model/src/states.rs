//! The states the API reports in string fields, as enums of the OpenAPI document: each field
//! names its enum with `value_type`, so a client generator gets the words a field can hold.
//! The words come from the same constants the server writes (a test compares them), so the
//! document cannot drift from what is sent.

use serde::{Deserialize, Serialize};

/// Declares an enum whose variants serialize as the given words, with those words in order.
macro_rules! states {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $word:tt),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $word)] $variant,)*
        }

        impl $name {
            /// Every word, in declaration order.
            pub const WORDS: &'static [&'static str] = &[$($word),*];
        }
    };
}

states! {
    /// Where a job is: `queued`, `running`, then one of `succeeded`, `failed`, `cancelled`.
    JobStatus {
        Queued = "queued",
        Running = "running",
        Succeeded = "succeeded",
        Failed = "failed",
        Cancelled = "cancelled",
    }
}

states! {
    /// What a job does (`JobOut.type`).
    JobType {
        Transcode = "transcode",
        Trim = "trim",
        Split = "split",
        Merge = "merge",
        Fade = "fade",
        Rescan = "rescan",
        Publish = "publish",
        Import = "import",
        Seed = "seed",
        MailSend = "mail.send",
        StoryMake = "story.make",
        CoverGenerate = "cover.generate",
        IconsGenerate = "icons.generate",
        BackupRun = "backup.run",
        BackupVerify = "backup.verify",
        ExportZip = "export.zip",
        FeedSync = "feed.sync",
    }
}

states! {
    /// Where a track's player audio is.
    TranscodeStatus {
        Pending = "pending",
        Processing = "processing",
        Ready = "ready",
        Failed = "failed",
        /// A stream track: nothing to transcode.
        NotNeeded = "not_needed",
    }
}

states! {
    /// Whether a stream track's address answered when last checked.
    StreamStatus {
        Reachable = "reachable",
        Unreachable = "unreachable",
    }
}

states! {
    /// Where a card's publishing to one account is.
    PublishStatus {
        Queued = "queued",
        Publishing = "publishing",
        Published = "published",
        Failed = "failed",
    }
}

states! {
    /// How a card on an account compares with the local card.
    VerifyState {
        InSync = "in_sync",
        ChangedLocally = "changed_locally",
        ChangedUpstream = "changed_upstream",
        /// Published, then deleted on the platform.
        Missing = "missing",
        NeverPublished = "never_published",
    }
}

states! {
    /// Whether a linked account's tokens still work.
    AccountStatus {
        Linked = "linked",
        NeedsRelink = "needs_relink",
    }
}

states! {
    /// Where a link handed off to another browser is.
    LinkHandoffStatus {
        /// Waiting for the platform to send the browser back.
        Waiting = "waiting",
        /// The platform answered; waiting for the person to type the code.
        Authorized = "authorized",
        Linked = "linked",
        Failed = "failed",
        Expired = "expired",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document lists the words themselves (not the variants' names).
    #[cfg(feature = "openapi")]
    #[test]
    fn the_document_lists_the_words() {
        fn listed<T: utoipa::PartialSchema>() -> serde_json::Value {
            serde_json::to_value(T::schema()).unwrap()["enum"].clone()
        }
        assert_eq!(listed::<JobStatus>(), serde_json::json!(JobStatus::WORDS));
        assert_eq!(listed::<JobType>(), serde_json::json!(JobType::WORDS));
        assert_eq!(
            listed::<TranscodeStatus>(),
            serde_json::json!(TranscodeStatus::WORDS)
        );
        assert_eq!(
            listed::<LinkHandoffStatus>(),
            serde_json::json!(LinkHandoffStatus::WORDS)
        );
    }

    #[test]
    fn the_words_are_the_ones_sent() {
        use crate::job::status;
        assert_eq!(
            JobStatus::WORDS,
            [
                status::QUEUED,
                status::RUNNING,
                status::SUCCEEDED,
                status::FAILED,
                status::CANCELLED
            ]
        );
        for (i, word) in JobStatus::WORDS.iter().enumerate() {
            let variant: JobStatus = serde_json::from_value(serde_json::json!(word)).unwrap();
            assert_eq!(serde_json::to_value(variant).unwrap(), *word, "{i}");
        }
        use crate::track::{stream_status, transcode_status as t};
        assert_eq!(
            TranscodeStatus::WORDS,
            [
                t::PENDING,
                t::PROCESSING,
                t::READY,
                t::FAILED,
                t::NOT_NEEDED
            ]
        );
        assert_eq!(
            StreamStatus::WORDS,
            [stream_status::REACHABLE, stream_status::UNREACHABLE]
        );
        use crate::player::account_status;
        assert_eq!(
            AccountStatus::WORDS,
            [account_status::LINKED, account_status::NEEDS_RELINK]
        );
    }
}
