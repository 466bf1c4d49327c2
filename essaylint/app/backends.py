"""The one place that turns essaylint.yaml into backends (models and services).

``embedding.backend``, ``retrieval.multilingual``, ``retrieval.rerank``, ``ingest.parser``
and the ``cloud.gemini`` flags each pick an implementation of a ``core.ports`` interface.
Nothing is loaded or contacted here: every backend is made on its first use, and the
cloud modules are imported only then (they need the ``cloud`` extra).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from essaylint.core.ports import Backends, Lazy, LazyEmbedder
from essaylint.index.embed import local_embedder

if TYPE_CHECKING:
    from essaylint.backends.vertex_embed import VertexEmbedder
    from essaylint.config.schema import Config
    from essaylint.core.ports import (
        MetadataSource,
        Parser,
        Ranker,
        Summariser,
        SupportJudge,
        Translator,
    )
    from essaylint.core.project import Project


def backends_for(config: Config, root: Path | None = None) -> Backends:
    """Every backend the configuration switches on, for the project at ``root``."""
    gemini = config.cloud.gemini
    return Backends(
        embedder=embedder_for(config, root),
        multilingual=multilingual_for(config),
        ranker=Lazy(lambda: _ranker(config, root)) if config.retrieval.rerank == "vertex" else None,
        judge=Lazy(lambda: _gemini(config, root)) if gemini.judge else None,
        judge_model=gemini.model if gemini.judge else "",
        translator=Lazy(lambda: _translator(config, root)) if gemini.query_translation else None,
        summariser=Lazy(lambda: _gemini(config, root)) if gemini.brief else None,
        summariser_model=gemini.model if gemini.brief else "",
    )


def project_backends(project: Project, config: Config) -> Backends:
    """``backends_for`` plus the parser, which works inside the project's folders."""
    backends = backends_for(config, project.root)
    if config.ingest.parser == "mineru":
        backends.parser = Lazy(lambda: _mineru(project, config))
    return backends


def embedder_for(config: Config, root: Path | None = None) -> LazyEmbedder:
    """The index's dense model: the local MiniLM, or Vertex (``embedding.backend``)."""
    if config.embedding.backend == "vertex":
        from essaylint.backends.vertex_embed import vertex_model_id

        def load() -> VertexEmbedder:
            from essaylint.backends.vertex_embed import VertexEmbedder

            return VertexEmbedder(root, config.cloud)

        return LazyEmbedder(
            vertex_model_id(config.cloud), config.cloud.vertex.output_dimensionality, load
        )
    return local_embedder(config.embedding)


def multilingual_for(config: Config) -> LazyEmbedder | None:
    """multilingual-e5-small for the second vector column (``retrieval.multilingual``)."""
    if not config.retrieval.multilingual:
        return None
    from essaylint.index.multilingual import multilingual_embedder

    return multilingual_embedder()


def _ranker(config: Config, root: Path | None) -> Ranker:
    from essaylint.backends.vertex_rank import RankingClient

    return RankingClient(root, config.cloud)


def _gemini(config: Config, root: Path | None) -> SupportJudge | Summariser:
    from essaylint.backends.gemini import GeminiClient

    return GeminiClient(root, config.cloud)


def _translator(config: Config, root: Path | None) -> Translator:
    from essaylint.backends.gemini import CachedTranslator

    return CachedTranslator(root or Path.cwd(), config.cloud)


def _mineru(project: Project, config: Config) -> Parser:
    from essaylint.backends.mineru_ingest import MinerUParser

    return MinerUParser(project, config)


def metadata_sources(
    config: Config, root: Path | None, names: list[str], refresh: bool = False
) -> list[MetadataSource]:
    """Crossref and OpenAlex clients for `essaylint library enrich` (only that command makes
    them: nothing is sent otherwise)."""
    sources: list[MetadataSource] = []
    if "crossref" in names:
        from essaylint.backends.crossref import CrossrefClient

        sources.append(CrossrefClient(root, config.library, config.cloud, refresh))
    if "openalex" in names:
        from essaylint.backends.openalex import OpenAlexClient

        sources.append(OpenAlexClient(root, config.library, config.cloud, refresh))
    return sources
