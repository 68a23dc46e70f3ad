//! ZIP archives for the tests that take them (the cards import, folder drops), hostile ones
//! included, made by the zip crate at test time.

use std::io::Write;

use zip::write::SimpleFileOptions;

/// A ZIP of `entries` (name, bytes, deflated?).
pub fn zip_of(entries: &[(&str, Vec<u8>, bool)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes, deflated) in entries {
        let method = if *deflated {
            zip::CompressionMethod::Deflated
        } else {
            zip::CompressionMethod::Stored
        };
        out.start_file(
            *name,
            SimpleFileOptions::default().compression_method(method),
        )
        .unwrap();
        out.write_all(bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

/// A ZIP of 100,000 empty entries.
pub fn hundred_thousand_entries() -> Vec<u8> {
    let mut many = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..100_000 {
        many.start_file(format!("e/{i}"), SimpleFileOptions::default())
            .unwrap();
    }
    many.finish().unwrap().into_inner()
}

/// A ZIP whose entry `link` is a symbolic link to `/etc/passwd`, beside `files`.
pub fn with_symlink(link: &str, files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut linked = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    linked
        .add_symlink(link, "/etc/passwd", SimpleFileOptions::default())
        .unwrap();
    for (name, bytes) in files {
        linked
            .start_file(*name, SimpleFileOptions::default())
            .unwrap();
        linked.write_all(bytes).unwrap();
    }
    linked.finish().unwrap().into_inner()
}

/// A tiny ZIP of three entries whose directory claims nearly 4 GiB each: 12 GB declared.
pub fn declaring_twelve_gb(names: [&str; 3]) -> Vec<u8> {
    let mut huge = zip_of(&[
        (names[0], b"x".to_vec(), false),
        (names[1], b"y".to_vec(), false),
        (names[2], b"z".to_vec(), false),
    ]);
    let mut at = 0;
    while let Some(found) = huge[at..]
        .windows(4)
        .position(|w| w == [0x50, 0x4b, 0x01, 0x02])
    {
        let record = at + found;
        huge[record + 24..record + 28].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
        at = record + 4;
    }
    huge
}
