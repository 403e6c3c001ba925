//! The player's files, on the ground floor: what voxchess writes and reads
//! of its own (saves, records, scores, settings, the token, models) is
//! written atomically or as new files, never through a link, read within
//! a limit and only when it is a regular file, kept aside when damaged,
//! and its failures are typed ([`WriteProblem`]) for the words layer.
//! game, study, audio, online, config and the session use it; it uses no
//! other module of voxchess.

mod atomic;
pub(crate) mod bounded;
mod folders;
mod kept;
mod lock;
mod problem;

pub(crate) use atomic::open_to_append;
pub use atomic::{create_new, keep_aside, write_atomic, write_new_numbered};
pub use bounded::read_text;
pub(crate) use folders::{ours, private_dir};
pub use kept::{Kept, read_kept};
pub use lock::{DataLock, LockError};
pub use problem::WriteProblem;
