//! Reading from outside without holding more than a limit: a line of a
//! redirected input, of an engine's output. A longer line is cut and its
//! rest skipped a buffer at a time.

use std::io::BufRead;

/// Reads one line of at most `max` bytes (the rest of a longer line is
/// skipped); None at the end of input.
pub(crate) fn read_line_limited<R: BufRead>(input: &mut R, max: usize) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let n = std::io::Read::take(&mut *input, max as u64).read_until(b'\n', &mut buf).ok()?;
    if n == 0 {
        return None;
    }
    if buf.len() == max && buf.last() != Some(&b'\n') {
        // Skip to the end of the line, a buffer at a time.
        while let Ok(chunk) = input.fill_buf() {
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|b| *b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let len = chunk.len();
                    input.consume(len);
                }
            }
        }
    }
    Some(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_the_rest_skipped() {
        let long = format!("{}\nnext\n", "x".repeat(100_000));
        let mut input = std::io::BufReader::with_capacity(1024, long.as_bytes());
        let first = read_line_limited(&mut input, 4096).expect("a line");
        assert_eq!(first.len(), 4096);
        assert_eq!(read_line_limited(&mut input, 4096).expect("the next line"), b"next\n");
        assert_eq!(read_line_limited(&mut input, 4096), None);
    }
}
