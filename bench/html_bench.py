"""How fast the HTML report opens and filters in headless Chromium.

    python bench/html_bench.py REPORT.html [--runs 3] [--screenshot out.png]

Prints, for the report given (make one with `doclint check docs --output-format
html -o report.html`; docs/performance.md has the figures of the 14,710-page
corpus of ../shared/tools/gen_corpus.py):

- load: from the start of navigation to every finding decoded and the first
  rows drawn (`doclintReport.ready` resolved), as the page's own clock says;
- keystroke: from a character typed into the text filter (an `input` event) to
  the list redrawn, the filter's debounce included; and the same for the
  folder filter, and for the rule, cause and kind-of-page lists (no debounce);
- the findings the page holds.

Figures, not asserts: the targets are under 3 s to load and under 0.5 s per
keystroke. The `Chromium` class is a small client of the DevTools protocol over
--remote-debugging-pipe (standard library only); tests/test_html_browser.py
drives the report with it too.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-extensions",
    "--remote-debugging-pipe",
)


def find_chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    """Chromium answered a command with an error, or stopped answering."""


class Chromium:
    """One headless Chromium with one page, driven over the DevTools pipe:
    commands go to the browser's fd 3, answers and events come from its fd 4,
    each a JSON message ended by a NUL byte."""

    def __init__(self, binary: str, width: int = 1400, height: int = 1000) -> None:
        self._profile = tempfile.mkdtemp(prefix="doclint-chromium-")
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()

        def on_fds_3_and_4() -> None:  # in the child, before exec
            commands, answers = os.dup(commands_read), os.dup(answers_write)
            os.dup2(commands, 3)
            os.dup2(answers, 4)

        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self._profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=on_fds_3_and_4,
        )
        os.close(commands_read)
        os.close(answers_write)
        self._next_id = 0
        self._answered: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self._session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable", session=True)
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session=True,
        )

    def _read(self) -> None:
        buffered = b""
        while chunk := os.read(self._answers, 1 << 20):
            buffered += chunk
            *messages, buffered = buffered.split(b"\0")
            with self._changed:
                for raw in messages:
                    message = json.loads(raw)
                    if "id" in message:
                        self._answered[message["id"]] = message
                    else:
                        self.events.append(message)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def send(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: bool = False,
        timeout: float = 120,
    ) -> dict[str, Any]:
        """Run one command; its result."""
        self._next_id += 1
        ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        with self._changed:
            if not self._changed.wait_for(
                lambda: ident in self._answered or not self._reader.is_alive(), timeout
            ):
                raise BrowserError(f"{method}: no answer in {timeout} s")
            answer = self._answered.pop(ident, None)
        if answer is None:
            raise BrowserError(f"{method}: chromium stopped")
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error']}")
        return answer["result"]

    def wait_for_event(self, method: str, timeout: float = 120) -> dict[str, Any]:
        with self._changed:
            found = self._changed.wait_for(
                lambda: any(e["method"] == method for e in self.events), timeout
            )
            if not found:
                raise BrowserError(f"no {method} in {timeout} s")
            event = next(e for e in self.events if e["method"] == method)
            self.events.remove(event)
            return event

    def open(self, url: str) -> None:
        """Load `url` and wait for its load event."""
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url}, session=True)
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression: str, timeout: float = 120) -> Any:
        """The value of a JavaScript expression in the page, promises awaited."""
        answer = self.send(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True},
            session=True,
            timeout=timeout,
        )
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression[:80]}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def screenshot(self, path: Path, full_page: bool = False) -> None:
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": full_page}
        data = self.send("Page.captureScreenshot", params, session=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def console_problems(self) -> list[str]:
        """The page's console messages and uncaught exceptions so far."""
        problems = []
        for event in self.events:
            params = event.get("params", {})
            if event["method"] == "Runtime.consoleAPICalled":
                args = [str(arg.get("value", arg.get("description"))) for arg in params["args"]]
                problems.append(f"console.{params['type']}: {' '.join(args)}")
            elif event["method"] == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                problems.append(f"exception: {details.get('exception', details)}")
            elif event["method"] == "Log.entryAdded" and params["entry"]["level"] in (
                "error",
                "warning",
            ):
                problems.append(f"log: {params['entry']['text']}")
        return problems

    def close(self) -> None:
        with contextlib.suppress(BrowserError):
            self.send("Browser.close", timeout=10)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        self._reader.join(timeout=5)
        os.close(self._answers)
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


LOADED = "doclintReport.ready.then(() => performance.now() / 1000)"
"""Seconds from the start of navigation to every finding decoded and drawn."""


def type_into(field: str, value: str) -> str:
    """JavaScript: set a filter field as typing would, wait for the list to be
    redrawn; [seconds taken, findings matching]."""
    return f"""(async () => {{
      const input = document.getElementById({json.dumps(field)});
      const start = performance.now();
      const applied = doclintReport.applied();
      input.value = {json.dumps(value)};
      const event = input.tagName === "SELECT" ? "change" : "input";
      input.dispatchEvent(new Event(event, {{bubbles: true}}));
      const count = await applied;
      await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return [(performance.now() - start) / 1000, count];
    }})()"""


def measure(chromium: Chromium, report: Path, screenshot: Path | None) -> dict[str, Any]:
    chromium.open(report.resolve().as_uri())
    loaded = chromium.evaluate(LOADED, timeout=600)
    found = chromium.evaluate("document.getElementById('findings-count').dataset.count")
    rule = chromium.evaluate("DATA.rules[DATA.rules.length - 1].code")
    folder = chromium.evaluate("DATA.folders[Math.min(2, DATA.folders.length - 1)][0]")
    cause = chromium.evaluate("DATA.causes[Math.min(2, DATA.causes.length - 1)].id")
    steps = {}
    for name, field, value in (
        ("text 'i'", "f-text", "i"),
        ("text 'is'", "f-text", "is"),
        ("text cleared", "f-text", ""),
        (f"folder '{folder}'", "f-folder", folder),
        ("folder cleared", "f-folder", ""),
        (f"rule {rule}", "f-rule", rule),
        ("rule cleared", "f-rule", ""),
        (f"cause {cause}", "f-cause", cause),
        ("cause cleared", "f-cause", ""),
        ("pages: docs of docs", "f-kind", "docs-of-docs"),
        ("pages cleared", "f-kind", ""),
    ):
        steps[name] = chromium.evaluate(type_into(field, value))
    if screenshot is not None:
        chromium.screenshot(screenshot)
    for problem in chromium.console_problems():
        print(f"console: {problem}")
    return {"load": loaded, "findings": int(found), "steps": steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--screenshot", type=Path)
    args = parser.parse_args()
    binary = find_chromium()
    if binary is None:
        raise SystemExit("html_bench: no chromium on PATH")
    size = args.report.stat().st_size
    runs = []
    for run in range(args.runs):
        started = time.perf_counter()
        with Chromium(binary) as chromium:
            shot = args.screenshot if run == args.runs - 1 else None
            runs.append(measure(chromium, args.report, shot))
        print(f"run {run + 1}: {time.perf_counter() - started:.1f} s with the browser's start")
    print(f"report: {args.report} ({size / 1e6:.1f} MB, {runs[0]['findings']:,} findings)")
    print(f"load (navigation to findings drawn): median {_median(r['load'] for r in runs)}")
    for step in runs[0]["steps"]:
        times = [r["steps"][step][0] for r in runs]
        count = runs[0]["steps"][step][1]
        print(f"keystroke, {step}: median {_median(times)} ({count:,} match)")


def _median(values: Any) -> str:
    listed = list(values)
    return f"{statistics.median(listed):.3f} s (of {', '.join(f'{v:.3f}' for v in listed)})"


if __name__ == "__main__":
    main()
