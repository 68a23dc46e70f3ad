//! One module per screen.

pub mod admin_users;
pub mod card;
pub mod collection;
pub mod frame;
pub mod labels;
pub mod library;
pub mod login;
pub mod not_found;
pub mod settings;
