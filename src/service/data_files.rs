//! The files Warwick keeps in its data and games folders (the settings, the games database,
//! exported history): each written whole or not at all, and each refused by name when what
//! stands at its path is not a plain file (a pipe would block a read for ever, a folder or a
//! device can never be written). Must not hold rule logic.

use std::io::Write;
use std::path::Path;

use super::error::{ServiceError, ServiceResult};
use super::settings::folder_error;

/// Refuses, by its name, anything at `path` that is not a plain file (a link to one is
/// followed); nothing there is fine.
pub fn check_file(path: &Path) -> ServiceResult<()> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => Err(ServiceError::Folder(format!(
            "{} is {}, not a file: Warwick keeps its own file there. Move it away and start \
             Warwick again",
            path.display(),
            kind_words(&meta.file_type())
        ))),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(folder_error(path, &error)),
    }
}

/// What a file type is, in words.
fn kind_words(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Writes a file whole or not at all: to a new temporary file beside it (never one already
/// there, which could be anything), flushed, then renamed over the old one. What stands at
/// `path` must be a plain file or nothing.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> ServiceResult<()> {
    check_file(path)?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".to_owned(), |n| n.to_string_lossy().into_owned());
    let mut salt = [0u8; 8];
    getrandom::fill(&mut salt)
        .map_err(|e| ServiceError::Folder(format!("no random name for a temporary file: {e}")))?;
    let temporary = folder.join(format!(".{name}.{}.tmp", hex::encode(salt)));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        folder_error(path, &e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_whole_and_special_files_are_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        write_atomically(&path, b"{}").unwrap();
        write_atomically(&path, b"{\"a\":1}").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}");
        // Nothing left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let folder = dir.path().join("warwick.db");
        std::fs::create_dir(&folder).unwrap();
        let error = check_file(&folder).unwrap_err().to_string();
        assert!(
            error.contains("warwick.db") && error.contains("a folder"),
            "{error}"
        );
        assert!(write_atomically(&folder, b"x").is_err());
        #[cfg(unix)]
        {
            let fifo = dir.path().join("pipe.json");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let error = check_file(&fifo).unwrap_err().to_string();
                assert!(
                    error.contains("pipe.json") && error.contains("a pipe"),
                    "{error}"
                );
                // Refused before any open: a pipe would block the write.
                assert!(write_atomically(&fifo, b"x").is_err());
            }
        }
    }
}
