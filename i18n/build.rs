//! `static_loader!` reads `locales/` while compiling: rebuild whenever a translation changes.
fn main() {
    println!("cargo:rerun-if-changed=locales");
}
