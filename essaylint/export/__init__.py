"""`essaylint export`: the draft as a Word document with live Zotero citation fields.

The pipeline (see docs/export.md): the shared draft tokenizer finds the citations,
``markdown`` rewrites them as pandoc citations in marked spans, pandoc's citeproc formats
them, ``fields`` wraps each formatted cluster in a Zotero field, and ``docx_check``
verifies the package before it is reported as written.
"""
