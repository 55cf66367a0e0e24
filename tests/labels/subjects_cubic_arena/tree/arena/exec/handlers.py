"""Handlers for exec/process endpoints.

v3.94.0: Migrated to @authed / err_json / parse_json_body helpers
from arena.handler_helpers. Auth preludes and error-response
scaffolding centralized; exec handler keeps its own request
accounting (duration + is_exec) via ``auto_record=False``.

v4.2.0: Added POST /v1/exec/script — raw script body execution
so agents don't have to double-JSON-encode multi-line scripts or
upload-then-exec them as a temp file dance. Interpreter picked
via ``X-Arena-Interpreter`` header (default: bash on POSIX,
powershell on Windows). Body-shape decision: text/plain body =
script, JSON body = preserve legacy /v1/exec compat.

v4.3.0: Added POST /v1/exec/stream — chunked NDJSON streaming
endpoint that emits one JSON event per line
(``start`` → ``stdout``/``stderr`` chunks → ``exit``) as soon as
bytes arrive from the child process. Same auth / blocklist /
control-lease / profile / cwd / semaphore / audit gates as
/v1/exec so agents can watch ``pytest`` or ``docker pull`` live
instead of blocking on the full response.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from arena.app_keys import APP_CFG
from arena.exec.client_lifecycle import (
    ClientDisconnected,
    await_while_client_connected,
    client_disconnect_response,
    forward_stream_events,
    record_client_disconnect,
)
from arena.exec.control_gate import control_injection_response
from arena.exec.interpreters import (
    _INTERPRETERS,
    _quote_path,
    _resolve_interpreter,
    _which_interpreter,
)
from arena.exec.runner import run_shell_command_stream
from arena.handler_context import ExecHandlerContext
from arena.handler_helpers import authed, err_json, parse_json_body
from arena.security_commands import command_allowlist_reason
from arena.web_utils import CORS_HEADERS

_BLOCKED_ENV_PATTERNS = [
    "ARENA_TOKEN", "TOKEN", "SECRET", "PASSWORD", "KEY",
    "LD_PRELOAD", "LD_LIBRARY_PATH", "PYTHONPATH", "PYTHONSTARTUP",
]

@dataclass(frozen=True)
class ExecHandlers:
    ps: Callable[..., Any]
    exec: Callable[..., Any]
    kill: Callable[..., Any]
    # v4.2.0: raw-script endpoint.
    script: Callable[..., Any]
    # v4.3.0: NDJSON streaming endpoint.
    stream: Callable[..., Any]


def make_exec_handlers(ctx: ExecHandlerContext) -> ExecHandlers:
    @authed(ctx)
    async def handle_v1_ps(request: web.Request) -> web.Response:
        ps_list = ctx.active_processes_snapshot(max_cmd_len=200)
        return ctx.cors_json_response({"ok": True, "processes": ps_list, "count": len(ps_list)})

    @authed(ctx, auto_record=False)
    async def handle_v1_exec(request: web.Request) -> web.Response:
        cfg = request.app[APP_CFG]

        data, jerr = await parse_json_body(request, ctx)
        if jerr is not None:
            ctx.record_request(is_error=True, count_request=False)
            return jerr
        assert data is not None  # the guard above already proved this

        request_id = str(data.get("request_id") or uuid.uuid4())
        cmd = str(data.get("cmd", "")).strip()
        if not cmd:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "missing cmd", status=400, request_id=request_id)

        reason = ctx.blocked_reason(cmd)
        if reason:
            ctx.audit({"type": "exec_blocked", "request_id": request_id, "cmd": cmd,
                       "reason": reason, "client": request.remote or "127.0.0.1"})
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, reason, status=403, request_id=request_id)

        blocked = control_injection_response(
            ctx=ctx, request=request, command=cmd, request_id=request_id,
            event_type="exec_blocked_control", audit_fields={"cmd": cmd},
        )
        if blocked is not None:
            return blocked

        profile = cfg["profile"]
        first = ctx.first_word(cmd)
        if profile == "cautious":
            reason = command_allowlist_reason(cmd, first, ctx.cautious_allow)
            if reason:
                reason = f"{reason}; use --profile owner-shell"
                ctx.audit({"type": "exec_blocked", "request_id": request_id, "cmd": cmd,
                           "reason": reason, "client": request.remote or "local-client"})
                ctx.record_request(is_error=True, count_request=False)
                return err_json(ctx, reason, status=403, request_id=request_id)

        root: Path = cfg["root"]
        cwd_raw = str(data.get("cwd") or root)
        cwd = Path(cwd_raw).expanduser()
        if not cwd.is_absolute():
            cwd = root / cwd
        if not cfg["allow_any_cwd"] and not ctx.under_root(cwd, root):
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd must be under root {root}", status=403, request_id=request_id)
        if not cwd.exists() or not cwd.is_dir():
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd does not exist: {cwd}", status=400, request_id=request_id)

        timeout = min(int(data.get("timeout") or cfg["timeout"]), cfg["max_timeout"])
        max_output = min(int(data.get("max_output") or ctx.default_max_output), cfg["max_output"])
        raw_env = data.get("env")
        env_extra: dict[str, Any] = dict(raw_env) if isinstance(raw_env, dict) else {}
        env = os.environ.copy()
        for key in list(env_extra.keys()):
            for blocked in _BLOCKED_ENV_PATTERNS:
                if blocked in key.upper():
                    del env_extra[key]
                    break
        env.update({str(k): str(v) for k, v in env_extra.items()})

        sem: asyncio.Semaphore = cfg["semaphore"]
        if sem.locked() and cfg["active_exec"] >= cfg["max_concurrent"]:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "too many concurrent exec requests",
                            status=429, request_id=request_id)

        await sem.acquire()
        cfg["active_exec"] += 1
        ctx.audit({"type": "exec_start", "request_id": request_id, "cmd": cmd, "cwd": str(cwd),
                   "timeout": timeout, "client": request.remote or "127.0.0.1"})

        try:
            result = await await_while_client_connected(
                request,
                ctx.run_shell_command(
                    request_id=request_id,
                    cmd=cmd,
                    cwd=cwd,
                    env=env,
                    timeout=timeout,
                    max_output=max_output,
                    decode_output_fn=ctx.decode_output,
                ),
            )
            event_type = "exec_timeout" if result.get("timed_out") else "exec_done"
            ctx.audit({"type": event_type, "request_id": request_id, "cmd": cmd,
                       "exit_code": result.get("exit_code"),
                       "duration": result.get("duration_sec"),
                       "truncated": result.get("truncated"),
                       "stdout_bytes": result.get("stdout_bytes"),
                       "stderr_bytes": result.get("stderr_bytes")})
            ctx.record_request(duration=result.get("duration_sec", 0.0),
                               is_exec=True, is_error=not result.get("ok"))
            response = dict(result)
            response.pop("timed_out", None)
            return ctx.cors_json_response(response, status=408 if result.get("timed_out") else 200)
        except ClientDisconnected:
            return client_disconnect_response(
                ctx, request, event_type="exec_client_disconnected",
                request_id=request_id, cmd=cmd,
            )
        except Exception as e:
            duration = 0.0
            ctx.audit({"type": "exec_error", "request_id": request_id, "cmd": cmd,
                       "duration": duration, "error": repr(e)})
            ctx.record_request(duration=duration, is_exec=True, is_error=True)
            return ctx.cors_json_response(
                {"ok": False, "request_id": request_id,
                 "error": "Internal error", "duration_sec": duration},
                status=500,
            )
        finally:
            cfg["active_exec"] -= 1
            sem.release()

    # v4.2.0 raw-script endpoint. Same auth + profile + control gates as
    # /v1/exec, but body-shape is raw script bytes and interpreter comes
    # from a header. Removes the need for agents to double-JSON-encode
    # multi-line bash / python and then read stdout back through a
    # nested string.
    @authed(ctx, auto_record=False)
    async def handle_v1_exec_script(request: web.Request) -> web.Response:
        cfg = request.app[APP_CFG]
        request_id = str(request.headers.get("X-Arena-Request-Id") or uuid.uuid4())

        # Read the raw script body. Cap defensively at 5 MiB — anything
        # bigger should upload via /v1/upload + exec.
        body = await request.read()
        if not body:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "empty script body", status=400, request_id=request_id)
        max_script = 5 * 1024 * 1024
        if len(body) > max_script:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(
                ctx,
                f"script body too large: {len(body)} bytes; cap is {max_script}",
                status=413, request_id=request_id,
            )

        # Interpreter selection.
        interp_name = request.headers.get("X-Arena-Interpreter", "").strip()
        resolved = _resolve_interpreter(interp_name)
        if resolved is None:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(
                ctx,
                f"unsupported interpreter {interp_name!r}. Supported: "
                + ", ".join(sorted(_INTERPRETERS.keys())),
                status=400, request_id=request_id,
            )
        interp_key, interp_cfg = resolved

        # Refuse to run a Unix-only interpreter on Windows and vice-versa
        # so a clear 400 comes back instead of a mysterious shell error.
        if os.name == "nt" and interp_cfg["unix"]:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(
                ctx, f"interpreter {interp_key!r} not available on Windows",
                status=400, request_id=request_id,
            )
        if os.name != "nt" and not interp_cfg["unix"]:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(
                ctx, f"interpreter {interp_key!r} not available on this OS",
                status=400, request_id=request_id,
            )

        if not _which_interpreter(str(interp_cfg["cmd"])):
            ctx.record_request(is_error=True, count_request=False)
            return err_json(
                ctx, f"interpreter {interp_key!r} not installed / not on PATH",
                status=400, request_id=request_id,
            )

        if cfg["profile"] == "cautious":
            reason = "raw scripts require owner-shell; cautious cannot inspect script semantics"
            ctx.audit({"type": "exec_script_blocked", "request_id": request_id,
                       "interpreter": interp_key, "reason": reason,
                       "client": request.remote or "local-client"})
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, reason, status=403, request_id=request_id)

        blocked = control_injection_response(
            ctx=ctx, request=request, command=ctx.decode_output(body),
            request_id=request_id, event_type="exec_script_blocked_control",
            audit_fields={"interpreter": interp_key},
        )
        if blocked is not None:
            return blocked

        # Timeout / cwd via headers (fall back to cfg defaults).
        try:
            timeout = min(int(request.headers.get("X-Arena-Timeout", cfg["timeout"])),
                          cfg["max_timeout"])
        except (TypeError, ValueError):
            timeout = int(cfg["timeout"])
        max_output = int(cfg["max_output"])

        root: Path = cfg["root"]
        cwd_hdr = (request.headers.get("X-Arena-Cwd") or "").strip()
        cwd = Path(cwd_hdr).expanduser() if cwd_hdr else root
        if not cwd.is_absolute():
            cwd = root / cwd
        if not cfg["allow_any_cwd"] and not ctx.under_root(cwd, root):
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd must be under root {root}",
                            status=403, request_id=request_id)
        if not cwd.exists() or not cwd.is_dir():
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd does not exist: {cwd}",
                            status=400, request_id=request_id)

        # Concurrency gate: same semaphore as /v1/exec so the two
        # endpoints share fairness rather than doubling capacity.
        sem: asyncio.Semaphore = cfg["semaphore"]
        if sem.locked() and cfg["active_exec"] >= cfg["max_concurrent"]:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "too many concurrent exec requests",
                            status=429, request_id=request_id)

        # Write body to a tmpfile scoped to root so cross-mount deletes
        # can't leak. mkstemp is race-free and gives us a mode 0o600 file.
        tmp_dir = root / ".arena_script_tmp"
        tmp_dir.mkdir(exist_ok=True)
        fd, tmp_path = tempfile.mkstemp(prefix=f"scr-{request_id[:8]}-",
                                        suffix=str(interp_cfg["suffix"]),
                                        dir=str(tmp_dir))
        os.close(fd)
        try:
            Path(tmp_path).write_bytes(body)
            # Make the script executable so `sh <path>` works even when
            # umask is unusually restrictive.
            try:
                os.chmod(tmp_path, 0o700)  # nosemgrep: insecure-file-permissions -- 0o700 is owner-only rwx; the script needs exec bit to run via `sh <path>` and no other user should read/execute it (see mkstemp above which already produced 0o600)
            except Exception:
                pass

            # v4.163.0 (bug #52): interpolated bare, a space in the root
            # split the path into two shell words --
            # `bash: /tmp/root: No such file or directory` for any root
            # like `C:\Users\Ivan Petrov`. See _quote_path.
            full_cmd = str(interp_cfg["cmd"]).format(path=_quote_path(tmp_path))

            # Same blocklist that /v1/exec uses — but applied to the
            # interpreter cmdline, not the script body. Script bodies
            # are opaque to the blocklist; if you want to restrict what
            # the script itself can do, use a --profile.
            reason = ctx.blocked_reason(full_cmd)
            if reason:
                ctx.audit({"type": "exec_script_blocked", "request_id": request_id,
                           "interpreter": interp_key, "reason": reason,
                           "client": request.remote or "127.0.0.1"})
                ctx.record_request(is_error=True, count_request=False)
                return err_json(ctx, reason, status=403, request_id=request_id)

            env = os.environ.copy()

            await sem.acquire()
            cfg["active_exec"] += 1
            ctx.audit({"type": "exec_script_start", "request_id": request_id,
                       "interpreter": interp_key, "bytes": len(body),
                       "cwd": str(cwd), "timeout": timeout,
                       "client": request.remote or "127.0.0.1"})
            try:
                result = await await_while_client_connected(
                    request,
                    ctx.run_shell_command(
                        request_id=request_id,
                        cmd=full_cmd,
                        cwd=cwd,
                        env=env,
                        timeout=timeout,
                        max_output=max_output,
                        decode_output_fn=ctx.decode_output,
                    ),
                )
                event_type = "exec_script_timeout" if result.get("timed_out") else "exec_script_done"
                ctx.audit({"type": event_type, "request_id": request_id,
                           "interpreter": interp_key,
                           "exit_code": result.get("exit_code"),
                           "duration": result.get("duration_sec"),
                           "truncated": result.get("truncated"),
                           "stdout_bytes": result.get("stdout_bytes"),
                           "stderr_bytes": result.get("stderr_bytes")})
                ctx.record_request(duration=result.get("duration_sec", 0.0),
                                   is_exec=True, is_error=not result.get("ok"))
                response = dict(result)
                response.pop("timed_out", None)
                response["interpreter"] = interp_key
                response["script_bytes"] = len(body)
                return ctx.cors_json_response(
                    response,
                    status=408 if result.get("timed_out") else 200,
                )
            except ClientDisconnected:
                return client_disconnect_response(
                    ctx, request, event_type="exec_script_client_disconnected",
                    request_id=request_id, interpreter=interp_key,
                )
            except Exception as e:  # noqa: BLE001
                ctx.audit({"type": "exec_script_error", "request_id": request_id,
                           "interpreter": interp_key, "error": repr(e)})
                ctx.record_request(duration=0.0, is_exec=True, is_error=True)
                return ctx.cors_json_response(
                    {"ok": False, "request_id": request_id,
                     "error": "Internal error", "duration_sec": 0.0,
                     "interpreter": interp_key},
                    status=500,
                )
            finally:
                cfg["active_exec"] -= 1
                sem.release()
        finally:
            # Delete the tmp script even on error — no lingering
            # bytes on disk. Ignore ENOENT if we never wrote it.
            try:
                os.unlink(tmp_path)
            except FileNotFoundError:
                pass
            except Exception:
                pass

    # v4.3.0 NDJSON streaming endpoint. Same auth + gates as /v1/exec, but
    # emits one JSON event per line as bytes arrive from the child process
    # so agents can watch long-running commands (pytest, docker pull, npm
    # build, ...) live instead of blocking on the full response.
    @authed(ctx, auto_record=False)
    async def handle_v1_exec_stream(request: web.Request) -> web.StreamResponse:
        cfg = request.app[APP_CFG]

        data, jerr = await parse_json_body(request, ctx)
        if jerr is not None:
            ctx.record_request(is_error=True, count_request=False)
            return jerr
        assert data is not None  # the guard above already proved this

        request_id = str(data.get("request_id") or uuid.uuid4())
        cmd = str(data.get("cmd", "")).strip()
        if not cmd:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "missing cmd", status=400, request_id=request_id)

        reason = ctx.blocked_reason(cmd)
        if reason:
            ctx.audit({"type": "exec_stream_blocked", "request_id": request_id, "cmd": cmd,
                       "reason": reason, "client": request.remote or "127.0.0.1"})
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, reason, status=403, request_id=request_id)

        blocked = control_injection_response(
            ctx=ctx, request=request, command=cmd, request_id=request_id,
            event_type="exec_stream_blocked_control", audit_fields={"cmd": cmd},
        )
        if blocked is not None:
            return blocked

        profile = cfg["profile"]
        first = ctx.first_word(cmd)
        if profile == "cautious":
            reason = command_allowlist_reason(cmd, first, ctx.cautious_allow)
            if reason:
                reason = f"{reason}; use --profile owner-shell"
                ctx.audit({"type": "exec_stream_blocked", "request_id": request_id, "cmd": cmd,
                           "reason": reason, "client": request.remote or "local-client"})
                ctx.record_request(is_error=True, count_request=False)
                return err_json(ctx, reason, status=403, request_id=request_id)

        root: Path = cfg["root"]
        cwd_raw = str(data.get("cwd") or root)
        cwd = Path(cwd_raw).expanduser()
        if not cwd.is_absolute():
            cwd = root / cwd
        if not cfg["allow_any_cwd"] and not ctx.under_root(cwd, root):
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd must be under root {root}", status=403, request_id=request_id)
        if not cwd.exists() or not cwd.is_dir():
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, f"cwd does not exist: {cwd}", status=400, request_id=request_id)

        timeout = min(int(data.get("timeout") or cfg["timeout"]), cfg["max_timeout"])
        max_output = min(int(data.get("max_output") or ctx.default_max_output), cfg["max_output"])
        raw_env = data.get("env")
        env_extra: dict[str, Any] = dict(raw_env) if isinstance(raw_env, dict) else {}
        env = os.environ.copy()
        for key in list(env_extra.keys()):
            for blocked in _BLOCKED_ENV_PATTERNS:
                if blocked in key.upper():
                    del env_extra[key]
                    break
        env.update({str(k): str(v) for k, v in env_extra.items()})

        sem: asyncio.Semaphore = cfg["semaphore"]
        if sem.locked() and cfg["active_exec"] >= cfg["max_concurrent"]:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "too many concurrent exec requests",
                            status=429, request_id=request_id)

        # NDJSON stream: chunked transfer, one JSON object per line. Setting
        # X-Accel-Buffering: no is a hint for reverse proxies (nginx) to not
        # coalesce chunks — matters when the bridge sits behind a Tailscale
        # funnel or similar. The response itself is unbuffered from aiohttp.
        headers = dict(CORS_HEADERS)
        headers["Content-Type"] = "application/x-ndjson"
        headers["Cache-Control"] = "no-cache"
        headers["X-Accel-Buffering"] = "no"
        headers["X-Arena-Request-Id"] = request_id
        response = web.StreamResponse(status=200, headers=headers)
        response.enable_chunked_encoding()
        await response.prepare(request)

        async def _emit(event: dict) -> None:
            line = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
            await response.write(line)

        await sem.acquire()
        cfg["active_exec"] += 1
        ctx.audit({"type": "exec_stream_start", "request_id": request_id, "cmd": cmd,
                   "cwd": str(cwd), "timeout": timeout,
                   "client": request.remote or "127.0.0.1"})
        exit_event: dict | None = None
        stream = None
        try:
            # Keep the first write inside the lifecycle guard: an immediate
            # reset must still release the semaphore and active_exec count.
            await _emit({"type": "meta", "request_id": request_id,
                         "cmd": cmd, "cwd": str(cwd), "timeout": timeout})
            stream = run_shell_command_stream(
                request_id=request_id,
                cmd=cmd,
                cwd=cwd,
                env=env,
                timeout=timeout,
                max_output=max_output,
            )
            exit_event = await forward_stream_events(
                request, stream, emit=_emit, decode_output=ctx.decode_output,
                request_id=request_id,
            )

            duration = float(exit_event.get("duration_sec", 0.0)) if exit_event else 0.0
            timed_out = bool(exit_event.get("timed_out")) if exit_event else False
            exit_code = exit_event.get("exit_code") if exit_event else None
            event_type = "exec_stream_timeout" if timed_out else "exec_stream_done"
            ctx.audit({"type": event_type, "request_id": request_id, "cmd": cmd,
                       "exit_code": exit_code, "duration": duration,
                       "truncated": bool(exit_event.get("truncated")) if exit_event else False,
                       "stdout_bytes": exit_event.get("stdout_bytes") if exit_event else 0,
                       "stderr_bytes": exit_event.get("stderr_bytes") if exit_event else 0})
            ctx.record_request(duration=duration, is_exec=True,
                               is_error=timed_out or (exit_code != 0))
        except ClientDisconnected:
            record_client_disconnect(
                ctx, request, event_type="exec_stream_client_disconnected",
                request_id=request_id, cmd=cmd,
            )
        except Exception as e:  # noqa: BLE001
            ctx.audit({"type": "exec_stream_error", "request_id": request_id,
                       "cmd": cmd, "error": repr(e)})
            ctx.record_request(duration=0.0, is_exec=True, is_error=True)
            # Best-effort tail-event so the client sees a terminal marker
            # even after an internal error.
            try:
                await _emit({"type": "error", "request_id": request_id,
                             "error": "Internal error"})
            except Exception:
                pass
        finally:
            if stream is not None:
                await stream.aclose()
            cfg["active_exec"] -= 1
            sem.release()
            try:
                await response.write_eof()
            except Exception:
                pass
        return response

    @authed(ctx, auto_record=False)
    async def handle_v1_kill(request: web.Request) -> web.Response:
        data, jerr = await parse_json_body(request, ctx)
        if jerr is not None:
            ctx.record_request(is_error=True, count_request=False)
            return jerr
        assert data is not None  # the guard above already proved this
        target_id = data.get("request_id")
        if not target_id or target_id not in ctx.active_processes:
            ctx.record_request(is_error=True, count_request=False)
            return err_json(ctx, "process not found", status=404)
        info = ctx.active_processes[target_id]
        try:
            os.kill(info["pid"], signal.SIGTERM if os.name != "nt" else signal.CTRL_BREAK_EVENT)
        except Exception:
            pass
        ctx.audit({"type": "process_killed", "target_request_id": target_id,
                   "client": request.remote or "127.0.0.1"})
        ctx.record_request()
        return ctx.cors_json_response({"ok": True, "killed": target_id})

    return ExecHandlers(
        ps=handle_v1_ps,
        exec=handle_v1_exec,
        kill=handle_v1_kill,
        script=handle_v1_exec_script,
        stream=handle_v1_exec_stream,
    )
