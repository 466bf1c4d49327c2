"""Every audit and every rule essaylint has, in one place.

The order of ``AUDITS`` is the order they run in: style before claims, so that with
``style.use_spacy: auto`` style never sees the spaCy the claim audit loads for new
sentences (its findings do not depend on the cache). Adding an audit adds a line here.
"""

from __future__ import annotations

import difflib

from essaylint.audit import citations, claims, counterevidence, rubric, style
from essaylint.audit.base import Audit
from essaylint.audit.findings import Rule

AUDITS: tuple[Audit, ...] = (
    citations.AUDIT,
    style.AUDIT,
    claims.AUDIT,
    rubric.AUDIT,
    counterevidence.AUDIT,
)
AUDIT_NAMES: tuple[str, ...] = ("citations", "claims", "style", "rubric", "counterevidence")
# Run only when essaylint.yaml (or the command) switches them on.
OPT_IN: frozenset[str] = frozenset({"counterevidence"})
BY_NAME: dict[str, Audit] = {audit.name: audit for audit in AUDITS}
RULES: dict[str, Rule] = {rule.id: rule for audit in AUDITS for rule in audit.rules}
FAMILIES: frozenset[str] = frozenset(rule.audit for rule in RULES.values())


def rule(rule_id: str) -> Rule | None:
    return RULES.get(rule_id)


def unknown_severity_keys(keys: list[str]) -> list[tuple[str, str]]:
    """``audit.severity`` keys that name no rule or audit family, each with the closest
    valid key ("" when nothing is close)."""
    valid = [*RULES, *FAMILIES]
    out = []
    for key in keys:
        if key not in RULES and key not in FAMILIES:
            close = difflib.get_close_matches(key, valid, n=1, cutoff=0.6)
            out.append((key, close[0] if close else ""))
    return out


def default_audits(counterevidence: str) -> tuple[str, ...]:
    """The audits run when none are named: the opt-in ones only when switched on."""
    on = {"counterevidence"} if counterevidence != "off" else set()
    return tuple(n for n in AUDIT_NAMES if n not in OPT_IN or n in on)


def audits_for(names: tuple[str, ...]) -> list[Audit]:
    """The audits asked for and those they read, in running order."""
    wanted = set(names or default_audits("off"))
    for audit in reversed(AUDITS):  # an audit runs after those it reads, so this reaches all
        if audit.name in wanted:
            wanted |= set(audit.requires)
    return [audit for audit in AUDITS if audit.name in wanted]
