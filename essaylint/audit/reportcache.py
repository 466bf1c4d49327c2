"""The last report of each draft, reused when nothing it depends on has changed.

The inputs of a draft's report: its bytes and path, essaylint.yaml, library.csv, rubric.yaml,
the index build, the audits asked for, the spaCy model that would read it and the essaylint
version. When they all match, `essaylint hook run` / `essaylint audit` print the stored report
without parsing the draft (a commit that does not touch a draft costs a process start).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from essaylint.audit.claims.cache import model_fingerprint
from essaylint.audit.report import DraftReport, report_dict, report_from_dict
from essaylint.core.store import digest, file_digest
from essaylint.text.nlp import model_names

if TYPE_CHECKING:
    from essaylint.core.project import Project


class ReportInputs:
    """The salt of every input but the draft, and the stored report of each draft."""

    def __init__(
        self, project: Project, audits: tuple[str, ...], suggest: bool, build_id: str
    ) -> None:
        self.cache = project.store.results("reports")
        self.salt = digest(
            "report",
            audits,
            suggest,
            build_id,
            file_digest(project.config_path),
            file_digest(project.library_csv),
            file_digest(project.rubric_yaml),
            model_fingerprint(model_names()),
        )

    def key(self, path: Path, rel: str) -> str:
        return digest(self.salt, rel, file_digest(path))

    def lookup(self, path: Path, rel: str) -> DraftReport | None:
        stored = self.cache.get(rel)
        if not stored or stored.get("key") != self.key(path, rel):
            return None
        return report_from_dict(stored["report"])

    def store(self, path: Path, report: DraftReport) -> None:
        entry = {"key": self.key(path, report.path), "report": report_dict(report)}
        self.cache.put(report.path, entry)
        self.cache.save()
