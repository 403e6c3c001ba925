//! The clocks a PGN gives: a `[%clk H:MM:SS]` comment after a move (as
//! lichess and other programs write them) and the `TimeControl` tag.

/// The time control of a PGN `TimeControl` tag, "180+2" (seconds): the
/// starting time and the increment (ms). Other forms (moves per period,
/// "-", "?") give none.
pub(crate) fn control(tag: Option<&str>) -> Option<(u64, u64)> {
    let tag = tag?.trim();
    let (base, inc) = tag.split_once('+').unwrap_or((tag, "0"));
    let secs = |t: &str| t.parse::<u64>().ok().filter(|s| *s <= 100_000).map(|s| s * 1000);
    Some((secs(base)?, secs(inc)?))
}

/// The clock a comment gives: `[%clk H:MM:SS]` (seconds may have a
/// fraction); None when there is none or it cannot be read.
pub(crate) fn clock_of(comment: &str) -> Option<u64> {
    let at = comment.find("[%clk")?;
    let rest = &comment[at + 5..];
    let value = rest[..rest.find(']')?].trim();
    let mut parts = value.split(':').rev();
    let secs: f64 = parts.next()?.parse().ok().filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s < 60.0)?;
    let mins: u64 = parts.next().map_or(Some(0), |m| m.parse().ok().filter(|m| *m < 60))?;
    let hours: u64 = parts.next().map_or(Some(0), |h| h.parse().ok().filter(|h| *h < 1000))?;
    if parts.next().is_some() {
        return None;
    }
    Some((hours * 3600 + mins * 60) * 1000 + (secs * 1000.0).round() as u64)
}

/// The comment that gives a clock, as lichess writes it: `[%clk H:MM:SS]`
/// (whole seconds, rounded down), read back by [`clock_of`].
pub(crate) fn clock_comment(ms: u64) -> String {
    let secs = ms / 1000;
    format!("[%clk {}:{:02}:{:02}]", secs / 3600, secs / 60 % 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_controls_are_read() {
        assert_eq!(clock_of("[%clk 0:03:10]"), Some(190_000));
        assert_eq!(clock_of("good [%eval 0.3] [%clk 1:00:00.5] move"), Some(3_600_500));
        assert_eq!(clock_of("[%clk 0:61:00]"), None);
        assert_eq!(clock_of("[%clk x]"), None);
        for ms in [0, 59_999, 190_000, 3_600_000, 36_000_000 + 61_000] {
            assert_eq!(clock_of(&clock_comment(ms)), Some(ms / 1000 * 1000), "{ms}");
        }
        assert_eq!(clock_of("no clock"), None);
        assert_eq!(control(Some("180+2")), Some((180_000, 2_000)));
        assert_eq!(control(Some("600")), Some((600_000, 0)));
        assert_eq!(control(Some("-")), None);
        assert_eq!(control(Some("40/7200:3600")), None);
    }
}
