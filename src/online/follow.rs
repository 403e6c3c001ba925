//! A stream that is watched (lichess TV, a game's moves, a broadcast
//! round) kept open while the player watches: opened again when it
//! drops, with growing pauses (a minute after a 429), its loss said once
//! and its return once. One loop for every feed; what the lines mean is
//! the caller's.

use super::api::{ApiError, Client, Lines};
use std::time::{Duration, Instant};

/// A stream open this long held: when it ends, it is opened again at
/// once, and the pauses between reopenings start again from the
/// shortest.
pub(crate) const HELD: Duration = Duration::from_secs(10);

/// The pauses between attempts to reconnect: growing up to 30 s.
pub(crate) fn pause(attempt: u32) -> Duration {
    Duration::from_secs((1u64 << attempt.min(5)).min(30))
}

/// How long to wait before opening a watched stream again after
/// `attempt` failed tries: the growing pauses; a minute after a 429.
fn pause_after(attempt: u32, limited: bool) -> Duration {
    if limited { Duration::from_secs(60) } else { pause(attempt) }
}

/// What a reader of a feed says of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Read {
    /// Read on.
    More,
    /// What is watched has ended: nothing more comes.
    Over,
}

/// Follows the stream at `path` until `stopped()` or the reader says it
/// is over, each line given to `read`. A stream that drops is opened
/// again: at once after one that held a while (quiet streams send no
/// keep-alives, so silence ends a read), else after growing pauses;
/// `connection(false)` once when it is lost (three short tries, or a
/// failed reopening), `connection(true)` once when it is back. A stream
/// that cannot be opened at first is the error returned; after that,
/// nothing is.
pub(crate) fn follow(
    client: &Client,
    path: &str,
    mut read: impl FnMut(&str) -> Read,
    connection: impl Fn(bool),
    stopped: impl Fn() -> bool,
) -> Result<(), ApiError> {
    let (mut attempt, mut lost, mut ever) = (0u32, false, false);
    while !stopped() {
        match client.stream(path) {
            Ok(lines) => {
                let opened = Instant::now();
                if std::mem::take(&mut lost) {
                    connection(true);
                }
                let (gave, over) = lines_of(lines, &mut read, &stopped);
                ever |= gave;
                if stopped() || over {
                    return Ok(());
                }
                if gave && opened.elapsed() >= HELD {
                    attempt = 0;
                    continue;
                }
                attempt += 1;
                if attempt >= 3 && !std::mem::replace(&mut lost, true) {
                    connection(false);
                }
                sleep_unless(&stopped, pause_after(attempt, false));
            }
            Err(e) if !ever => return Err(e),
            Err(e) => {
                if !std::mem::replace(&mut lost, true) {
                    connection(false);
                }
                attempt += 1;
                sleep_unless(&stopped, pause_after(attempt, e.wait().is_some()));
            }
        }
    }
    Ok(())
}

/// Reads a stream's lines until it ends: whether it gave any, and
/// whether the reader said it is over.
fn lines_of(mut lines: Lines, read: &mut impl FnMut(&str) -> Read, stopped: &impl Fn() -> bool) -> (bool, bool) {
    let mut gave = false;
    while let Some(line) = lines.next_line() {
        if stopped() {
            return (gave, false);
        }
        gave = true;
        if read(&line) == Read::Over {
            return (gave, true);
        }
    }
    (gave, false)
}

/// Sleeps `d`, waking early when watching stops.
fn sleep_unless(stopped: &impl Fn() -> bool, d: Duration) {
    let end = Instant::now() + d;
    while !stopped() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
}
