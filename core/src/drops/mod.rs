//! Dropping a folder or a ZIP of audio onto Cardsmith: what each file is (`probe`) and the
//! plan of cards they make (`plan`), shown and edited before anything is made.

pub mod plan;
pub mod probe;
