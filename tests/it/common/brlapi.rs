//! A hostile BrlAPI server of the tests' own, on 127.0.0.1 (the port
//! BRLAPI_HOST "127.0.0.1:N" names, 4101 + N), speaking BrlAPI's packets
//! (4-byte size, 4-byte type, body; all big-endian) as BRLTTY's
//! Programs/brlapi_server.c does, but misbehaving on purpose.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

/// How the server misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misbehaviour {
    /// Key packets without end before its version: never a handshake.
    FloodBeforeVersion,
    /// Its version a byte every 300 ms.
    DripVersion,
    /// A handshake as BRLTTY's, for a display of 1000 by 100 cells.
    HugeDisplay,
    /// A good handshake (40 cells), then key packets without end.
    KeyFlood,
}

/// The server: where it listens.
pub struct FakeBrlapi {
    /// BRLAPI_HOST's value.
    pub host: String,
}

fn packet(kind: u8, body: &[u8]) -> Vec<u8> {
    let mut p = (body.len() as u32).to_be_bytes().to_vec();
    p.extend_from_slice(&u32::from(kind).to_be_bytes());
    p.extend_from_slice(body);
    p
}

fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

/// Reads one packet's type; None when the client went.
fn read_packet(s: &mut TcpStream) -> Option<u8> {
    let mut header = [0u8; 8];
    s.read_exact(&mut header).ok()?;
    let size = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
    let mut body = vec![0u8; size.min(1 << 16)];
    s.read_exact(&mut body).ok()?;
    Some(header[7])
}

/// A key packet: BRLTTY's "line down" command.
fn key() -> Vec<u8> {
    packet(b'k', &words(&[0, 0x2000_0002]))
}

fn serve(mut s: TcpStream, how: Misbehaviour) {
    let _ = s.set_nodelay(true);
    match how {
        Misbehaviour::FloodBeforeVersion => {
            let k = key().repeat(64);
            while s.write_all(&k).is_ok() {}
        }
        Misbehaviour::DripVersion => {
            for b in packet(b'v', &words(&[8])) {
                if s.write_all(&[b]).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(300));
            }
            while read_packet(&mut s).is_some() {}
        }
        Misbehaviour::HugeDisplay | Misbehaviour::KeyFlood => {
            let (cells, lines) = if how == Misbehaviour::HugeDisplay { (1000, 100) } else { (40, 1) };
            if s.write_all(&packet(b'v', &words(&[8]))).is_err() || read_packet(&mut s) != Some(b'v') {
                return;
            }
            if s.write_all(&packet(b'a', &words(&[u32::from(b'N')]))).is_err() || read_packet(&mut s) != Some(b's') {
                return;
            }
            if s.write_all(&packet(b's', &words(&[cells, lines]))).is_err() || read_packet(&mut s) != Some(b't') {
                return;
            }
            if s.write_all(&packet(b'A', &[])).is_err() {
                return;
            }
            // What the client writes is read and dropped.
            let Ok(mut reader) = s.try_clone() else { return };
            std::thread::spawn(move || while read_packet(&mut reader).is_some() {});
            if how == Misbehaviour::KeyFlood {
                let k = key().repeat(256);
                while s.write_all(&k).is_ok() {}
            } else {
                while read_packet(&mut s).is_some() {}
            }
        }
    }
}

impl FakeBrlapi {
    /// Listens on a free BrlAPI port of 127.0.0.1; every connection gets
    /// the same misbehaviour.
    pub fn start(how: Misbehaviour) -> FakeBrlapi {
        let (listener, n) = (60..2000u16)
            .find_map(|n| TcpListener::bind(("127.0.0.1", 4101 + n)).ok().map(|l| (l, n)))
            .expect("a free BrlAPI port");
        std::thread::spawn(move || {
            for s in listener.incoming() {
                let Ok(s) = s else { return };
                std::thread::spawn(move || serve(s, how));
            }
        });
        FakeBrlapi { host: format!("127.0.0.1:{n}") }
    }
}
