"""Label the cases by running Dynamo on CPU: `python -m tests.compile.labelling --write`.

For each case and each configuration (the two capture flags off and on, `fullgraph`
off and on) it compiles `f` with `torch.compile(f, backend="eager")`, calls it once and
records the graph breaks Dynamo's `graph_breaks` log artifact reports in the case's file
(`synclint.runtime.dynamo.record_graph_breaks`); under `fullgraph=True` a break is an
error, recorded with its line. `labels.json` keeps the result with the torch version.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import logging
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

from tests.compile.cases import CASES, Case

LABELS = Path(__file__).with_name("labels.json")
#: The Dynamo flags of each configuration.
FLAGS: dict[str, dict[str, bool]] = {
    "default": {},
    "scalars": {"capture_scalar_outputs": True},
    "shapes": {"capture_dynamic_output_shape_ops": True},
    "both": {"capture_scalar_outputs": True, "capture_dynamic_output_shape_ops": True},
}
#: Every configuration: the flags, then the same with fullgraph=True.
CONFIGS = tuple(FLAGS) + tuple(f"fullgraph+{name}" for name in FLAGS)


def label_case(case: Case, config: str, directory: Path) -> dict[str, Any]:
    """`{"breaks": [lines], "reasons": [...]}` for one case under one configuration."""
    import torch
    import torch._dynamo

    from synclint.runtime.dynamo import record_graph_breaks

    fullgraph = config.startswith("fullgraph+")
    flags = FLAGS[config.removeprefix("fullgraph+")]
    path = directory / f"{case.name}.py"
    path.write_text(case.module_text(), encoding="utf-8")
    torch._dynamo.reset()
    spec = importlib.util.spec_from_file_location(f"case_{case.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = eval(f"({case.args},)", vars(module))  # noqa: S307 - the cases are ours
    error: tuple[int, str] | None = None
    with torch._dynamo.config.patch(**flags), record_graph_breaks() as log, \
            contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            torch.compile(module.f, backend="eager", fullgraph=fullgraph)(*args)
        except Exception as exc:  # fullgraph: the break is an error
            error = _error_line(exc, str(path)), type(exc).__name__
    breaks = sorted({(b.line, b.reason) for b in log.breaks if b.file == str(path)})
    if error is not None:
        breaks = sorted({*breaks, error})
    return {"breaks": sorted({line for line, _ in breaks}),
            "reasons": sorted({reason for _, reason in breaks})}


def _error_line(exc: BaseException, filename: str) -> int:
    """The innermost line of the case's file in the error's user stack (0 if none)."""
    import traceback

    line = 0
    for frame in getattr(exc, "real_stack", None) or []:
        if frame.filename == filename and frame.lineno is not None:
            line = frame.lineno
    if not line:
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename == filename and frame.lineno is not None:
                line = frame.lineno
    return line


def label_all(cases: tuple[Case, ...] = CASES, configs: tuple[str, ...] = CONFIGS
              ) -> dict[str, dict[str, dict[str, Any]]]:
    """Labels of `cases` under `configs`: case name -> config -> label."""
    logging.getLogger("torch._dynamo").setLevel(logging.ERROR)
    logging.getLogger("torch.fx").setLevel(logging.ERROR)
    labels: dict[str, dict[str, dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as directory:
        for case in cases:
            labels[case.name] = {config: label_case(case, config, Path(directory))
                                 for config in configs}
    return labels


def breaks(label: dict[str, Any]) -> bool:
    """Whether the case's graph broke (or, under fullgraph, failed) anywhere."""
    return bool(label["breaks"])


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LABELS.read_text(encoding="utf-8"))
    return data


def main(argv: list[str]) -> int:
    import torch

    labels = label_all()
    document = {"torch": torch.__version__.split("+")[0],
                "sites": {case.name: case.site for case in CASES},
                "labels": labels}
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    if "--write" in argv:
        LABELS.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
