//! The book's configuration reference is the binary's own help, word for word
//! (`scripts/config-reference` writes it): a flag added or reworded fails here until the
//! page is regenerated.

use std::process::Command;

/// `cardsmith SUBCOMMAND --help` as an installed program prints it: no `CARDSMITH_*`
/// variables set (clap would show their values).
fn help(subcommand: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args([subcommand, "--help"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{subcommand} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The fenced text between the page's markers for `subcommand`.
fn documented(page: &str, subcommand: &str) -> String {
    let start = format!("<!-- {subcommand} --help -->\n```text\n");
    let end = format!("```\n<!-- /{subcommand} --help -->");
    let (_, rest) = page
        .split_once(&start)
        .unwrap_or_else(|| panic!("no {start:?}"));
    let (block, _) = rest
        .split_once(&end)
        .unwrap_or_else(|| panic!("no {end:?}"));
    block.to_owned()
}

#[test]
fn the_configuration_reference_is_the_binarys_help() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/src/admin/configuration.md"
    );
    let page = std::fs::read_to_string(path).unwrap();
    for subcommand in ["serve", "migrate-storage"] {
        assert_eq!(
            documented(&page, subcommand),
            help(subcommand),
            "docs/src/admin/configuration.md differs from `cardsmith {subcommand} --help`: \
             run scripts/config-reference and commit the page"
        );
    }
}
