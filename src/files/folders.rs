//! The player's folders and files of their own: a folder made readable by
//! its owner only, and a file read only when it is the player's and no
//! one else may write it.

/// A file of ours to read (the settings, the token): owned by this user
/// and writable by nobody else; otherwise an error that says so, and
/// nothing in it is used (another user could have planted a server or an
/// engine there).
pub(crate) fn ours(path: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me || meta.mode() & 0o022 != 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "it is not yours or other users may write it; nothing in it is used (chmod 600)",
        ));
    }
    Ok(())
}

/// Creates a folder of ours (and the missing ones above it) readable only
/// by this user, whatever the umask; an existing folder is left as it is.
pub(crate) fn private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    Ok(())
}
