//! A puzzle file as lichess publishes it (`lichess_db_puzzle.csv.zst`,
//! zstd, one frame or several) or unpacked: told apart by zstd's magic
//! number, and read as a stream either way (never the whole file in
//! memory; a window of at most [`MAX_WINDOW`]).

use ruzstd::decoding::{FrameDecoder, StreamingDecoder};
use std::io::{BufRead, BufReader, Read};

/// zstd's frame magic number, as it starts a file.
const MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];
/// The largest zstd window accepted (lichess's files use 8 MiB).
const MAX_WINDOW: u64 = 32 << 20;

/// Why a packed file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PackedError {
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The zstd data is broken (or needs a window too large).
    #[error("the zstd data cannot be unpacked")]
    Zstd,
}

/// The first bytes of a skippable frame (0x184D2A50 to 0x184D2A5F, as
/// `pzstd` writes one first): the low nibble of the first byte is free.
fn skippable(head: &[u8]) -> bool {
    head.len() >= 4 && head[0] & 0xF0 == 0x50 && head[1..4] == [0x2A, 0x4D, 0x18]
}

/// A reader that can look ahead a few bytes without taking them.
struct Peek<R> {
    inner: R,
    ahead: Vec<u8>,
}

impl<R: Read> Peek<R> {
    /// Up to `n` bytes ahead (fewer only at the end of the input).
    fn peek(&mut self, n: usize) -> std::io::Result<&[u8]> {
        while self.ahead.len() < n {
            let mut buf = [0u8; 16];
            let want = (n - self.ahead.len()).min(buf.len());
            let got = self.inner.read(&mut buf[..want])?;
            if got == 0 {
                break;
            }
            self.ahead.extend_from_slice(&buf[..got]);
        }
        Ok(&self.ahead[..n.min(self.ahead.len())])
    }

    /// Skips `n` bytes: false when the input ends first.
    fn skip(&mut self, n: u64) -> std::io::Result<bool> {
        let from_ahead = (n as usize).min(self.ahead.len());
        self.ahead.drain(..from_ahead);
        let rest = n - from_ahead as u64;
        let skipped = std::io::copy(&mut (&mut self.inner).take(rest), &mut std::io::sink())?;
        Ok(skipped == rest)
    }
}

impl<R: Read> Read for Peek<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.ahead.is_empty() {
            return self.inner.read(buf);
        }
        let n = buf.len().min(self.ahead.len());
        buf[..n].copy_from_slice(&self.ahead[..n]);
        self.ahead.drain(..n);
        Ok(n)
    }
}

/// The input ends before its zstd data does.
fn cut_short() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "the zstd data ends too soon")
}

/// The zstd data cannot be unpacked (damaged, or bytes that are no
/// frame).
fn damaged() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, "the zstd data is damaged")
}

type Decoder<R> = StreamingDecoder<Peek<R>, FrameDecoder>;

/// The next zstd frame of `src`, skippable frames skipped: None at the
/// end of the input.
fn next_frame<R: Read>(mut src: Peek<R>) -> std::io::Result<Option<Decoder<R>>> {
    loop {
        let head = src.peek(8)?;
        if head.is_empty() {
            return Ok(None);
        }
        if head.starts_with(&MAGIC) {
            return StreamingDecoder::new_with_max_window_size(src, MAX_WINDOW).map(Some).map_err(|_| damaged());
        }
        if skippable(head) && head.len() == 8 {
            let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
            src.skip(8)?;
            if !src.skip(u64::from(size))? {
                return Err(cut_short());
            }
            continue;
        }
        // The start of a frame's header cut off, or bytes that are none.
        let partial = MAGIC.starts_with(head) || (head.len() < 8 && (skippable(head) || head[0] & 0xF0 == 0x50));
        return Err(if partial { cut_short() } else { damaged() });
    }
}

/// zstd frames one after another (skippable ones skipped), unpacked.
struct Frames<R: Read> {
    decoder: Option<Decoder<R>>,
}

impl<R: Read> Read for Frames<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let Some(decoder) = self.decoder.as_mut() else { return Ok(0) };
            let n = match decoder.read(buf) {
                Ok(n) => n,
                // Said by what happened, never the decoder's own text.
                Err(_) => {
                    let at_end = decoder.get_mut().peek(1).map(<[u8]>::is_empty).unwrap_or(false);
                    self.decoder = None;
                    return Err(if at_end { cut_short() } else { damaged() });
                }
            };
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // This frame is done: another may follow.
            let Some(source) = self.decoder.take().map(|d| d.into_inner()) else { return Ok(0) };
            self.decoder = next_frame(source)?;
        }
    }
}

/// `input` as text lines: unpacked when it starts as zstd does (a frame,
/// or a skippable frame first, as `pzstd` writes).
pub fn unpacked(input: impl Read + 'static) -> Result<Box<dyn BufRead>, PackedError> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let head = reader.fill_buf()?;
    if !(head.starts_with(&MAGIC) || skippable(head)) {
        return Ok(Box::new(reader));
    }
    let decoder = next_frame(Peek { inner: reader, ahead: Vec::new() }).map_err(|_| PackedError::Zstd)?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, Frames { decoder })))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zstd frame of raw blocks holding `text` (what `zstd` makes of
    /// text it cannot shrink), so the test needs no packer.
    fn frame(text: &[u8]) -> Vec<u8> {
        let mut f = MAGIC.to_vec();
        // Single segment, content size in one byte (under 256 bytes).
        f.push(0b0010_0000);
        f.push(text.len() as u8);
        // One last raw block.
        let header = ((text.len() as u32) << 3) | 1;
        f.extend_from_slice(&header.to_le_bytes()[..3]);
        f.extend_from_slice(text);
        f
    }

    #[test]
    fn plain_and_packed_text_read_alike_and_frames_follow_each_other() {
        let mut plain = String::new();
        unpacked(&b"a,b\nc,d\n"[..]).expect("plain").read_to_string(&mut plain).expect("read");
        assert_eq!(plain, "a,b\nc,d\n");
        let mut two = frame(b"a,b\n");
        two.extend(frame(b"c,d\n"));
        let mut text = String::new();
        unpacked(std::io::Cursor::new(two)).expect("packed").read_to_string(&mut text).expect("read");
        assert_eq!(text, "a,b\nc,d\n");
        let mut broken = MAGIC.to_vec();
        broken.extend([0xFF; 8]);
        let read = unpacked(std::io::Cursor::new(broken)).and_then(|mut r| {
            let mut s = String::new();
            r.read_to_string(&mut s).map(|_| s).map_err(PackedError::Io)
        });
        assert!(read.is_err());
    }

    fn read_all(bytes: Vec<u8>) -> std::io::Result<String> {
        let mut text = String::new();
        unpacked(std::io::Cursor::new(bytes))
            .map_err(|e| std::io::Error::other(e.to_string()))?
            .read_to_string(&mut text)?;
        Ok(text)
    }

    /// A skippable frame first (as pzstd writes) and between frames is
    /// skipped; a file cut short, or ending in bytes that are no frame,
    /// is an error of its kind, the text before it read.
    #[test]
    fn skippable_frames_are_skipped_and_a_cut_file_is_said_as_cut() {
        let skip = |n: u8| {
            let mut f = vec![0x50 | n, 0x2A, 0x4D, 0x18, 3, 0, 0, 0];
            f.extend([1, 2, 3]);
            f
        };
        let mut file = skip(0);
        file.extend(frame(b"a,b\n"));
        file.extend(skip(7));
        file.extend(frame(b"c,d\n"));
        assert_eq!(read_all(file.clone()).expect("read"), "a,b\nc,d\n");
        // Cut inside the second frame.
        let cut = file[..file.len() - 2].to_vec();
        assert_eq!(read_all(cut).map_err(|e| e.kind()).err(), Some(std::io::ErrorKind::UnexpectedEof));
        // Cut inside a frame's header.
        let mut cut = frame(b"a,b\n");
        cut.extend(&MAGIC[..2]);
        assert_eq!(read_all(cut).map_err(|e| e.kind()).err(), Some(std::io::ErrorKind::UnexpectedEof));
        // Bytes after the last frame that are none.
        let mut trailing = frame(b"a,b\n");
        trailing.extend(b"garbage!");
        assert_eq!(read_all(trailing).map_err(|e| e.kind()).err(), Some(std::io::ErrorKind::InvalidData));
    }
}
