"""Options shared by several commands."""

from __future__ import annotations

import click

zotero_timeout_option = click.option(
    "--zotero-timeout",
    type=float,
    default=5.0,
    show_default=True,
    help="Seconds to wait for Zotero.",
)
