//! Reading from outside without holding more than a limit: a line of a
//! redirected input, of an engine's output (a longer line is cut and its
//! rest skipped a buffer at a time); a whole file (only a regular file,
//! checked after it is opened, and never more than a limit, counted in
//! the bytes read, not the size the file claims).

use std::io::{BufRead, Read};
use std::path::Path;

/// The most of one typed line that is kept (the rest of a longer line is
/// read and dropped without being held).
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// One typed line, as every reader of the player's input reads it: at
/// most [`MAX_LINE_BYTES`], bytes that are not UTF-8 read as text not
/// understood (never an end of input), without its line end; None at the
/// end of input.
pub(crate) fn read_text_line<R: BufRead + ?Sized>(input: &mut R) -> Option<String> {
    let buf = read_line_limited(input, MAX_LINE_BYTES)?;
    Some(String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string())
}

/// Opens a file to read without waiting: a FIFO planted where a file
/// should be would block the open (O_NONBLOCK); anything but a regular
/// file is refused after the open (fstat, so nothing can be swapped in
/// between). `follow`: whether a symbolic link is followed.
pub(crate) fn open_regular(path: &Path, follow: bool) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let flags = libc::O_NONBLOCK | if follow { 0 } else { libc::O_NOFOLLOW };
    let file = std::fs::OpenOptions::new().read(true).custom_flags(flags).open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "it is not a regular file"));
    }
    Ok(file)
}

/// Reads a regular file of at most `max` bytes as text (symbolic links
/// followed): a larger file, a device, a FIFO or bytes that are not
/// UTF-8 are errors, and no more than `max` + 1 bytes are ever held.
pub fn read_text(path: &Path, max: u64) -> std::io::Result<String> {
    read_regular_text(path, max, true)
}

/// [`read_text`], with symbolic links followed or not (`follow`): a link
/// not followed is an error (ELOOP).
pub(crate) fn read_regular_text(path: &Path, max: u64, follow: bool) -> std::io::Result<String> {
    let file = open_regular(path, follow)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        let size = if max >= 1 << 20 { format!("{} MiB", max >> 20) } else { format!("{} KiB", max >> 10) };
        return Err(std::io::Error::new(std::io::ErrorKind::FileTooLarge, format!("it is larger than {size}")));
    }
    String::from_utf8(bytes).map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not text"))
}

/// Reads one line of at most `max` bytes (the rest of a longer line is
/// skipped); None at the end of input.
pub(crate) fn read_line_limited<R: BufRead + ?Sized>(input: &mut R, max: usize) -> Option<Vec<u8>> {
    read_line_or_error(input, max).ok().flatten()
}

/// [`read_line_limited`], telling the end of input (`Ok(None)`) from a
/// failed read (`Err`).
pub(crate) fn read_line_or_error<R: BufRead + ?Sized>(input: &mut R, max: usize) -> std::io::Result<Option<Vec<u8>>> {
    Ok(read_row(input, max)?.map(|(row, _)| row))
}

/// [`read_line_or_error`], with the line's real length in the input (its
/// newline and what was skipped past `max` counted): offsets into a file
/// stay true whatever its lines hold.
pub(crate) fn read_row<R: BufRead + ?Sized>(input: &mut R, max: usize) -> std::io::Result<Option<(Vec<u8>, u64)>> {
    let mut buf = Vec::new();
    let n = std::io::Read::take(&mut *input, max as u64).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    let mut length = n as u64;
    if buf.len() == max && buf.last() != Some(&b'\n') {
        // Skip to the end of the line, a buffer at a time.
        while let Ok(chunk) = input.fill_buf() {
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|b| *b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    length += i as u64 + 1;
                    break;
                }
                None => {
                    let len = chunk.len();
                    input.consume(len);
                    length += len as u64;
                }
            }
        }
    }
    Ok(Some((buf, length)))
}

/// A reader that fails (timed out) once its deadline has passed: every
/// read checks it, so a peer that drips a byte at a time, or sends only
/// keep-alives, cannot keep a read of one line or one packet going past
/// it. No deadline: reads as the inner reader does.
pub(crate) struct Deadline<R> {
    inner: R,
    /// When reads stop.
    pub(crate) until: Option<std::time::Instant>,
}

impl<R> Deadline<R> {
    /// `inner`, with no deadline yet.
    pub(crate) fn new(inner: R) -> Deadline<R> {
        Deadline { inner, until: None }
    }
}

impl<R: Read> Read for Deadline<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.until.is_some_and(|t| std::time::Instant::now() >= t) {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the deadline has passed"));
        }
        self.inner.read(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A FIFO, a device and a too-large file are refused at once, and
    /// nothing past the limit is read.
    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("voxchess-bounded-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string and a mode.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert_eq!(read_text(&fifo, 100).unwrap_err().kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(read_text(Path::new("/dev/zero"), 100).unwrap_err().kind(), std::io::ErrorKind::InvalidInput);
        let big = dir.join("big");
        std::fs::write(&big, "x".repeat(101)).unwrap();
        assert_eq!(read_text(&big, 100).unwrap_err().kind(), std::io::ErrorKind::FileTooLarge);
        assert_eq!(read_text(&big, 101).unwrap().len(), 101);
        let _ = std::fs::remove_dir_all(&dir);
    }

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
