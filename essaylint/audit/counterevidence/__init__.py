"""The counterevidence audit (SPEC §6, issue #22): what the student's own library says
against each claim. Off by default (audit.counterevidence, `essaylint audit
--counterevidence MODE`); it reads the claim audit's rows and opens the full index."""

from essaylint.audit.base import Audit
from essaylint.audit.counterevidence.audit import run, selected_claims
from essaylint.audit.counterevidence.render import render_counterevidence_table
from essaylint.audit.counterevidence.rules import RULES
from essaylint.audit.counterevidence.search import NO_COUNTEREVIDENCE, CounterItem, CounterSearch

AUDIT = Audit(
    "counterevidence",
    RULES,
    run,
    render_counterevidence_table,
    requires=("claims",),
    needs_index=True,
)

__all__ = [
    "AUDIT",
    "NO_COUNTEREVIDENCE",
    "RULES",
    "CounterItem",
    "CounterSearch",
    "render_counterevidence_table",
    "selected_claims",
]
