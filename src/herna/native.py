"""Alhambra's hot core compiled with mypyc where a C compiler is at hand, pure Python elsewhere.

The modules in `MODULES` are plain typed Python. `make compile` (run by `make setup`, `make run`
and `make test`) compiles them with mypyc into extension modules beside their sources
(git-ignored) and writes a manifest of the hashes of the sources they were built from.
Imported first thing by `herna/__init__.py`, this module decides once per process which form
to load: the compiled one only when it was built from the sources now on disk, so a stale
build never shadows an edited file; the `.py` files when `HERNA_PURE=1` is set, when nothing
was built (a wheel, a machine without a compiler) or when the build is stale. Both forms
behave byte for byte alike: `tests/alhambra/test_native.py` plays seeded games in both and
compares every legal list, view, message and record.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# compiled together into one shared library. Not herna.core.rng: its 64-bit arithmetic
# overflows mypyc's fast ints, and compiled it ran slower than CPython's own.
MODULES = (
    "herna.games.alhambra.board",
    "herna.games.alhambra.scoring",
    "herna.games.alhambra.rules",
    "herna.games.alhambra.state",
)
# also hashed: the compiled modules inline these modules' literal Finals (the action kinds)
DEPENDS = ("herna.games.alhambra.actions", "herna.games.alhambra.data")
GROUP = "herna"  # the shared library: src/herna__mypyc.<abi>.so
SRC = Path(__file__).resolve().parent.parent  # the directory that holds the herna package
MANIFEST = Path(__file__).resolve().parent / "native.json"  # written by build(), git-ignored


def source(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _digest(module: str) -> str:
    return hashlib.sha256(source(module).read_bytes()).hexdigest()


def _extension(module: str) -> Path | None:
    """The built extension module for this interpreter, if there is one."""
    base = source(module).with_suffix("")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if path.exists():
            return path
    return None


def _fresh(*, env: bool = True) -> str | None:
    """None when the compiled modules may be used, else why not (`env`: HERNA_PURE counts)."""
    if env and os.environ.get("HERNA_PURE", "") not in ("", "0"):
        return "HERNA_PURE is set"
    if not MANIFEST.exists() or any(_extension(m) is None for m in MODULES):
        return "not built"
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "not built"
    if built.get("python") != sys.implementation.cache_tag:
        return "built for another Python"
    if built.get("modules") != list(MODULES):
        return "stale"
    hashes = built.get("sources", {})
    if any(hashes.get(m) != _digest(m) for m in MODULES + DEPENDS):
        return "stale"
    return None


class _Finder(importlib.abc.MetaPathFinder):
    """Loads the `.py` source of a herna module that has an extension module beside it, unless
    it is one of MODULES and the compiled form was chosen: a stale build, or one left from an
    older list of modules, never runs."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("herna.") or (_why_pure is None and fullname in MODULES):
            return None
        if _extension(fullname) is None:
            return None  # no extension: the default finders load the source anyway
        return importlib.util.spec_from_file_location(fullname, source(fullname))


_why_pure: str | None = "not decided"


def install() -> None:
    """Choose compiled or pure for this process (once, before any of MODULES is imported)."""
    global _why_pure
    if _why_pure != "not decided":
        return
    _why_pure = _fresh()
    if _why_pure == "stale":
        warnings.warn("herna's compiled Alhambra core is older than its sources: running pure "
                      "Python (rebuild with `make compile`)", RuntimeWarning, stacklevel=2)
    sys.meta_path.insert(0, _Finder())


def compiled() -> bool:
    """Whether this process runs the compiled modules."""
    return all(getattr(sys.modules.get(m) or importlib.import_module(m), "__file__", "")
               .endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for m in MODULES)


def why_pure() -> str | None:
    """Why this process runs pure Python (None: it runs the compiled modules)."""
    return _why_pure


def build() -> None:
    """Compile MODULES with mypyc in place (needs the `dev` extra and a C compiler)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        raise RuntimeError(f"no C compiler ({cc})")
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        raise RuntimeError("no Python headers (Python.h)")
    from mypyc.build import mypycify  # only the build needs mypy and setuptools
    from setuptools import setup

    out = SRC.parent / "build" / "native"
    clean()  # unlinked, not overwritten: this process may have mapped the old libraries
    cwd = Path.cwd()
    os.chdir(SRC)  # build_ext --inplace puts each module beside its source
    try:
        setup(name="herna-native", script_args=[
                  "-q", "build_ext", "--inplace", "--build-temp", str(out / "temp"),
                  "--build-lib", str(out / "lib")],
              ext_modules=mypycify([f"--cache-dir={out / 'mypy_cache'}",
                                    *(str(source(m).relative_to(SRC)) for m in MODULES)],
                                   target_dir=str(out / "c"), group_name=GROUP))
    finally:
        os.chdir(cwd)
    MANIFEST.write_text(json.dumps({
        "python": sys.implementation.cache_tag,
        "modules": list(MODULES),
        "sources": {m: _digest(m) for m in MODULES + DEPENDS},
    }, indent=1) + "\n", encoding="utf-8")


def clean() -> None:
    """Remove every built module (also of modules no longer in MODULES): pure Python again."""
    MANIFEST.unlink(missing_ok=True)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for ext in [*SRC.joinpath("herna").rglob(f"*{suffix}"), *SRC.glob(f"{GROUP}__mypyc*")]:
            ext.unlink(missing_ok=True)


def main(argv: Sequence[str] | None = None) -> int:
    """`build` (a failure is an error with CI=true, a warning elsewhere), `clean`, `status`."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "status"
    if command == "build":
        if _fresh(env=False) is None:
            return 0  # built from these very sources
        try:
            build()
        except (Exception, SystemExit) as e:  # setuptools exits on a compiler error
            strict = os.environ.get("CI", "").lower() in ("1", "true", "yes")
            print(f"herna.native: the compiled Alhambra core was not built ({e!r}); "
                  f"herna runs as pure Python{'' if strict else ' (slower, same results)'}",
                  file=sys.stderr)
            return 1 if strict else 0
        return 0
    if command == "clean":
        clean()
        return 0
    if command == "status":
        why = _fresh()
        print("compiled" if why is None else f"pure Python ({why})")
        return 0
    print("usage: herna.native.main([build | clean | status])", file=sys.stderr)
    return 2


install()
