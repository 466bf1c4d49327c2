"""One way to open a bundled ONNX model: onnxruntime on the CPU, every core, quiet."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnxruntime


def cpu_session(model: str | bytes) -> onnxruntime.InferenceSession:
    """A session for ``model`` (a path or the file's bytes)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = os.cpu_count() or 1
    options.log_severity_level = 3
    return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
