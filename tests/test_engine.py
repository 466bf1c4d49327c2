"""The audit engine: severities and waivers applied once, unknown rule ids refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from essaylint.app.audit import audit_drafts
from essaylint.app.scaffold import scaffold
from essaylint.audit.findings import fails
from essaylint.cli.main import cli
from essaylint.config import load_config
from essaylint.core.errors import ConfigError
from essaylint.core.project import Project

LONG_SECTION = "## Findings\n\n" + " ".join(
    ["Nurses on busy wards have less time for training and supervision."] * 12
)


def repo(tmp_path: Path, severity: str) -> Project:
    scaffold(tmp_path)
    config = tmp_path / "essaylint.yaml"
    text = config.read_text().replace("  severity: {}", f"  severity:\n{severity}")
    assert text != config.read_text(), "the template's audit.severity line moved"
    config.write_text(text)
    (tmp_path / "drafts" / "essay.md").write_text(LONG_SECTION + "\n")
    return Project(tmp_path)


def test_readability_configured_as_error_stays_information(tmp_path: Path) -> None:
    """Regression: style clamped it to info, then the runner raised it back to the configured
    error, which blocked commits."""
    project = repo(tmp_path, "    style/readability: error")
    config = load_config(project.config_path)
    (report,) = audit_drafts(project, config, [project.drafts / "essay.md"], ("style",))
    readability = [f for f in report.findings if f.rule == "style/readability"]
    assert [f.severity for f in readability] == ["info"]
    assert not fails(report.findings, "error")


def test_a_waiver_and_a_family_override_apply_once(tmp_path: Path) -> None:
    project = repo(tmp_path, "    style: warning")
    draft = project.drafts / "essay.md"
    draft.write_text(
        "It is important to note that staff were few.\n\n"
        "<!-- essaylint-disable-next-line style/filler -->\n"
        "It is important to note that drugs ran out.\n"
    )
    config = load_config(project.config_path)
    (report,) = audit_drafts(project, config, [draft], ("style",))
    fillers = [(f.line, f.severity) for f in report.findings if f.rule == "style/filler"]
    assert fillers == [(1, "warning")]


def test_unknown_rule_in_audit_severity_is_an_error_with_the_line(tmp_path: Path) -> None:
    project = repo(tmp_path, "    style/filer: off")
    config = load_config(project.config_path)
    with pytest.raises(ConfigError) as caught:
        audit_drafts(project, config, [project.drafts / "essay.md"], ("style",))
    message = str(caught.value)
    assert "unknown key 'audit.severity.style/filer'" in message
    assert "did you mean 'style/filler'?" in message
    line = next(
        n for n, t in enumerate(project.config_path.read_text().splitlines(), 1) if "filer" in t
    )
    assert f"essaylint.yaml:{line}:" in message
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "audit", "--only", "style"])
    assert result.exit_code == 2 and "did you mean 'style/filler'?" in result.output


def test_rules_command_lists_every_rule_with_the_configured_severity(tmp_path: Path) -> None:
    repo(tmp_path, "    style/filler: warning")
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "rules", "--json"])
    assert result.exit_code == 0
    import json

    rules = {r["id"]: r for r in json.loads(result.output)}
    assert rules["style/filler"]["configured"] == "warning"
    assert rules["style/filler"]["severity"] == "info"
    assert len(rules) == 31
