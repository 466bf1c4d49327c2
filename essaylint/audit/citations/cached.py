"""A SupportScorer that remembers its verdicts: (sentence, cited document, build_id, library
row, model, judge model) → score, features, best passage and contrary passage, in
.essaylint/results/support.json.

An unchanged sentence citing an unchanged source is not re-scored: no chunk cache is read,
no vector is computed and the embedding model is not loaded.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from essaylint.audit.citations.records import Passage
from essaylint.audit.citations.support import Support, SupportScorer
from essaylint.core.store import digest

if TYPE_CHECKING:
    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends
    from essaylint.core.project import Project
    from essaylint.core.records import LibraryEntry


class CachedSupportScorer(SupportScorer):
    def __init__(
        self,
        project: Project,
        config: Config,
        library: dict[str, LibraryEntry],
        build_id: str,
        backends: Backends,
    ) -> None:
        super().__init__(project, config, library, backends)
        self.results = project.store.results("support")
        self.salt = digest(
            build_id,
            self.model_id,
            self.k,
            config.embedding.document_context,
            self.model.to_dict(),
        )
        self.scored = 0  # sentences scored for real in this process

    def score(self, sentence: str, doc_uid: str) -> Support | None:
        entry = self.library.get(doc_uid)
        row = dataclasses.asdict(entry) if entry is not None else None
        key = digest("support", self.salt, doc_uid, row, sentence)
        stored = self.results.get(key)
        if stored is not None:
            return _support(stored["support"]) if stored["support"] else None
        support = super().score(sentence, doc_uid)
        self.scored += 1
        self.results.put(key, {"support": _stored(support) if support else None})
        return support

    def close(self) -> None:
        super().close()
        self.results.save()


def _stored(support: Support) -> dict[str, Any]:
    contrary = support.contrary
    return {
        "score": support.score,
        "features": support.features,
        "passage": dataclasses.asdict(support.passage),
        "children": list(support.children),
        "contrary": dataclasses.asdict(contrary) if contrary is not None else None,
    }


def _support(data: dict[str, Any]) -> Support:
    contrary = data.get("contrary")
    return Support(
        float(data["score"]),
        dict(data["features"]),
        Passage(**data["passage"]),
        tuple(data.get("children", ())),
        Passage(**contrary) if contrary else None,
    )
