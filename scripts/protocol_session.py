"""One student of the class load test without a browser: Streamlit's own WebSocket protocol, as the front end
speaks it, so that the server is measured and no browser shares its machine.

A page is timed from the request until the server's ``script_finished`` message for that run arrives
(``FINISHED_SUCCESSFULLY``: every element of the run has been sent before it, on the same socket). That is the
server's part of a visit, what issue 39 asks to budget; a browser would then draw what it received. The
messages used (read from Streamlit 1.67's server, as ``scripts/healthcheck.py`` does):

- a new session: a WebSocket on ``/_stcore/stream`` (subprotocol ``streamlit``), then ``BackMsg.rerun_script``
  with the URL's path as ``page_name`` and its query as ``query_string``: what the front end sends when a page
  is opened by URL;
- a sidebar click: ``rerun_script`` on the same socket with the target page's ``page_name``, no widget states
  (a page not yet shown has none);
- a fragment that reruns itself (``st.fragment(run_every=...)``, the Token map's progress line): the server
  sends ``auto_rerun`` (interval, fragment id) and the client asks for a fragment run at that interval until
  ``stop_auto_rerun`` or the next page, as the front end does;
- an upload: ``file_urls_request`` for an upload URL, a multipart ``PUT`` of the file there (with the XSRF cookie
  and header), then a rerun with the uploader's state, then one with the Open button's trigger (an error unless
  the page then names the file as opened).

Errors: a page that shows an exception element, whose run does not finish within the page timeout, or that is
not the page asked for (each run's ``navigation`` message names it). The UMAP request is done when an element's
text says ``UMAP to 2D``, queued when its progress element was the last thing the session was sent about the map.
"""

from __future__ import annotations

import asyncio
import sys
import time
import urllib.request
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

from scripts.class_session import Outcome, Step, StudentPlan, ClassOver


def put_file(url: str, base: str, name: str, data: bytes) -> None:
    """PUT ``data`` as a one-file multipart form to ``url``, with the XSRF cookie and header a browser would send
    (the cookie comes with ``base``'s health endpoint, as Streamlit 1.67 sets it there).

    Raises:
        urllib.error.HTTPError: the server refused the upload.
    """
    with urllib.request.urlopen(base + "/_stcore/health", timeout=30) as page:  # it sets the XSRF cookie
        cookie = SimpleCookie(page.headers.get("Set-Cookie", "")).get("_streamlit_xsrf")
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    if cookie is not None:
        headers |= {"Cookie": f"_streamlit_xsrf={cookie.value}", "X-Xsrftoken": cookie.value}
    urllib.request.urlopen(urllib.request.Request(url, data=body, method="PUT", headers=headers), timeout=60).close()


class ProtocolStudent:
    """One student's sessions against the server whose stream URL is ``stream`` (``ws://host:port/_stcore/stream``).
    """

    def __init__(self, stream: str, end: float, page_timeout_s: float, name: str = "", verbose: bool = False,
                 upload: Path | None = None):
        self.stream, self.end, self.page_timeout_s, self.name, self.verbose = stream, end, page_timeout_s, name, verbose
        self.upload_file, self.upload_shown = upload, False
        self.http = "http" + stream.removeprefix("ws").removesuffix("/_stcore/stream")
        self.socket = None
        self._reader: asyncio.Task | None = None
        self._timers: dict[str, asyncio.Task] = {}
        self.page_hash, self.query, self.page_url, self.session_id = "", "", None, ""
        self.widgets: dict[str, str] = {}  # "uploader" and button keys -> the widget's id in this session
        self.file_urls: dict[str, object] = {}  # request id -> the server's FileURLs answer
        self.finished, self.exceptions, self.alerts, self.map_state = 0, [], [], "none"
        self._changed = asyncio.Event()

    def _say(self, text: str) -> None:
        if self.verbose:
            print(f"{time.strftime('%H:%M:%S')} {self.name} {text}", file=sys.stderr, flush=True)

    async def _send(self, **state) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ClientState_pb2 import ClientState

        await self.socket.send(BackMsg(rerun_script=ClientState(**state)).SerializeToString())

    def _on_message(self, raw: bytes) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        msg = ForwardMsg.FromString(raw)
        kind = msg.WhichOneof("type")
        if kind == "new_session" and msg.new_session.initialize.session_id:
            self.session_id = msg.new_session.initialize.session_id
        elif kind == "file_urls_response":
            self.file_urls[msg.file_urls_response.response_id] = msg.file_urls_response
        elif kind == "navigation":  # st.navigation's pages and the one this run shows
            self.page_hash = msg.navigation.page_script_hash
            self.page_url = next((page.url_pathname for page in msg.navigation.app_pages
                                  if page.page_script_hash == self.page_hash), None)
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            shown = element.WhichOneof("type")
            if shown == "exception" and not element.exception.is_warning:
                self.exceptions.append(f"{element.exception.type}: {element.exception.message[:200]}")
            elif shown == "markdown" and "UMAP to 2D" in element.markdown.body:
                self.map_state = "done"
            elif shown == "markdown" and self.upload_file and self.upload_file.name in element.markdown.body:
                self.upload_shown = True  # the sidebar's "Showing ..." names the opened upload
            elif shown == "progress" and self.map_state != "done":
                self.map_state = "queued"
            elif shown == "file_uploader":
                self.widgets["uploader"] = element.file_uploader.id
            elif shown == "button":
                self.widgets[element.button.id.rsplit("-", 1)[-1]] = element.button.id  # its key ends the id
            elif shown == "alert" and element.alert.format == element.alert.ERROR:
                self.alerts.append(element.alert.body[:300])
        elif kind == "auto_rerun":
            fragment, interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
            if fragment not in self._timers:
                self._timers[fragment] = asyncio.create_task(self._rerun_every(fragment, interval))
        elif kind == "stop_auto_rerun":
            self._stop_timers()
        elif kind == "script_finished" and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
            self.finished += 1
        self._changed.set()

    async def _read(self) -> None:
        try:
            async for raw in self.socket:
                self._on_message(raw)
        except Exception:  # noqa: BLE001 - a closed session ends its reader; the waiting step reports it
            pass
        finally:
            self._changed.set()

    async def _rerun_every(self, fragment: str, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            await self._send(query_string=self.query, page_script_hash=self.page_hash, fragment_id=fragment,
                             is_auto_rerun=True)

    def _stop_timers(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    async def close(self) -> None:
        """End the session (a WebSocket close handshake), so the server drops it."""
        self._stop_timers()
        if self.socket is not None:
            await self.socket.close()
            await self._reader
            self.socket = None

    async def _settle(self, label: str, page: str, before: int, started: float, outcome: Outcome,
                      timed: bool = True) -> None:
        """Wait for the ``before + 1``-th finished run; record its time (when ``timed``), or the error."""
        limit = min(started + self.page_timeout_s, self.end)
        while self.finished <= before:
            left = limit - time.perf_counter()
            if left <= 0 or self.socket is None or self._reader.done():
                if time.perf_counter() >= self.end and self.end < started + self.page_timeout_s:
                    raise ClassOver
                reason = "the session closed" if self._reader.done() else "no script_finished"
                outcome.errors.append(f"{label}: after {time.perf_counter() - started:.0f} s ({reason})")
                self._say(outcome.errors[-1])
                return
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=left)
            except TimeoutError:
                pass
        if timed:
            outcome.timings.append((label, time.perf_counter() - started, time.perf_counter() - started))
            self._say(f"{label}: finished after {outcome.timings[-1][1]:.2f} s")
        outcome.errors.extend(f"{label}: exception: {text}" for text in self.exceptions)
        outcome.alerts.extend(f"{label}: {text}" for text in self.alerts)
        self.exceptions.clear()
        self.alerts.clear()
        if self.page_url != page:
            outcome.errors.append(f"{label}: the server ran page {self.page_url!r}, not {page!r}")

    async def open(self, step: Step, outcome: Outcome) -> None:
        """A page opened by URL: a new session (the student's previous one closed)."""
        from websockets.asyncio.client import connect

        await self.close()
        started = time.perf_counter()
        target = urlsplit(step.target)
        self.query, self.finished = target.query, 0
        self.socket = await connect(self.stream, subprotocols=["streamlit"], max_size=None, proxy=None,
                                    open_timeout=self.page_timeout_s)
        self._reader = asyncio.create_task(self._read())
        await self._send(query_string=self.query, page_name=target.path.strip("/"), page_script_hash="")
        await self._settle(step.label, target.path.strip("/"), 0, started, outcome)

    async def nav(self, step: Step, outcome: Outcome) -> None:
        """A sidebar click: another page in the same session."""
        self._stop_timers()
        before, started = self.finished, time.perf_counter()
        self.query = ""
        await self._send(query_string="", page_name=step.target, page_script_hash="")
        await self._settle(step.label, step.target, before, started, outcome)

    async def upload(self, step: Step, outcome: Outcome) -> None:
        """The Load page by the sidebar, then the class's file through the uploader and its Open button, as the
        front end does it: ask for an upload URL, PUT the file there, rerun with the uploader's new state, then
        with the button's trigger. Timed from asking for the URL until the Open button's run is sent."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.Common_pb2 import FileUploaderState, FileURLsRequest, UploadedFileInfo
        from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates

        await self.nav(Step(step.pause_s, "nav", step.target, step.target), outcome)
        started = time.perf_counter()
        request = f"upload-{id(self)}-{started}"
        await self.socket.send(BackMsg(file_urls_request=FileURLsRequest(
            request_id=request, file_names=[self.upload_file.name], session_id=self.session_id)).SerializeToString())
        while request not in self.file_urls:
            if time.perf_counter() - started > self.page_timeout_s or self._reader.done():
                raise TimeoutError("no upload URL from the server")
            self._changed.clear()
            await asyncio.wait_for(self._changed.wait(), timeout=self.page_timeout_s)
        urls = self.file_urls.pop(request).file_urls[0]
        data = self.upload_file.read_bytes()
        await asyncio.to_thread(put_file, self.http + urls.upload_url.removeprefix(self.http), self.http,
                                self.upload_file.name, data)
        uploader = WidgetState(id=self.widgets["uploader"], file_uploader_state_value=FileUploaderState(
            uploaded_file_info=[UploadedFileInfo(name=self.upload_file.name, size=len(data), file_id=urls.file_id,
                                                 file_urls=urls)]))
        for states in ([uploader], [uploader, WidgetState(id=self.widgets["open_uploads"], trigger_value=True)]):
            before, self.upload_shown = self.finished, False
            await self._send(query_string="", page_script_hash=self.page_hash,
                             widget_states=WidgetStates(widgets=states))
            await self._settle(step.label, step.target, before, started, outcome, timed=len(states) == 2)
        if not self.upload_shown:
            outcome.errors.append(f"{step.label}: the page did not name {self.upload_file.name} as opened")

    async def umap(self, step: Step, outcome: Outcome) -> None:
        """The UMAP link, then wait on that page until the map is drawn or the class ends."""
        asked = time.perf_counter()
        self.map_state = "none"
        try:
            await self.open(step, outcome)
            while time.perf_counter() < self.end and self.map_state != "done" and not self._reader.done():
                self._changed.clear()
                try:
                    await asyncio.wait_for(self._changed.wait(), timeout=max(0.01, self.end - time.perf_counter()))
                except TimeoutError:
                    pass
        finally:
            outcome.heavy = self.map_state
        if self.map_state == "done":
            outcome.heavy_s = time.perf_counter() - asked
            self._say(f"UMAP drawn after {outcome.heavy_s:.1f} s")

    async def follow(self, plan: StudentPlan, class_start: float) -> Outcome:
        """Do every step of ``plan`` that starts before the class's end; say what was seen."""
        outcome = Outcome()
        actions = {"open": self.open, "link": self.open, "umap": self.umap, "nav": self.nav, "upload": self.upload}
        await asyncio.sleep(max(0.0, class_start + plan.start_s - time.perf_counter()))
        try:
            for i, step in enumerate(plan.steps):
                await asyncio.sleep(max(0.0, min(step.pause_s, self.end - time.perf_counter())))
                if time.perf_counter() >= self.end:
                    outcome.skipped += len(plan.steps) - i
                    break
                try:
                    await actions[step.kind](step, outcome)
                except ClassOver:
                    outcome.cut += 1
                except Exception as error:  # noqa: BLE001 - a step that failed is a result; the student goes on
                    outcome.errors.append(f"{step.label}: {type(error).__name__}: {str(error)[:200]}")
        finally:
            await self.close()
        return outcome


async def run_protocol_student(stream: str, plan: StudentPlan, class_start: float, end: float, upload: Path,
                               page_timeout_s: float, name: str = "", verbose: bool = False) -> Outcome:
    """One student over the protocol (``upload``: the file the upload step sends); its sessions closed at the end."""
    return await ProtocolStudent(stream, end, page_timeout_s, name, verbose, upload).follow(plan, class_start)
