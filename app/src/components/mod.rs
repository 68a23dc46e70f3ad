//! Small building blocks shared by pages.

pub mod form;
pub mod navigation;
