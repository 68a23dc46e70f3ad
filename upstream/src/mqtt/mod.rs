//! The players' live channel (upstream contract §6.5): MQTT, the platform's documented path for
//! commands and for what a player is doing now.
//!
//! - [`topic`]: topic names, built only from checked device ids (no wildcard or level can be
//!   smuggled in);
//! - [`command`]: the commands and their payloads, and the keys they are acknowledged under;
//! - [`message`]: what players publish (events, status, acknowledgements, lifecycle);
//! - [`channel`]: one connection per linked account, with its token as the password.

pub mod channel;
pub mod command;
pub mod message;
pub mod topic;

pub use channel::{ChannelConfig, ChannelState, CommandError, PlayerChannel, TokenSource};
pub use command::{PlayerCommand, StartAt};
pub use message::{Ack, PlayerEvent, PlayerMessage};
pub use topic::DeviceId;
