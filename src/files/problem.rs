//! Why a file could not be written, as a type the words layer says.

/// Why a file could not be written, as the player is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteProblem {
    /// No space left.
    DiskFull,
    /// The folder or file may not be written.
    NotWritable,
    /// Anything else.
    Other,
}

impl WriteProblem {
    /// The kind of an I/O error.
    pub fn of(e: &std::io::Error) -> WriteProblem {
        use std::io::ErrorKind as K;
        match e.kind() {
            // A file size limit (EFBIG) is the space there is, as a full disk.
            K::StorageFull | K::QuotaExceeded | K::FileTooLarge => WriteProblem::DiskFull,
            K::PermissionDenied | K::ReadOnlyFilesystem => WriteProblem::NotWritable,
            _ if e.raw_os_error() == Some(libc::ENOSPC) => WriteProblem::DiskFull,
            _ if matches!(e.raw_os_error(), Some(libc::EROFS | libc::EACCES | libc::EPERM | libc::ELOOP)) => {
                WriteProblem::NotWritable
            }
            _ => WriteProblem::Other,
        }
    }
}
