//! What the tests share, apart from the tests themselves: starting an app (`helpers`), its
//! database (`database`), the real binary as a child process (`process`) and audio files made
//! for the tests (`audio_fixtures`) a relay that can cut a connection (`relay`) and ZIPs, hostile ones
//! included (`zips`).

pub mod audio_fixtures;
pub mod database;
pub mod feed_server;
pub mod helpers;
pub mod process;
pub mod relay;
pub mod zips;
