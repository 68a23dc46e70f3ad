//! The files of what the parent chose or dropped, each with its path inside it: a folder
//! picker's files carry `webkitRelativePath` ("Audiobooks/The Hobbit/01.mp3"); a dropped
//! folder is walked with the entries API (its entries must be taken while the drop event
//! lasts, so the walk starts from them); plain files and ZIPs are their own names.

use leptos::wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Array, Promise, Reflect};
use web_sys::{
    DataTransfer, File, FileList, FileSystemDirectoryEntry, FileSystemEntry, FileSystemFileEntry,
};

/// A chosen file and its path inside what was chosen.
pub type Picked = (String, File);

/// The files of a picker's list, by their path in the chosen folder (else their name).
pub fn from_list(files: &FileList) -> Vec<Picked> {
    (0..files.length())
        .filter_map(|i| files.get(i))
        .map(|file| {
            let relative = Reflect::get(&file, &JsValue::from_str("webkitRelativePath"))
                .ok()
                .and_then(|v| v.as_string())
                .filter(|p| !p.is_empty());
            (relative.unwrap_or_else(|| file.name()), file)
        })
        .collect()
}

/// The entries of a drop, taken while its event lasts (after it, the list is empty).
pub fn entries_of(data: &DataTransfer) -> Vec<FileSystemEntry> {
    let items = data.items();
    (0..items.length())
        .filter_map(|i| items.get(i))
        .filter_map(|item| item.webkit_get_as_entry().ok().flatten())
        .collect()
}

/// Every file under `entries`, folders walked to the bottom.
pub async fn walk(entries: Vec<FileSystemEntry>) -> Vec<Picked> {
    let mut out = Vec::new();
    let mut pending = entries;
    while let Some(entry) = pending.pop() {
        if entry.is_file() {
            let file_entry: FileSystemFileEntry = entry.clone().unchecked_into();
            let promise = Promise::new(&mut |resolve, reject| {
                file_entry.file_with_callback_and_callback(&resolve, &reject);
            });
            if let Ok(file) = JsFuture::from(promise).await {
                if let Ok(file) = file.dyn_into::<File>() {
                    let path = entry.full_path().trim_start_matches('/').to_owned();
                    out.push((path, file));
                }
            }
        } else if entry.is_directory() {
            let folder: FileSystemDirectoryEntry = entry.unchecked_into();
            let reader = folder.create_reader();
            // each read answers a batch; an empty one means the folder is done
            loop {
                let promise = Promise::new(&mut |resolve, reject| {
                    let _ = reader.read_entries_with_callback_and_callback(&resolve, &reject);
                });
                let Ok(batch) = JsFuture::from(promise).await else {
                    break;
                };
                let batch: Array = batch.unchecked_into();
                if batch.length() == 0 {
                    break;
                }
                pending.extend(batch.iter().map(|e| e.unchecked_into::<FileSystemEntry>()));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// What the drop is called: the one folder everything is in, or the one ZIP's name without
/// `.zip`, else `None` (the server then names it).
pub fn drop_name(picked: &[Picked]) -> Option<String> {
    super::name_of(picked.iter().map(|(p, _)| p.as_str()))
}
