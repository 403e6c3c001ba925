//! Helpers shared by the tests that drive the voxchess binary.

use std::io::Read;
use std::process::ChildStdout;
use std::sync::{Arc, Mutex};

/// Collects everything a child prints on stdout, as it comes, into a shared
/// string that a test can look at while the child runs.
pub fn collect(mut stdout: ChildStdout) -> Arc<Mutex<String>> {
    let out = Arc::new(Mutex::new(String::new()));
    let sink = out.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    out
}
