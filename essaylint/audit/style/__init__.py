"""The style audit (SPEC §6): sentence, paragraph and section rules over a parsed draft.

textstat and spaCy are imported only inside the functions that need them.
"""

from essaylint.audit.style.audit import StyleRow, audit_style
from essaylint.audit.style.readability import readability_by_section
from essaylint.audit.style.render import render_style_table
from essaylint.audit.style.rules import RULES, RULES_BY_ID
from essaylint.config.style import (
    StyleSettings,
    resolve_word_limit,
    word_limit_from_rubric,
)

__all__ = [
    "RULES",
    "RULES_BY_ID",
    "StyleRow",
    "StyleSettings",
    "audit_style",
    "readability_by_section",
    "render_style_table",
    "resolve_word_limit",
    "word_limit_from_rubric",
]
