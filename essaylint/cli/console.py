"""Rich output that never reads a user's or a source's text as markup.

A quote, a title, a file name or a finding can hold ``[bracketed]`` text (or ``:name:``,
which Rich turns into an emoji): given to Rich as a plain string it would be taken for
markup and silently dropped or changed. Everything that comes from a draft, a source,
library.csv or a file name goes through :func:`literal` (a ``Text``, printed verbatim);
only our own fixed strings carry markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, emoji=False)


def literal(*parts: object, style: str = "") -> Text:
    """``parts`` joined as plain text (no markup, no emoji codes), in ``style``."""
    from rich.text import Text

    return Text("".join(str(p) for p in parts), style=style)


def labelled(label: str, style: str, *parts: object) -> Text:
    """``label`` in ``style`` followed by ``parts`` verbatim: "failed path: reason"."""
    from rich.text import Text

    text = Text(label, style=style)
    text.append(" " + "".join(str(p) for p in parts))
    return text
