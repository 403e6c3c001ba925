//! News of a feed (lichess TV, a player's game, a broadcast round) on its
//! way to the session: the feed's thread puts each item here, and at most
//! one wake-up message (the input's `Watch` or `Broadcast`, naming the
//! feed by its id) is in the session's channel at a time, so the player's lines and signals never wait
//! behind a flood; the mode takes a batch at a time and, if more wait,
//! wakes itself again behind whatever came meanwhile. The feed's thread
//! waits while [`MAX_WAITING`] items are unread (its server is read no
//! faster than the session takes them), and stops waiting once told to
//! stop.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The most items waiting to be taken.
pub(crate) const MAX_WAITING: usize = 1024;
/// The most items a mode takes in one turn of the session's loop.
pub(crate) const BATCH: usize = 64;

struct State<T> {
    items: VecDeque<T>,
    /// A wake-up is in the session's channel, or being handled.
    woken: bool,
}

/// One feed's news waiting for the session (cloned: the same feed).
pub(crate) struct Feed<T> {
    shared: Arc<(Mutex<State<T>>, Condvar)>,
    /// Which feed this is (a wake-up names it).
    id: u64,
}

impl<T> Clone for Feed<T> {
    fn clone(&self) -> Self {
        Feed { shared: self.shared.clone(), id: self.id }
    }
}

impl<T> Feed<T> {
    /// A new feed, with an id of its own.
    pub(crate) fn new() -> Feed<T> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        Feed { shared: Arc::new((Mutex::new(State { items: VecDeque::new(), woken: false }), Condvar::new())), id }
    }

    /// Which feed this is.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The feed's thread: `item` put (after waiting while the feed is
    /// full, unless `stop` is set: then it is dropped), and `wake` called
    /// when no wake-up is on its way.
    pub(crate) fn put(&self, item: T, stop: &AtomicBool, wake: impl FnOnce()) {
        let (lock, room) = &*self.shared;
        let Ok(mut state) = lock.lock() else { return };
        while state.items.len() >= MAX_WAITING {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            state = match room.wait_timeout(state, Duration::from_millis(100)) {
                Ok((s, _)) => s,
                Err(_) => return,
            };
        }
        state.items.push_back(item);
        if !std::mem::replace(&mut state.woken, true) {
            drop(state);
            wake();
        }
    }

    /// The session: up to [`BATCH`] items, and whether more wait (the
    /// caller then wakes the session again; the wake-up stays counted).
    pub(crate) fn take(&self) -> (Vec<T>, bool) {
        self.take_up_to(BATCH)
    }

    /// The session's turn: a batch taken and each item given to `each`;
    /// `wake` called when more wait (it puts a wake-up behind what came
    /// meanwhile).
    pub(crate) fn drain(&self, mut each: impl FnMut(T), wake: impl FnOnce()) {
        let (items, more) = self.take();
        items.into_iter().for_each(&mut each);
        if more {
            wake();
        }
    }

    /// [`Feed::take`], at most `most` items.
    pub(crate) fn take_up_to(&self, most: usize) -> (Vec<T>, bool) {
        let (lock, room) = &*self.shared;
        let Ok(mut state) = lock.lock() else { return (Vec::new(), false) };
        let n = state.items.len().min(most);
        let items: Vec<T> = state.items.drain(..n).collect();
        let more = !state.items.is_empty();
        state.woken = more;
        room.notify_all();
        (items, more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_wake_up_at_a_time_and_a_batch_at_a_time() {
        let feed: Feed<u32> = Feed::new();
        let stop = AtomicBool::new(false);
        let woken = std::cell::Cell::new(0);
        for i in 0..100 {
            feed.put(i, &stop, || woken.set(woken.get() + 1));
        }
        assert_eq!(woken.get(), 1, "one wake-up for the whole flood");
        let (first, more) = feed.take();
        assert_eq!((first.len(), more), (BATCH, true));
        assert_eq!(first[0], 0);
        let (rest, more) = feed.take();
        assert_eq!((rest.len(), more), (100 - BATCH, false));
        feed.put(7, &stop, || woken.set(woken.get() + 1));
        assert_eq!(woken.get(), 2, "woken again once all was taken");
    }

    #[test]
    fn a_full_feed_waits_and_a_stopped_one_drops() {
        let feed: Feed<usize> = Feed::new();
        let stop = Arc::new(AtomicBool::new(false));
        for i in 0..MAX_WAITING {
            feed.put(i, &stop, || {});
        }
        let (feed2, stop2) = (feed.clone(), stop.clone());
        let thread = std::thread::spawn(move || feed2.put(MAX_WAITING, &stop2, || {}));
        // It waits for room: once some are taken, it is put.
        let (taken, _) = feed.take();
        assert_eq!(taken.len(), BATCH);
        thread.join().expect("put");
        let mut all = Vec::new();
        loop {
            let (items, more) = feed.take();
            all.extend(items);
            if !more {
                break;
            }
        }
        assert_eq!(all.last(), Some(&MAX_WAITING));
        // Full and stopped: the put gives up at once.
        for i in 0..MAX_WAITING {
            feed.put(i, &stop, || {});
        }
        stop.store(true, Ordering::Relaxed);
        feed.put(0, &stop, || {});
        assert_eq!(feed.take().0.len(), BATCH);
    }
}
