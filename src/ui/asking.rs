//! A request to a server, on a thread of its own, that says it is under
//! way when its answer takes more than a moment ("Asking lichess."): the
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
    let (done_tx, done) = channel();
    let worker = std::thread::Builder::new().name("server-call".into()).spawn(move || {
        let _ = done_tx.send(work());
    });
    if worker.is_err() {
        return;
    }
    let _ = std::thread::Builder::new().name("server-wait".into()).spawn(move || {
        let answer = match done.recv_timeout(moment) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                if tx.send(Msg::Notice(Notice::Asking(asked))).is_err() {
                    return;
                }
                match done.recv() {
                    Ok(answer) => answer,
                    Err(_) => return,
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        for msg in answer {
            let _ = tx.send(msg);
        }
    });
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
