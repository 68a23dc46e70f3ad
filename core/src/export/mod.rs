//! A parent's cards as a ZIP, out and back in: "Download my cards" (a collection, or every
//! card the parent can see) writes the ZIP as a job ([`job`], [`write`]); an import reads one
//! into a collection ([`read`]). The format is `cardsmith_model::export`.

pub mod job;
pub mod read;
pub mod write;
