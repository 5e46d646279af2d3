"""What the benchmarks read about processes and the machine from /proc (Linux): CPU time,
memory, the process tree, the CPU's name. One place, so every figure counts the same way."""

from __future__ import annotations

import contextlib
import os
import platform
from pathlib import Path


def cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine() or "unknown CPU"


def _stat(pid: int) -> list[str]:
    """/proc/PID/stat's fields after the command name (which may hold spaces or brackets)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of one process (not of its children)."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def status_kb(pid: int, key: str) -> int:
    """A field of /proc/PID/status in kB (VmRSS, VmHWM, ...); 0 when it has none."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def children() -> dict[int, list[int]]:
    """Every live process's children, from one read of /proc."""
    kids: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            pid = int(stat.parent.name)
            kids.setdefault(int(_stat(pid)[1]), []).append(pid)
    return kids


def descendants(pid: int, kids: dict[int, list[int]] | None = None) -> list[int]:
    """The children of `pid`, theirs, and so on (not `pid` itself)."""
    kids = children() if kids is None else kids
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def total_cpu(pids: list[int]) -> float:
    """The CPU seconds of these processes; one that ended meanwhile counts nothing."""
    total = 0.0
    for p in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += cpu_seconds(p)
    return total
