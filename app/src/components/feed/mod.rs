//! A podcast or audio feed as a card, in the browser: the form that makes one in a
//! collection (`FeedCardForm`) and the card's panel that shows and changes how it follows
//! its feed (`FeedPanel`). Both talk to the REST endpoints of feeds and follow the refresh
//! job with a progress bar. What the fields hold is read into model inputs by pure code
//! (`choices`), tested natively; the fields both forms share are `fields`.

mod choices;
mod create;
mod fields;
mod panel;

pub use create::FeedCardForm;
pub use panel::FeedPanel;
