"""The compiled kernels' cache on disk: whether numba must compile a kernel module before it
can run (told without importing numba), the notice that says so, and the guard that keeps a
broken cache from failing a job.

Where numba keeps a cache
-------------------------
numba caches each ``@njit(cache=True)`` function as an index file
``<module>.<function>-<line>.py<ver><abiflags>.nbi`` (and data files ``.nbc``) in the first
of these folders that it can write (``numba.core.caching._CacheImpl._locator_classes``,
mirrored by :func:`cache_folder`):

1. ``NUMBA_CACHE_DIR`` (when set) joined with ``<dir>_<sha1 of the source's folder>``;
2. ``__pycache__`` beside the source (an editable or a user install);
3. the user-wide cache, ``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba`` (a system install,
   a read-only package folder), joined with the same ``<dir>_<sha1>``.

An index starts with the numba version that wrote it and holds the SHA-256 of the source
it was compiled from; an index of another numba version or of another source is ignored
(the function compiles again). :func:`needs_compiling` reads exactly that.

Saying it
---------
The library calls :func:`announce` just before it first calls the kernels of a job. When
some must be compiled, it says once per process which and about how long, from the table
that ``benchmarks/compile_bench.py --write-table`` measured (:mod:`clew._compile_table`):
as a :class:`ClewCompileWarning` in a Python program (a notebook, a server), or through the
announcer the command line installs (one line on stderr). ``CLEW_COMPILE_NOTICE=0`` in the
environment silences both.

Caches that break
-----------------
:func:`guard_kernel_imports` (installed by ``import clew``) watches the import of every
kernel module: when no cache folder can be written (read-only everywhere) numba would
refuse to import it ("cannot cache function ... no locator available"), so clew points
numba at a private temporary folder for this process instead; a cache that cannot be
written (a full disk) or read (a damaged file) is skipped. Each case is said in one line,
once, and the job runs on kernels compiled in memory.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # types only: importlib.machinery is loaded when a kernel module is
    from importlib.machinery import ModuleSpec

from .errors import plural

__all__ = [
    "ClewCompileWarning",
    "announce",
    "cache_folder",
    "compile_message",
    "guard_kernel_imports",
    "in_memory",
    "needs_compiling",
    "notice_wanted",
    "numba_loaded",
    "set_announcer",
    "skip_blas_probe",
    "skip_registry_refresh",
]

_ROOT = Path(os.path.abspath(os.path.dirname(__file__)))


class ClewCompileWarning(UserWarning):
    """Issued once per process when a call is about to compile kernels that are not in the
    cache yet (the first use after an install or an upgrade), with the kernels and an
    estimate of the time: ``compiling 7 kernels for sudoku rating, about 9 s (once; later
    runs load them from the cache)``.

    It is a warning, not an error: the call goes on and returns its answer. Silence it with
    the warnings filter, e.g. ``warnings.filterwarnings("ignore",
    category=clew.ClewCompileWarning)``, or compile ahead with :func:`clew.compile`.
    """


_MEMORY = "in memory"
# Whether this process has said that it compiles in memory (no cache folder can be written)
_said_memory = False
# The private cache folder of this process when no other can be written (removed at exit)
_private: str | None = None

# Who is told that kernels must be compiled: None issues a ClewCompileWarning (a library
# process); the command line installs a printer of one line on stderr.
_announcer: Callable[[str], None] | None = None
# The kernel modules already announced in this process (or found in the cache): each is
# said at most once, and checked on disk at most once.
_announced: set[str] = set()


def set_announcer(announcer: Callable[[str], None] | None) -> None:
    """Call ``announcer(message)`` instead of issuing a :class:`ClewCompileWarning` when
    :func:`announce` finds kernels to compile or a cache cannot be used; ``None`` restores
    the warning."""
    global _announcer
    _announcer = announcer


def _say(message: str) -> None:
    if os.environ.get("CLEW_COMPILE_NOTICE", "").strip() in ("0", "off", "no"):
        return
    if _announcer is not None:
        _announcer(message)
        return
    import warnings

    warnings.warn(message, ClewCompileWarning, stacklevel=4)


def notice_wanted(message: str) -> bool:
    """Whether the warnings filter lets a :class:`ClewCompileWarning` with ``message``
    through (``ignore`` silences it; ``error`` counts as shown): the command line prints its
    own line in place of the warning, and keeps to the filter a program or a test set."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        try:
            warnings.warn(message, ClewCompileWarning, stacklevel=2)
        except ClewCompileWarning:
            return True
    return bool(caught)


def announce(*modules: str, job: str | None = None) -> None:
    """Say once per process which of the kernel ``modules`` (paths inside the package, such
    as ``"queens/compiled/_kernels_count.py"``) must be compiled before use, and about how long that
    takes; ``job`` names what they are for ("sudoku rating"), by default their families.

    The library calls this just before it first calls the kernels of a job; it costs a few
    ``stat`` calls and file reads the first time, and nothing for modules already announced.

    >>> announce("no/such/module.py")   # nothing to compile: nothing is said
    """
    global _said_memory
    fresh = [m for m in modules if m not in _announced]
    if not fresh or _private is not None:  # in memory: said once already, by the guard
        return
    _announced.update(fresh)
    pending = needs_compiling(*fresh)
    present = [m for m in fresh if (_ROOT / m).is_file()]
    if pending and len(pending) < len(present):
        # Some of the job's modules are in the cache, so the job has run: a module without
        # any cache entry, not even a stale one, is one this job does not compile.
        pending = [m for m in pending if indexes(m)]
    if pending:
        if cache_folder(pending[0]) is None:
            _said_memory = True  # the guard need not say it again
        _say(compile_message(pending, job))


def compile_message(pending: list[str], job: str | None = None) -> str:
    """The notice for the kernel modules ``pending``: how many kernels, for what, about how
    long (the measured table, :mod:`clew._compile_table`; half of it while a partner process
    compiles beside this one, :mod:`clew._partner`).

    >>> compile_message([])
    'nothing to compile'
    """
    if not pending:
        return "nothing to compile"
    from ._compile_table import MODULES

    kernels, seconds, known = 0, 0.0, True
    for module in pending:
        row = MODULES.get(module)
        if row is None:
            known = False
            with contextlib.suppress(OSError):
                kernels += (_ROOT / module).read_text(encoding="utf-8").count("cache=True")
        else:
            kernels += row[0]
            seconds += row[1]
    if job is None:
        job = ", ".join(dict.fromkeys(m.split("/", 1)[0] for m in pending))
    what = plural(kernels, "kernel") if kernels else "kernels"
    folder = cache_folder(pending[0])
    if folder is None:
        where, after = f" {_MEMORY}", f" ({_nowhere_reason(pending[0])})"
    else:
        where, after = "", " (once; later runs load them from the cache)"
    if claims is not None and folder is not None:  # a partner compiles half of it beside
        seconds, where = seconds / 2, " with a second process"
    about = f", about {max(1, round(seconds))} s" if known and seconds else ""
    return f"compiling {what} for {job}{where}{about}{after}"


def numba_loaded() -> bool:
    """Whether this process has imported numba already. The library prefers a kernel over
    its plain-Python path only then: a job that needs no kernel (an easy rating, a small
    board) never pays numba's start-up, about 0.7 s, for a small part of its work."""
    return "numba" in sys.modules


# ---------------------------------------------------------------------------------------------
# Where the cache is, and whether it is fresh
# ---------------------------------------------------------------------------------------------


def _numba_cache_dir() -> str:
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba's own value, once it has read it (a program may set it)
        return getattr(config, "CACHE_DIR", "") or ""
    return os.environ.get("NUMBA_CACHE_DIR", "")


def _user_wide_folder() -> Path:
    """numba's user-wide cache folder (``appdirs.user_cache_dir`` of "numba")."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "numba"
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "numba" / "Cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "numba"


def _subfolder(source_dir: str) -> str:
    import hashlib

    return os.path.basename(source_dir) + "_" + hashlib.sha1(source_dir.encode()).hexdigest()


def _writable(folder: Path) -> bool:
    """Whether numba could create ``folder`` and write in it (it tries ``os.makedirs`` and a
    temporary file; ``os.access`` answers the same without leaving anything behind)."""
    path = folder
    while not path.exists():
        if path.parent == path:
            return False
        path = path.parent
    return path.is_dir() and os.access(path, os.W_OK | os.X_OK)


def _candidates(source_dir: str) -> list[tuple[str, Path]]:
    found = []
    custom = _numba_cache_dir()
    if custom:
        found.append(("NUMBA_CACHE_DIR", Path(custom) / _subfolder(source_dir)))
    found.append(("__pycache__", Path(source_dir) / "__pycache__"))
    found.append(("user cache", _user_wide_folder() / _subfolder(source_dir)))
    return found


def cache_folder(module: str) -> Path | None:
    """The folder where numba keeps the cache of the kernel ``module`` (a path inside the
    package): the first writable one in numba's order, or None when none is (numba then
    cannot cache it at all, and clew compiles it in memory).

    >>> cache_folder("queens/compiled/_kernels_count.py") is not None  # a writable folder
    True
    """
    source_dir = os.path.dirname(str(_ROOT / module))
    for _, folder in _candidates(source_dir):
        if _writable(folder):
            return folder
    return None


def _nowhere_reason(module: str) -> str:
    source_dir = os.path.dirname(str(_ROOT / module))
    return "no kernel cache folder can be written: " + ", ".join(
        str(f) for _, f in _candidates(source_dir)
    )


def _numba_version() -> str:
    numba = sys.modules.get("numba")
    if numba is not None and hasattr(numba, "__version__"):
        return numba.__version__
    global _VERSION
    if _VERSION is None:
        _VERSION = _installed_numba_version()
    return _VERSION


def _installed_numba_version() -> str:
    """numba's version without importing it: its ``_version.py`` holds it as text (a few
    milliseconds; ``importlib.metadata`` takes a tenth of a second to load)."""
    import importlib.util
    import re

    try:
        spec = importlib.util.find_spec("numba")
        if spec is None or spec.origin is None:
            raise ImportError("numba is not installed")
        text = Path(spec.origin).with_name("_version.py").read_text(encoding="utf-8")
        found = re.search(r'"version":\s*"([^"]+)"', text)
        if found is None:
            raise ValueError("no version in numba's _version.py")
        return found.group(1)
    except (AttributeError, ImportError, OSError, TypeError, ValueError):
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("numba")
        except PackageNotFoundError:
            return ""


_VERSION: str | None = None
_TAG = f"py{sys.version_info.major}{sys.version_info.minor}{getattr(sys, 'abiflags', '')}"


def _digest(source: Path) -> bytes | None:
    import hashlib

    try:
        return hashlib.sha256(source.read_bytes()).digest()
    except OSError:
        return None


def index_is_fresh(index: str | os.PathLike, digest: bytes) -> bool:
    """Whether the numba index file ``index`` was written by this numba version for the
    source whose SHA-256 is ``digest`` (numba ignores any other: it compiles again).

    The first pickled value of an index is the numba version; the rest holds the source's
    hash as raw bytes, found without unpickling it (which would import numba)."""
    import pickle

    try:
        with open(index, "rb") as f:
            version = pickle.load(f)
            rest = f.read()
    except Exception:  # missing, unreadable or damaged: numba will not use it either
        return False
    return version == _numba_version() and digest in rest


def indexes(module: str) -> list[Path]:
    """The index files of the kernel ``module`` in its cache folder (fresh or not)."""
    folder = cache_folder(module)
    if folder is None:
        return []
    stem = Path(module).stem + "."
    try:
        return [
            Path(e.path)
            for e in os.scandir(folder)
            if e.name.startswith(stem) and e.name.endswith(f".{_TAG}.nbi")
        ]
    except OSError:
        return []


def needs_compiling(*modules: str) -> list[str]:
    """The kernel modules among ``modules`` (paths inside the package, such as
    ``"queens/compiled/_kernels_count.py"``) that numba must compile before use: no index file in
    their cache folder (:func:`cache_folder`) written by this numba version for their
    current source, or no cache folder that can be written at all.

    A module counts as compiled when one of its functions is: a job compiles the kernels it
    needs from a module together. Modules that do not exist are left out.

    >>> needs_compiling("no/such/module.py")
    []
    """
    out = []
    for module in modules:
        source = _ROOT / module
        if not source.is_file():
            continue
        digest = _digest(source)
        if digest is None or not any(index_is_fresh(i, digest) for i in indexes(module)):
            out.append(module)
    return out


# ---------------------------------------------------------------------------------------------
# Caches that break: read-only everywhere, full, damaged
# ---------------------------------------------------------------------------------------------

_said_broken: set[str] = set()

#: The claims of a process that compiles beside a partner (:mod:`clew._partner` sets it):
#: ``before_compile(key)`` on a miss (False: compile here; True: the other process compiled
#: it, load again) and ``done(key)`` once a compiled function is saved. None: no partner.
claims: Any = None


def in_memory() -> bool:
    """Whether this process compiles its kernels in a private folder (no cache folder can
    be written): nothing it compiles outlives it."""
    return _private is not None


def _say_broken(kind: str, message: str) -> None:
    if kind not in _said_broken:
        _said_broken.add(kind)
        _say(message)


def _use_private_folder(module_file: str) -> None:
    """No cache folder can be written for ``module_file``: numba would refuse to import its
    kernels, so cache them for this process only, in a temporary folder removed at exit."""
    import atexit
    import shutil
    import tempfile

    global _said_memory, _private
    reason = _nowhere_reason(os.path.relpath(module_file, _ROOT))
    try:
        private = tempfile.mkdtemp(prefix="clew-kernels-")
    except OSError:
        return  # nowhere at all: numba's own error follows
    _private = private
    atexit.register(shutil.rmtree, private, ignore_errors=True)
    os.environ["NUMBA_CACHE_DIR"] = private  # numba re-reads its settings from the environment
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = private  # type: ignore[attr-defined]  # numba's module, untyped
    if not _said_memory:  # the compile notice has not said it: say it here, once
        _said_memory = True
        _say(f"compiling kernels {_MEMORY} for this run ({reason})")


class _SafeCache:
    """A numba function cache that never fails the call: a load that fails is a miss, a
    save that fails is skipped (the compiled function stays in memory), each said once.

    When this process compiles beside a partner (:mod:`clew._partner`), a miss asks
    :data:`claims` first: the function may be compiled by the other process, and loaded
    from the cache once it is there."""

    def __init__(self, inner: Any, key: str = "") -> None:
        self._inner = inner
        self._saving = True
        self._key = key

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        loaded = self._load(sig, target_context)
        while loaded is None and claims is not None and claims.before_compile(self._key):
            loaded = self._load(sig, target_context)  # the other process compiled it
        return loaded

    def _load(self, sig: Any, target_context: Any) -> Any:
        try:
            return self._inner.load_overload(sig, target_context)
        except Exception as exc:  # a damaged index or data file: compile instead
            _say_broken(
                "load",
                f"the kernel cache in {self._inner.cache_path} cannot be read "
                f"({_reason(exc)}); compiling in memory",
            )
            return None

    def save_overload(self, sig: Any, data: Any) -> None:
        try:
            self._save(sig, data)
        finally:
            if claims is not None:
                claims.done(self._key)

    def _save(self, sig: Any, data: Any) -> None:
        if not self._saving:
            return
        try:
            self._inner.save_overload(sig, data)
        except Exception as exc:  # full, read-only since, removed: keep it in memory
            self._saving = False
            _say_broken(
                "save",
                f"cannot write the kernel cache in {self._inner.cache_path} "
                f"({_reason(exc)}); this run keeps its kernels in memory",
            )


def _reason(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return " ".join(str(text).split())


def _guard_module(module: ModuleType) -> None:
    for value in list(vars(module).values()):
        cache = getattr(value, "_cache", None)
        if cache is None or isinstance(cache, _SafeCache) or not hasattr(cache, "save_overload"):
            continue
        if type(cache).__name__ == "NullCache":
            continue
        value._cache = _SafeCache(cache, f"{module.__name__}.{value.py_func.__qualname__}")


class _KernelImports:
    """Import hook of :func:`guard_kernel_imports`."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("clew.") or not name.rpartition(".")[2].startswith("_kernels"):
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None and spec.origin:
            # duck-typed: create_module and exec_module here, the rest from the loader
            spec.loader = _GuardedLoader(spec.loader, spec.origin)  # type: ignore[assignment]
        return spec


class _GuardedLoader:
    """The module's own loader (its source, its code), with the guard around its
    execution."""

    def __init__(self, loader: Any, origin: str) -> None:
        self.loader, self.origin = loader, origin

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if cache_folder(os.path.relpath(self.origin, _ROOT)) is None:
            _use_private_folder(self.origin)
        self.loader.exec_module(module)
        _guard_module(module)


def guard_kernel_imports() -> None:
    """Watch the import of clew's kernel modules (``clew.<family>._kernels*``) so that a
    cache that cannot be used never fails a job: the kernels are then compiled in memory,
    and one line says so (see the module's docstring). ``import clew`` calls it; a second
    call does nothing."""
    if not any(isinstance(f, _KernelImports) for f in sys.meta_path):
        sys.meta_path.insert(0, _KernelImports())


# ---------------------------------------------------------------------------------------------
# numba's BLAS probe
# ---------------------------------------------------------------------------------------------


class _OnImport:
    """An import hook that runs ``execute(loader, module)`` in place of the loader's own
    ``exec_module`` for the one module ``name``, the first time it is imported, and then
    leaves ``sys.meta_path``: how the ``clew`` process changes a numba module as it loads
    (:func:`skip_blas_probe`, :func:`skip_registry_refresh`) without importing numba
    before it needs it."""

    def __init__(self, name: str, execute: Callable) -> None:
        self.name, self.execute = name, execute

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != self.name:
            return None
        import importlib.machinery

        sys.meta_path.remove(self)  # once
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Executed(spec.loader, self.execute)  # type: ignore[assignment]  # duck-typed
        return spec


class _Executed:
    def __init__(self, loader: Any, execute: Callable) -> None:
        self.loader, self.execute = loader, execute

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.execute(self.loader, module)


def _install(name: str, execute: Callable) -> None:
    """Put an :class:`_OnImport` hook for ``name`` first on ``sys.meta_path``, unless the
    module is loaded already or a hook for it is there."""
    if name in sys.modules or any(
        isinstance(f, _OnImport) and f.name == name for f in sys.meta_path
    ):
        return
    sys.meta_path.insert(0, _OnImport(name, execute))


def _without_blas_probe(loader: Any, module: Any) -> None:
    """Execute ``numba.np.arraymath`` with its BLAS check answered "no", then put the real
    check back."""
    import numba.np.linalg as linalg

    real = linalg.ensure_blas

    def no_blas() -> None:
        raise ImportError("BLAS not probed: this process calls only clew's kernels")

    linalg.ensure_blas = no_blas
    try:
        loader.exec_module(module)
    finally:
        linalg.ensure_blas = real
        module.ensure_blas = real  # its later callers get the real check


def skip_blas_probe() -> None:
    """Spare the ``clew`` process numba's probe for BLAS, half a second of its start-up.

    On its first compile or cache load in a process numba imports ``numba.np.arraymath``,
    which looks for BLAS by importing ``scipy.linalg`` when SciPy is installed (about 0.5 s
    on a 2-core AMD EPYC, more than the rest of numba's start). Only ``np.dot`` and the
    linear algebra functions need it, and no clew kernel calls them, so the command line,
    which runs nothing but clew's kernels, answers the probe "no". Library users keep
    numba's behaviour: only :func:`clew.cli.main` calls this. Nothing happens when the
    module is already loaded.
    """
    _install("numba.np.arraymath", _without_blas_probe)


# ---------------------------------------------------------------------------------------------
# numba's registry refresh on a cached load
# ---------------------------------------------------------------------------------------------


def _load_without_refresh(self: Any, sig: Any, target_context: Any) -> Any:
    """``numba.core.caching.Cache.load_overload`` without ``target_context.refresh()``.

    numba refreshes the target context before every cached load: it imports some forty of
    its modules of lowering rules (arrays, typed containers, polynomials, jitclasses ...)
    and installs their registries, about 0.15 s of a warm ``clew queens count 12`` that
    loads one kernel. A cached kernel is machine code: rebuilding it needs numba's runtime
    (NRT) initialised, not the rules to lower new code. A compile still refreshes the
    context in its own pipeline, so a process that loads some kernels and compiles another
    gets everything it needs.
    """
    from numba.core.runtime import rtsys

    rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        return self._load_overload(sig, target_context)


#: the numba versions whose ``Cache.load_overload`` is the refresh, then ``_load_overload``
#: under the I/O guard, as :func:`_load_without_refresh` assumes (checked by its test)
_REFRESH_VERSIONS = ((0, 59), (0, 68))


def _patched_caching(loader: Any, caching: ModuleType) -> None:
    loader.exec_module(caching)
    _patch_cache(caching)


def _patch_cache(caching: Any) -> None:

    version = tuple(int(p) for p in _numba_version().split(".")[:2] if p.isdigit())
    low, high = _REFRESH_VERSIONS
    if len(version) == 2 and low <= version <= high and hasattr(caching.Cache, "_load_overload"):
        caching.Cache.load_overload = _load_without_refresh


def skip_registry_refresh() -> None:
    """Spare the ``clew`` process numba's registry refresh on each cached kernel load
    (see :func:`_load_without_refresh`), for the numba versions it was checked with. Only
    :func:`clew.cli.main` calls this, as :func:`skip_blas_probe`; library users keep
    numba's behaviour. Nothing happens when numba's caching module is already loaded."""
    _install("numba.core.caching", _patched_caching)
