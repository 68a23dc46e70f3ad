//! Dropping a folder or a ZIP of audio onto Cardsmith: the plan of cards it makes (`plan`),
//! shown and edited before anything is made.

pub mod plan;
