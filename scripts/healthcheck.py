"""Exit 0 when the explorer in this container serves its first page in time, 1 otherwise.

The Docker HEALTHCHECK and compose.yaml run it. A web server that answers is
not a service: under a class's load ``/_stcore/health`` answered in 0.58 s
while 17 of 20 students could not open the first page within 120 s (issue 39).
So the check does what a browser does, within one deadline:

1. GET ``/_stcore/health``; it must answer ``ok``.
2. Open a session over Streamlit's WebSocket (``/_stcore/stream``), ask it to
   run the app's first page, and wait for that run's ``script_finished``
   with status ``FINISHED_SUCCESSFULLY``. A compile error, an exception
   shown in the page, a closed connection or the deadline fails it.
3. Close the session (a WebSocket close handshake), so the server drops it.

It prints one line to stderr on failure: the step, what happened and after
how many seconds. Settings follow Streamlit's variables, so a changed port
or a base URL path (behind a reverse proxy) still checks the right address:
``STREAMLIT_SERVER_PORT`` (default 8501), ``STREAMLIT_SERVER_BASE_URL_PATH``
(default none); and ``EXPLORER_HEALTH_TIMEOUT_S``, the deadline for all of it
in seconds (default 20; keep the HEALTHCHECK's ``--timeout`` above it, or
Docker kills the check before it can say why).

The protocol, as Streamlit 1.67 speaks it (read from its server, not
documented): ``streamlit/web/server/starlette/starlette_websocket.py`` accepts
the socket with the first ``Sec-WebSocket-Protocol`` entry (``streamlit``)
and reads binary ``BackMsg`` protobufs; ``streamlit/runtime/app_session.py``
starts a run on ``BackMsg.rerun_script`` (a ``ClientState``: an empty
``page_script_hash`` runs the main script, whose ``st.navigation`` picks the
default page) and ends each run with ``ForwardMsg.script_finished``.
Streamlit's own WebSocket client library, ``websockets``, carries the
messages (a declared dependency of streamlit, so the image has it).
"""

from __future__ import annotations

import os
import sys
import time
import urllib.request

DEFAULT_TIMEOUT_S = 20.0


class HealthCheckError(Exception):
    """One step of the check failed; the message says which, what happened and when."""


def _base(environ: dict[str, str]) -> str:
    """``127.0.0.1:PORT/base`` (no trailing slash) for Streamlit's variables."""
    port = environ.get("STREAMLIT_SERVER_PORT") or "8501"
    base = environ.get("STREAMLIT_SERVER_BASE_URL_PATH", "").strip("/")
    return f"127.0.0.1:{port}" + (f"/{base}" if base else "")


def build_health_url(environ: dict[str, str]) -> str:
    """The URL of Streamlit's ``/_stcore/health`` endpoint on this machine's loopback."""
    return f"http://{_base(environ)}/_stcore/health"


def build_stream_url(environ: dict[str, str]) -> str:
    """The URL of Streamlit's session WebSocket, ``/_stcore/stream``, on this machine's loopback."""
    return f"ws://{_base(environ)}/_stcore/stream"


def read_timeout(environ: dict[str, str]) -> float:
    """``EXPLORER_HEALTH_TIMEOUT_S`` in seconds (> 0), or :data:`DEFAULT_TIMEOUT_S` when unset or not a number."""
    try:
        seconds = float(environ.get("EXPLORER_HEALTH_TIMEOUT_S") or DEFAULT_TIMEOUT_S)
    except ValueError:
        return DEFAULT_TIMEOUT_S
    return seconds if seconds > 0 else DEFAULT_TIMEOUT_S


def check_health_endpoint(url: str, seconds: float) -> None:
    """GET ``url``; it must answer ``ok`` within ``seconds``.

    Raises:
        HealthCheckError: no answer in time, a connection error, or an answer other than ``ok``.
    """
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=seconds) as response:
            body = response.read().decode()
    except OSError as error:
        raise HealthCheckError(f"{url}: {error} after {time.monotonic() - started:.1f} s") from error
    if body.strip() != "ok":
        raise HealthCheckError(f"{url}: answered {body!r}, expected 'ok'")


def run_first_page(url: str, seconds: float) -> None:
    """Open a session on the WebSocket ``url``, run the first page, close the session.

    Args:
        url: ``ws://.../_stcore/stream``.
        seconds: the deadline for connecting and the whole run, in seconds.

    Raises:
        HealthCheckError: the socket did not open, the run did not finish
            within ``seconds``, it finished otherwise than successfully, or
            the page showed an exception.
    """
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.exceptions import ConnectionClosed, WebSocketException
    from websockets.sync.client import connect

    started = time.monotonic()
    deadline = started + seconds
    opened = None  # seconds until the session opened
    try:
        # No proxy (the server is on loopback) and no size limit: one page element may be megabytes.
        with connect(url, subprotocols=["streamlit"], proxy=None, max_size=None,
                     open_timeout=seconds, close_timeout=2) as socket:
            opened = time.monotonic() - started
            # No Origin header, like any non-browser client: the server skips its XSRF check then.
            socket.send(BackMsg(rerun_script=ClientState(query_string="", page_script_hash="")).SerializeToString())
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                msg = ForwardMsg.FromString(socket.recv(timeout=left))
                kind = msg.WhichOneof("type")
                element = msg.delta.new_element
                # is_warning: Streamlit's own deprecation notices use the same element; they are not failures.
                if kind == "delta" and element.WhichOneof("type") == "exception" and not element.exception.is_warning:
                    shown = element.exception
                    raise HealthCheckError(f"{url}: the first page showed {shown.type}: {shown.message[:200]!r} "
                                           f"after {time.monotonic() - started:.1f} s")
                if kind != "script_finished":
                    continue
                # st.rerun() ends a run early and starts the next: keep waiting for that one.
                if msg.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    continue
                if msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                    return
                status = ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)
                raise HealthCheckError(f"{url}: the first page's run ended with {status} "
                                       f"after {time.monotonic() - started:.1f} s")
    except TimeoutError as error:  # the socket's open_timeout and recv(timeout=) raise it too
        step = "the session did not open" if opened is None else \
            f"the session opened in {opened:.1f} s, but the first page did not finish"
        raise HealthCheckError(f"{url}: {step} within {seconds:.1f} s") from error
    except ConnectionClosed as error:
        raise HealthCheckError(f"{url}: the server closed the session ({error}) "
                               f"after {time.monotonic() - started:.1f} s") from error
    except (OSError, WebSocketException) as error:
        raise HealthCheckError(f"{url}: could not open a session: {error} "
                               f"after {time.monotonic() - started:.1f} s") from error


def main() -> int:
    environ = dict(os.environ)
    seconds = read_timeout(environ)
    started = time.monotonic()
    try:
        check_health_endpoint(build_health_url(environ), seconds)
        left = seconds - (time.monotonic() - started)
        if left <= 0:
            raise HealthCheckError(f"{build_health_url(environ)}: answered only after {seconds:.1f} s")
        run_first_page(build_stream_url(environ), left)
    except HealthCheckError as error:
        print(f"healthcheck: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
