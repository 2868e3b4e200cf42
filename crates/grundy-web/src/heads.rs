//! Request heads read whole before hyper sees them, so that every refusal is JSON.
//!
//! hyper answers a request head longer than its buffer itself, with an empty 431 or 414, and
//! reads request bodies the playground never uses. [`Heads`] sits between the socket and
//! hyper: it passes on one request head at a time once it has all of it, and in place of a
//! head longer than [`crate::Limits::max_head`] or a request with a body it passes on a small
//! request of its own (`GET /.refused/…`, closing the connection) that the router answers
//! with a JSON error like any other. What the client sends after that is read and dropped, so
//! that the reply is not lost to a reset: while hyper works, and when hyper closes the
//! connection, the wrapper first ends its own sending (the client sees the whole reply and the
//! end) and then reads and drops what is still coming, up to [`DRAIN`] bytes or
//! [`LINGER`], before the socket is let go. (A socket closed with unread bytes is reset,
//! and a reset loses the reply if the client was still sending.)
//!
//! hyper's header-read timeout still applies: it runs from the moment hyper waits for a head.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Why a request was answered by the server's own refusal; the path of the stand-in request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The request line alone is longer than the limit.
    UriTooLong,
    /// The head (request line and headers) is longer than the limit.
    HeadTooLarge,
    /// The request has a body.
    Body,
}

impl Refused {
    /// The stand-in request's path.
    pub(crate) fn path(self) -> &'static str {
        match self {
            Refused::UriTooLong => "/.refused/uri-too-long",
            Refused::HeadTooLarge => "/.refused/head-too-large",
            Refused::Body => "/.refused/body",
        }
    }

    fn stand_in(self) -> Vec<u8> {
        format!(
            "GET {} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
            self.path()
        )
        .into_bytes()
    }
}

/// The most a client may send after a refusal before the connection is closed without more
/// reading.
const DRAIN: usize = 1 << 20;

/// The longest a refused connection is kept open after the reply, for the client to finish
/// sending and see the reply.
const LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// A connection whose request heads reach hyper only whole (see the module's text).
pub(crate) struct Heads<S> {
    inner: S,
    /// Bytes received and not yet passed on.
    pending: Vec<u8>,
    /// How many bytes at the front of `pending` are whole heads, free to pass on.
    ready: usize,
    /// The longest head let through.
    max_head: usize,
    /// After a refusal: how many bytes were read and dropped.
    drained: Option<usize>,
    /// After a refusal, once hyper closes: whether our sending has ended, and until when the
    /// rest of the client's bytes are awaited.
    closing: Option<(bool, Pin<Box<tokio::time::Sleep>>)>,
}

impl<S> Heads<S> {
    pub(crate) fn new(inner: S, max_head: usize) -> Self {
        Heads {
            inner,
            pending: Vec::new(),
            ready: 0,
            max_head,
            drained: None,
            closing: None,
        }
    }

    /// Looks at what was received: frees a whole head, or puts a stand-in in place of a head
    /// that is refused. Returns whether anything is free to pass on.
    fn settle(&mut self) -> bool {
        if self.ready > 0 {
            return true;
        }
        if self.drained.is_some() {
            return false;
        }
        match head_end(&self.pending) {
            Some(end) if end <= self.max_head => {
                if has_body(&self.pending[..end]) {
                    self.refuse(Refused::Body);
                } else {
                    self.ready = end;
                }
                true
            }
            None if self.pending.len() <= self.max_head => false,
            // Too long: only the request line's length tells a long address from long headers.
            _ => {
                let line = self.pending.iter().position(|&b| b == b'\n');
                self.refuse(match line {
                    Some(n) if n < self.max_head => Refused::HeadTooLarge,
                    _ => Refused::UriTooLong,
                });
                true
            }
        }
    }

    fn refuse(&mut self, why: Refused) {
        self.pending = why.stand_in();
        self.ready = self.pending.len();
        self.drained = Some(0);
    }
}

/// Where the head at the front of `bytes` ends (after its blank line), if it is all there.
fn head_end(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(n) = bytes[i..].iter().position(|&b| b == b'\n') {
        let next = i + n + 1;
        match &bytes[next..] {
            [b'\n', ..] => return Some(next + 1),
            [b'\r', b'\n', ..] => return Some(next + 2),
            _ => i = next,
        }
    }
    None
}

/// Whether a head announces a body (a length other than 0, or a transfer coding).
fn has_body(head: &[u8]) -> bool {
    head.split(|&b| b == b'\n').skip(1).any(|line| {
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            return false;
        };
        let (name, value) = (&line[..colon], line[colon + 1..].trim_ascii());
        name.eq_ignore_ascii_case(b"transfer-encoding")
            || (name.eq_ignore_ascii_case(b"content-length") && value != b"0")
    })
}

impl<S: AsyncRead + Unpin> AsyncRead for Heads<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        loop {
            if this.settle() {
                let n = this.ready.min(out.remaining());
                out.put_slice(&this.pending[..n]);
                this.pending.drain(..n);
                this.ready -= n;
                return Poll::Ready(Ok(()));
            }
            let mut chunk = [0u8; 8192];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) => {}
            }
            let got = read.filled();
            if let Some(drained) = &mut this.drained {
                // After a refusal: drop what comes, up to a limit; the client's end is the end.
                // Past the limit nothing more is read (hyper is woken by its reply, not by
                // the socket, and then closes).
                *drained += got.len();
                if got.is_empty() {
                    return Poll::Ready(Ok(()));
                }
                if *drained > DRAIN {
                    return Poll::Pending;
                }
                continue;
            }
            if got.is_empty() {
                // The client is done sending: what is left goes to hyper as it is (a head cut
                // short is hyper's to refuse), then the end.
                this.ready = this.pending.len();
                if this.ready == 0 {
                    return Poll::Ready(Ok(()));
                }
                continue;
            }
            this.pending.extend_from_slice(got);
        }
    }
}

impl<S: AsyncRead + Unpin> Heads<S> {
    /// After a refusal: reads and drops what the client still sends, until its end, an error,
    /// [`DRAIN`] bytes in all, or the deadline.
    fn poll_linger(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let Some(drained) = &mut self.drained else {
            return Poll::Ready(());
        };
        loop {
            if *drained > DRAIN {
                return Poll::Ready(());
            }
            let mut chunk = [0u8; 8192];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut self.inner).poll_read(cx, &mut read) {
                Poll::Ready(Ok(())) if !read.filled().is_empty() => {
                    *drained += read.filled().len();
                }
                Poll::Ready(_) => return Poll::Ready(()),
                Poll::Pending => {
                    let deadline = &mut self.closing.as_mut().expect("set before lingering").1;
                    return deadline.as_mut().poll(cx);
                }
            }
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Heads<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.drained.is_none() {
            return Pin::new(&mut this.inner).poll_shutdown(cx);
        }
        // A refused connection: end our sending first, then linger for the client's rest.
        let (shut, _) = this
            .closing
            .get_or_insert_with(|| (false, Box::pin(tokio::time::sleep(LINGER))));
        if !*shut {
            std::task::ready!(Pin::new(&mut this.inner).poll_shutdown(cx))?;
            this.closing.as_mut().expect("just set").0 = true;
        }
        std::task::ready!(this.poll_linger(cx));
        Poll::Ready(Ok(()))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    /// What hyper would read from a client that sends `input` (in pieces of `piece` bytes).
    fn through(input: &[u8], piece: usize, max_head: usize) -> Vec<u8> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut b = pieces(input, piece);
            let mut heads = Heads::new(&mut b, max_head);
            let mut out = Vec::new();
            heads.read_to_end(&mut out).await.unwrap();
            out
        })
    }

    fn pieces(input: &[u8], piece: usize) -> impl AsyncRead + Unpin + '_ {
        // A reader that hands out `piece` bytes at a time.
        struct Pieces<'a>(&'a [u8], usize);
        impl AsyncRead for Pieces<'_> {
            fn poll_read(
                mut self: Pin<&mut Self>,
                _: &mut Context<'_>,
                out: &mut ReadBuf<'_>,
            ) -> Poll<io::Result<()>> {
                let n = self.1.min(self.0.len()).min(out.remaining());
                out.put_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Poll::Ready(Ok(()))
            }
        }
        Pieces(input, piece)
    }

    #[test]
    fn whole_heads_pass_unchanged_whatever_the_pieces() {
        let two = b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\nHost: x\n\n".to_vec();
        for piece in [1, 3, 17, 4096] {
            assert_eq!(through(&two, piece, 64), two);
        }
        // A length of 0 is no body.
        let zero = b"GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n".to_vec();
        assert_eq!(through(&zero, 5, 64), zero);
    }

    #[test]
    fn long_heads_and_bodies_become_the_servers_own_refusals() {
        let stand_in = |r: Refused| String::from_utf8(r.stand_in()).unwrap();
        let long_uri = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(100));
        let long_head = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "b".repeat(100));
        let body = "POST / HTTP/1.1\r\ncontent-length: 3\r\n\r\nabcGET / HTTP/1.1\r\n\r\n";
        let chunked = "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
        for piece in [1, 7, 4096] {
            let read = |s: &str| String::from_utf8(through(s.as_bytes(), piece, 64)).unwrap();
            assert_eq!(read(&long_uri), stand_in(Refused::UriTooLong));
            assert_eq!(read(&long_head), stand_in(Refused::HeadTooLarge));
            assert_eq!(read(body), stand_in(Refused::Body));
            assert_eq!(read(chunked), stand_in(Refused::Body));
            // A good request before a refused one is passed on first.
            let both = format!("GET /ok HTTP/1.1\r\n\r\n{long_head}");
            assert_eq!(
                read(&both),
                format!(
                    "GET /ok HTTP/1.1\r\n\r\n{}",
                    stand_in(Refused::HeadTooLarge)
                )
            );
        }
    }

    #[test]
    fn a_head_cut_short_is_passed_on_as_it_is() {
        assert_eq!(through(b"GET / HT", 3, 64), b"GET / HT");
        assert_eq!(through(b"", 3, 64), b"");
    }
}
