//! One module per screen.

pub mod admin_users;
pub mod frame;
pub mod library;
pub mod login;
pub mod not_found;
pub mod settings;
