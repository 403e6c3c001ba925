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

/// zstd frames one after another, unpacked.
struct Frames<R: BufRead> {
    decoder: Option<StreamingDecoder<R, FrameDecoder>>,
}

impl<R: BufRead> Read for Frames<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let Some(decoder) = self.decoder.as_mut() else { return Ok(0) };
            let n = decoder.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // This frame is done: another may follow.
            let Some(mut source) = self.decoder.take().map(|d| d.into_inner()) else { return Ok(0) };
            if source.fill_buf()?.is_empty() {
                return Ok(0);
            }
            let next = StreamingDecoder::new_with_max_window_size(source, MAX_WINDOW)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
            self.decoder = Some(next);
        }
    }
}

/// `input` as text lines: unpacked when it starts as zstd does.
pub fn unpacked(input: impl Read + 'static) -> Result<Box<dyn BufRead>, PackedError> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let packed = reader.fill_buf()?.starts_with(&MAGIC);
    if !packed {
        return Ok(Box::new(reader));
    }
    let decoder = StreamingDecoder::new_with_max_window_size(reader, MAX_WINDOW).map_err(|_| PackedError::Zstd)?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, Frames { decoder: Some(decoder) })))
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
}
