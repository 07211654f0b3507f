"""The address of a running Dask scheduler, checked before anything starts.

Dask itself reports a bad address with a long traceback from deep inside its event loop
(``127.0.0.1`` lacks a port, ``tcp://localhost`` too) and an empty one is easy to pass by
mistake (``--scheduler "$UNSET"``); :func:`check_scheduler` turns each into one line that
says what is wrong and the form expected. It uses Dask's own parser
(:func:`distributed.comm.parse_address`), so what it accepts is what Dask accepts; Dask is
an optional extra, imported only here and only when an address is given.
"""

from __future__ import annotations

import importlib.util

from ..errors import ClewError

__all__ = ["SchedulerError", "check_scheduler", "EXPECTED"]

#: The form of an address, as every message says it.
EXPECTED = "tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"

# the schemes whose location is HOST:PORT (the others, inproc:// and ucx://, are Dask's own)
_HOST_PORT = ("tcp", "tls", "ws", "wss")


class SchedulerError(ClewError):
    """A Dask scheduler address that cannot be used: empty, malformed, of an unknown scheme,
    or (when a run starts) one that cannot be reached."""


def check_scheduler(address: object) -> str:
    """``address`` as a Dask scheduler address Dask will accept, or :class:`SchedulerError`
    with one line saying what is wrong and the form expected (``tcp://HOST:PORT``).

    ``HOST:PORT`` without a scheme is accepted, as Dask accepts it (tcp). Nothing is
    contacted here: whether the scheduler answers is known when a run starts.

    Raises
    ------
    SchedulerError
        An empty or malformed address, or Dask not installed (``pip install 'clew[dask]'``).
    TypeError
        ``address`` is not a string.

    Examples
    --------
    >>> check_scheduler("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> check_scheduler("tcp://localhost")
    Traceback (most recent call last):
    ...
    clew.scale.address.SchedulerError: Dask scheduler address 'tcp://localhost' has no port:
    expected tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)
    """
    if not isinstance(address, str):
        raise TypeError(
            "a Dask scheduler address is a string like tcp://HOST:PORT, got "
            f"{type(address).__name__}"
        )
    text = address.strip()
    if not text:
        raise SchedulerError(f"the Dask scheduler address is empty: expected {EXPECTED}")
    try:
        from distributed.comm import parse_address
        from distributed.comm.addressing import parse_host_port
        from distributed.comm.registry import backends
    except ImportError:
        raise SchedulerError(
            f"a Dask scheduler ({text}) needs Dask: pip install 'clew[dask]'"
        ) from None
    shown = repr(text if len(text) <= 80 else text[:77] + "...")
    if " " in text or not text.isprintable():  # every other space and control is not printable
        raise SchedulerError(
            f"Dask scheduler address {shown} holds white space or a control character: expected "
            f"{EXPECTED}"
        )
    try:
        scheme, location = parse_address(text)
    except ValueError:
        raise SchedulerError(
            f"Dask scheduler address {shown} is not an address: expected {EXPECTED}"
        ) from None
    if scheme not in backends:
        known = ", ".join(f"{name}://" for name in sorted(backends))
        raise SchedulerError(
            f"Dask scheduler address {shown} has an unknown scheme {scheme}:// (known: {known}): "
            f"expected {EXPECTED}"
        )
    if scheme == "ucx" and importlib.util.find_spec("ucp") is None:
        # Dask registers the scheme whether or not its transport is installed
        raise SchedulerError(
            f"Dask scheduler address {shown} needs UCX (the ucx-py package), which is not installed"
        )
    if scheme in _HOST_PORT:
        try:
            host, port = parse_host_port(location)
        except ValueError as exc:
            why = "has no port" if "missing port" in str(exc) else "has a port that is not a number"
            raise SchedulerError(
                f"Dask scheduler address {shown} {why}: expected {EXPECTED}"
            ) from None
        if not host:
            raise SchedulerError(f"Dask scheduler address {shown} has no host: expected {EXPECTED}")
        if not 1 <= port <= 65535:
            raise SchedulerError(
                f"Dask scheduler address {shown} has port {port}, not 1 to 65535: expected "
                f"{EXPECTED}"
            )
    return text
