//! What the tests share, apart from the tests themselves: starting an app (`helpers`), its
//! database (`database`), the real binary as a child process (`process`) and audio files made
//! for the tests (`audio_fixtures`) and a relay that can cut a connection (`relay`).

pub mod audio_fixtures;
pub mod database;
pub mod helpers;
pub mod process;
pub mod relay;
