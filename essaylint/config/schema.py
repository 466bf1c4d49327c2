"""The schema of essaylint.yaml: every key, its default and its allowed range.

templates/essaylint.yaml writes these same defaults out with comments; a test keeps the
two in step.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from essaylint.config.base import Section
from essaylint.config.cloud import CloudSettings
from essaylint.config.library import ExportSettings, LibrarySettings
from essaylint.config.style import StyleSettings


class ProjectSettings(Section):
    drafts_dir: str = "drafts"


class QualitySettings(Section):
    max_repeated_line_ratio: float = Field(0.25, ge=0, le=1)
    max_non_letter_ratio: float = Field(0.35, ge=0, le=1)
    max_empty_page_share: float = Field(0.2, ge=0, le=1)


class IngestSettings(Section):
    max_file_mb: float = Field(200, gt=0)
    max_pages: int = Field(2000, gt=0)
    parser: Literal["local", "mineru"] = "local"
    # Follow symbolic links in raw/ that lead outside the repository (never while a
    # cloud backend that reads document text is on): essaylint/ingest/discover.py.
    follow_external_links: bool = False
    header_footer_min_share: float = Field(0.6, gt=0, le=1)
    child_target_tokens: int = Field(200, ge=20)
    child_min_tokens: int = Field(80, ge=1)
    child_max_tokens: int = Field(300, ge=20)
    child_overlap_ratio: float = Field(0.0, ge=0, le=0.1)
    quality: QualitySettings = QualitySettings()

    @model_validator(mode="after")
    def _token_bounds(self) -> IngestSettings:
        if not self.child_min_tokens <= self.child_target_tokens <= self.child_max_tokens:
            raise ValueError(
                "child_min_tokens <= child_target_tokens <= child_max_tokens must hold"
            )
        return self


class EmbeddingSettings(Section):
    backend: Literal["local", "vertex"] = "local"
    model: Literal["all-MiniLM-L6-v2-int8"] = "all-MiniLM-L6-v2-int8"
    batch_size: int = Field(16, ge=1, le=128)
    max_tokens: int = Field(256, ge=16, le=512)
    document_context: bool = True


class RetrievalSettings(Section):
    dense_candidates: int = Field(50, ge=1)
    bm25_candidates: int = Field(50, ge=1)
    fusion: Literal["cc", "rrf"] = "cc"  # convex combination of scores, or RRF (rrf_k)
    dense_weight: float = Field(0.6, ge=0, le=1)  # the dense lists' share under cc
    rrf_k: int = Field(60, ge=1)
    children: int = Field(20, ge=1)
    max_parents: int = Field(5, ge=1)
    min_parents: int = Field(3, ge=1)
    rerank: Literal["none", "vertex"] = "none"
    rerank_candidates: int = Field(50, ge=1)
    rerank_top: int = Field(10, ge=1)
    references_weight: float = Field(0.5, ge=0, le=1)
    multilingual: bool = False
    # BM25 over the CC-CEDICT senses of a Chinese question's words: off, as measured it
    # loses more questions than it wins (docs/multilingual.md)
    chinese_gloss: bool = False
    expand: bool = False  # follow references and definitions (docs/structure.md)
    graph_signal: bool = False  # fuse concept-graph PPR (docs/library-views.md)
    overview_signal: bool = False  # fuse the collapsed outline tree (docs/library-views.md)
    # the evidence judge reads a passage's best sentences against the question to pick the
    # quote (docs/quotes.md); off: the finding model alone, about 0.3 s faster per query
    quote_judge: bool = True


class AuditSettings(Section):
    verify_citations_k: int = Field(10, ge=1)
    # None: the shipped support judge's threshold (audit/data/support_judge.json)
    verify_citations_threshold_T: float | None = Field(None, ge=0, le=1)  # noqa: N815
    fail_on: Literal["error", "warning", "never"] = "error"
    severity: dict[str, Literal["error", "warning", "info", "off"]] = Field(default_factory=dict)
    # Search the library for what contradicts or limits each claim (docs/counterevidence.md):
    # off, soft (high-risk claims: strong and unhedged) or strict (every claim).
    counterevidence: Literal["off", "soft", "strict"] = "off"

    @field_validator("counterevidence", mode="before")
    @classmethod
    def _counter_off(cls, value: object) -> object:
        """YAML reads an unquoted ``off`` as false."""
        return "off" if value is False else value

    @field_validator("severity", mode="before")
    @classmethod
    def _off_is_off(cls, value: object) -> object:
        """YAML reads an unquoted ``off`` as false: ``style/filler: off`` means off."""
        if isinstance(value, dict):
            return {k: "off" if v is False else v for k, v in value.items()}
        return value


class HooksSettings(Section):
    server: bool = True  # a warm process answers the commit hooks (cli/server.py)
    server_idle_minutes: float = Field(60, gt=0, le=24 * 60)


class Config(Section):
    project: ProjectSettings = ProjectSettings()
    ingest: IngestSettings = IngestSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    audit: AuditSettings = AuditSettings()
    hooks: HooksSettings = HooksSettings()
    style: StyleSettings = StyleSettings()
    library: LibrarySettings = LibrarySettings()
    export: ExportSettings = ExportSettings()
    cloud: CloudSettings = CloudSettings()
