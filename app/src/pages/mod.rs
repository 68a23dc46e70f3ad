//! One module per screen.

pub mod accounts;
pub mod admin_audit;
pub mod admin_backups;
pub mod admin_deletion;
pub mod admin_health;
pub mod admin_jobs;
pub mod admin_mail;
pub mod admin_users;
pub mod card;
pub mod collection;
pub mod devices;
pub mod drop;
pub mod frame;
pub mod groups;
pub mod import;
pub mod labels;
pub mod library;
pub mod login;
pub mod not_found;
pub mod recovery;
pub mod settings;
