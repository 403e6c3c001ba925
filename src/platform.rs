//! What differs between operating systems, for the whole process: the
//! first of the platform layer (the player's folders, locks and child
//! processes still live with their users).

/// A file size limit (`ulimit -f`, RLIMIT_FSIZE) is a write error, said
/// in words like a full disk, never the end of voxchess: SIGXFSZ, whose
/// default kills the process and leaves a half-written file, is ignored,
/// so a write past the limit fails with EFBIG. Called first thing.
pub fn size_limit_as_error() {
    #[cfg(unix)]
    // SAFETY: signal(2) with SIG_IGN installs no handler; called before
    // any thread starts.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
