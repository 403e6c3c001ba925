//! A request to a server, on a thread of its own, that says it is under
//! way when its answer takes more than a moment ("Asking lichess…"): the
//! player hears why nothing has come yet, and a quick answer comes with
//! no notice before it. The notice always comes before the answer, never
//! after it.
//!
//! May use: the input messages (`ui::input`).

use super::input::{Asked, Msg, Notice};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::Duration;

/// How long an answer may take before the player is told it is awaited.
pub(crate) const MOMENT: Duration = Duration::from_millis(700);

/// Runs `work` on a thread of its own and sends the messages it makes to
/// `tx`, in order; when they take longer than [`MOMENT`], the notice that
/// `asked` is being asked comes first.
pub(crate) fn ask(tx: Sender<Msg>, asked: Asked, work: impl FnOnce() -> Vec<Msg> + Send + 'static) {
    ask_within(MOMENT, tx, asked, work);
}

/// [`ask`] with the moment given.
fn ask_within(moment: Duration, tx: Sender<Msg>, asked: Asked, work: impl FnOnce() -> Vec<Msg> + Send + 'static) {
    let _ = std::thread::Builder::new().name("server-call".into()).spawn(move || {
        let notice = tx.clone();
        let answer = waited_within(moment, work, || {
            let _ = notice.send(Msg::Notice(Notice::Asking(asked)));
        });
        for msg in answer {
            let _ = tx.send(msg);
        }
    });
}

/// Runs `work` on a thread of its own and waits for it; when it takes
/// longer than [`MOMENT`], `slow` is called first (on this thread), so a
/// command that waits for a server says why.
pub(crate) fn waited<T: Send>(work: impl FnOnce() -> T + Send, slow: impl FnOnce()) -> T {
    waited_within(MOMENT, work, slow)
}

/// [`waited`] with the moment given.
fn waited_within<T: Send>(moment: Duration, work: impl FnOnce() -> T + Send, slow: impl FnOnce()) -> T {
    std::thread::scope(|s| {
        let (done_tx, done) = channel::<()>();
        let worker = s.spawn(move || {
            let answer = work();
            let _ = done_tx.send(());
            answer
        });
        if let Err(RecvTimeoutError::Timeout) = done.recv_timeout(moment) {
            slow();
        }
        worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(msg: Msg) -> String {
        match msg {
            Msg::Typed(t) => t,
            Msg::Notice(n) => format!("{n:?}"),
            _ => "other".into(),
        }
    }

    /// A slow answer: the notice, then the answer. The work waits until
    /// the notice has been received, so the order never depends on time.
    #[test]
    fn a_slow_answer_is_announced_before_it_comes() {
        let (tx, rx) = channel();
        let (go_tx, go) = channel::<()>();
        ask_within(Duration::ZERO, tx, Asked::Lichess, move || {
            let _ = go.recv();
            vec![Msg::Typed("answer".into())]
        });
        let first = rx.recv_timeout(Duration::from_secs(60)).expect("a message");
        assert_eq!(typed(first), "Asking(Lichess)");
        go_tx.send(()).expect("the work waits");
        assert_eq!(typed(rx.recv_timeout(Duration::from_secs(60)).expect("the answer")), "answer");
    }

    /// A command waiting for a slow answer says so first, then has it.
    #[test]
    fn a_command_waiting_is_told_first() {
        let (go_tx, go) = channel::<()>();
        let said = std::cell::RefCell::new(Vec::new());
        let answer = waited_within(
            Duration::ZERO,
            move || {
                let _ = go.recv();
                "answer"
            },
            || {
                said.borrow_mut().push("asking");
                go_tx.send(()).expect("the work waits");
            },
        );
        assert_eq!((said.into_inner(), answer), (vec!["asking"], "answer"));
    }

    /// A quick answer comes alone (a moment of a minute is never passed
    /// by work that returns at once).
    #[test]
    fn a_quick_answer_comes_alone() {
        let (tx, rx) = channel();
        ask_within(Duration::from_secs(60), tx, Asked::Tablebase, || {
            vec![Msg::Typed("one".into()), Msg::Typed("two".into())]
        });
        let said: Vec<String> = rx.iter().map(typed).collect();
        assert_eq!(said, ["one", "two"]);
    }
}
