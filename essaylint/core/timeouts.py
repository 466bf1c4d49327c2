"""How long an external process may run before essaylint stops it and says which one.

Each limit has a default and an environment override, ``ESSAYLINT_<NAME>_TIMEOUT_S``
(``ESSAYLINT_GIT_TIMEOUT_S``, ``ESSAYLINT_PANDOC_TIMEOUT_S``): a slow machine or a very
long draft may need more. Network calls take theirs from essaylint.yaml (``cloud.timeout_s``)
or their command's option (``--zotero-timeout``).
"""

from __future__ import annotations

import os

DEFAULTS = {"git": 60.0, "pandoc": 180.0}


def limit(name: str) -> float:
    """Seconds the external program ``name`` may take."""
    value = os.environ.get(f"ESSAYLINT_{name.upper()}_TIMEOUT_S", "")
    try:
        seconds = float(value)
    except ValueError:
        return DEFAULTS[name]
    return seconds if seconds > 0 else DEFAULTS[name]
