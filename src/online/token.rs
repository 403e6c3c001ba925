//! The lichess token, kept in the settings folder in a file only its
//! owner can read (mode 0600, created so; a wider file is narrowed, never
//! the other way). It is never printed, spoken or logged.

use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::PathBuf;

/// The token's file.
pub fn token_path() -> PathBuf {
    crate::config::config_path().with_file_name("lichess-token")
}

/// A token as typed or pasted: trimmed; None when it cannot be one
/// (empty, too long, or holding anything but the characters of a token).
pub fn checked(text: &str) -> Option<String> {
    let t = text.trim();
    let ok = !t.is_empty() && t.len() <= 200 && t.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    ok.then(|| t.to_string())
}

/// The kept token, if any.
pub fn load() -> Option<String> {
    // A token file another user could have written is not used.
    crate::files::ours(&token_path()).ok()?;
    checked(&crate::files::bounded::read_text(&token_path(), 4096).ok()?)
}

/// Keeps the token (mode 0600).
pub fn save(token: &str) -> std::io::Result<()> {
    let path = token_path();
    if let Some(dir) = path.parent() {
        crate::files::private_dir(dir)?;
    }
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&path)?;
    file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    file.write_all(token.as_bytes())?;
    file.write_all(b"\n")?;
    file.sync_all()
}

/// The file of the server the token was given for (at login).
fn server_path() -> PathBuf {
    crate::config::config_path().with_file_name("lichess-server")
}

/// Keeps the server the token was given for, beside it (mode 0600): the
/// later commands go to it unless told otherwise.
pub fn save_server(server: &str) -> std::io::Result<()> {
    let text = format!("{}\n", server.trim_end_matches('/'));
    crate::files::write_atomic(&server_path(), &text)?;
    std::fs::set_permissions(server_path(), std::fs::Permissions::from_mode(0o600))
}

/// The server the kept token was given for, if it was kept (and is ours,
/// and one voxchess may send a token to).
pub fn load_server() -> Option<String> {
    crate::files::ours(&server_path()).ok()?;
    let text = crate::files::bounded::read_text(&server_path(), 1024).ok()?;
    let server = text.trim().to_string();
    crate::config::secure_server(&server, "--server").ok().map(|()| server)
}

/// Forgets the token (and its server); true when there was one.
pub fn forget() -> bool {
    let _ = std::fs::remove_file(server_path());
    std::fs::remove_file(token_path()).is_ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_token_is_only_token_characters() {
        assert_eq!(super::checked("  lip_abcDEF123\n").as_deref(), Some("lip_abcDEF123"));
        assert_eq!(super::checked(""), None);
        assert_eq!(super::checked("lip_a b"), None);
        assert_eq!(super::checked("lip\u{1b}[2J"), None);
    }
}
