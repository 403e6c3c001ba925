//! Playing on lichess through its Board API: a small typed client of our
//! own over ureq (blocking, which fits the threads the game already has;
//! no async runtime to build), the lichess JSON read into tolerant models
//! (unknown fields ignored, missing ones defaulted), the token kept in a
//! file of mode 0600, and the remote side as one more
//! [`crate::game::Opponent`]: what the server's streams say becomes typed
//! [`crate::game::OpponentAct`]s, what the player does is posted. Nothing
//! above this module sees a lichess type: the lobby gets [`LobbyNews`].

pub mod api;
pub mod broadcast;
pub mod explorer;
pub mod export;
mod follow;
pub mod lobby;
pub mod lookup;
mod model;
pub mod opponent;
pub mod puzzle;
pub mod tablebase;
pub mod token;
pub mod tournament;
pub mod tv;

pub use api::{ApiError, Client, Lines};
pub use lobby::{InProgress, Listing, LobbyNews, Rematch, SeekSpeed, lobby_stream, rematch_of, speed_of};
pub use opponent::{OnlineGame, OnlineOpponent};

/// Text from the server made safe to show and say (the one output filter).
pub(crate) fn plain_text(text: &str) -> String {
    crate::filter::clean(text)
}

/// Whether `id` has the form of a lichess id (a game's, a challenge's):
/// 8 to 12 ASCII letters and digits. Anything else from a server is not
/// used.
pub(crate) fn is_id(id: &str) -> bool {
    (8..=12).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Text to put in a URL's path as one segment: letters, digits, `-`,
/// `_`, `.` and `~` as they are, every other byte percent-encoded (a
/// slash, a question mark or a newline never changes the request).
pub(crate) fn path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Any text is one path segment: nothing but unreserved
        /// characters and escapes.
        #[test]
        fn any_text_is_one_path_segment(text in ".*") {
            let seg = path_segment(&text);
            proptest::prop_assert!(seg.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)));
        }
    }

    #[test]
    fn ids_have_lichess_form() {
        assert!(is_id("5IrD6Gzz") && is_id("5IrD6GzzABCD"));
        assert!(!is_id("5IrD6Gz") && !is_id("5IrD6Gzz\n") && !is_id("../../x") && !is_id("abc/defgh"));
        assert_eq!(path_segment("a/b?c\n"), "a%2Fb%3Fc%0A");
    }
}
