//! A one-value channel that wgpu's callbacks fill and async code awaits, on both
//! targets, and on the web a timer to race it with.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

/// A one-value channel: wgpu's callbacks fill it, async code awaits it.
struct Slot<T> {
    value: Option<T>,
    waker: Option<Waker>,
}

pub(super) struct Sender<T>(Arc<Mutex<Slot<T>>>);
pub(super) struct Receiver<T>(Arc<Mutex<Slot<T>>>);

pub(super) fn oneshot<T>() -> (Sender<T>, Receiver<T>) {
    let slot = Arc::new(Mutex::new(Slot {
        value: None,
        waker: None,
    }));
    (Sender(slot.clone()), Receiver(slot))
}

impl<T> Sender<T> {
    pub(super) fn send(self, value: T) {
        let mut slot = self.0.lock().unwrap();
        slot.value = Some(value);
        if let Some(waker) = slot.waker.take() {
            waker.wake();
        }
    }
}

impl<T> Receiver<T> {
    /// Whether the value was sent (natively: a callback fired in a poll).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn ready(&self) -> bool {
        self.0.lock().unwrap().value.is_some()
    }
}

impl<T> Future for Receiver<T> {
    type Output = T;
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<T> {
        let mut slot = self.0.lock().unwrap();
        match slot.value.take() {
            Some(value) => Poll::Ready(value),
            None => {
                slot.waker = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
}

/// `wait`'s value, or None where `timer` ends first (`wait` still waiting).
#[cfg(target_arch = "wasm32")]
pub(super) async fn before<T>(
    wait: &mut Receiver<T>,
    timer: impl Future<Output = ()>,
) -> Option<T> {
    let mut timer = std::pin::pin!(timer);
    std::future::poll_fn(|cx| match Pin::new(&mut *wait).poll(cx) {
        Poll::Ready(value) => Poll::Ready(Some(value)),
        Poll::Pending => timer.as_mut().poll(cx).map(|()| None),
    })
    .await
}

/// Resolves after `ms` milliseconds (the page's or the worker's setTimeout; 0:
/// at its next task).
#[cfg(target_arch = "wasm32")]
pub async fn sleep_ms(ms: u32) {
    use wasm_bindgen::JsCast;
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set_timeout = js_sys::Reflect::get(&js_sys::global(), &"setTimeout".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match set_timeout {
            Some(f) => drop(f.call2(&wasm_bindgen::JsValue::NULL, &resolve, &ms.into())),
            None => drop(resolve.call0(&wasm_bindgen::JsValue::NULL)),
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
