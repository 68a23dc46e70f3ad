//! Every format against the simulator: filled in below.
