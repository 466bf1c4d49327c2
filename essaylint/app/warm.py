"""What the commit hooks' warm process loads once (cli/server.py): the audit modules, spaCy
with the claim detector, the embedding model and textstat. Each is what a cold `essaylint
hook run` would load on first use, so a request never differs from a cold run but in time.
Then it audits the tracked drafts as they are, without writing a table: that fills the
caches (claims per sentence, citation support, reports) the next commit reads, so the first
commit after an ingest only analyses what was edited since."""

from __future__ import annotations

from pathlib import Path

from essaylint.app import hooks
from essaylint.app.backends import backends_for
from essaylint.app.context import AppContext
from essaylint.audit.claims.cache import CachedDetector
from essaylint.audit.style.readability import load_all_words
from essaylint.text.nlp import load_ahead_of_need


def preload(root: Path) -> None:
    """Load the models the audits of the project at ``root`` use."""
    context = AppContext.open(root)
    load_all_words()
    load_ahead_of_need()
    CachedDetector().detector().analyse(["Warm-up sentences cause nothing."])
    embedder = backends_for(context.config, context.project.root).embedder
    if context.config.embedding.backend == "local":
        embedder.embed_queries(["warm-up"])
    drafts_dir = (context.project.root / context.config.project.drafts_dir).resolve()
    drafts = hooks.tracked_drafts(context.project, drafts_dir)
    if drafts:
        hooks.audit_copies(context.project, context.config, {d: d for d in drafts}, (), False)
