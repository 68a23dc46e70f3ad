//! Small building blocks shared by pages.

pub mod ai_providers;
pub mod card_fields;
pub mod confirm;
pub mod copy;
pub mod cover;
pub mod cover_generate;
pub mod deletion;
pub mod email_links;
pub mod examples;
pub mod file_drop;
pub mod first_run;
pub mod form;
pub mod icon_studio;
pub mod image_upload;
pub mod invitations;
pub mod layout;
pub mod library;
pub mod modal;
pub mod navigation;
pub mod oidc;
pub mod publish;
pub mod recorder;
pub mod seed;
pub mod slug_form;
pub mod spoken_track;
pub mod waveform;
