"""The whole-program index after one edit: how many files it parses again, and its time.

    python benchmarks/warm_index.py            # torch/nn, optim, fx (as benchmarks/speed.py)
    python benchmarks/warm_index.py --check    # also: each warm index equals a cold one

On a private copy of the files benchmarks/speed.py lints, the index is built cold (no
cache), then kept in a cache directory; each edit below is made, the index built warm
(best CPU time of --repeat runs, the cache refilled before each) and undone. Three edits
keep what other modules read of the edited file (a comment appended to a file few,
many or very many modules import); two change it (`_get_value` in torch/optim/optimizer.py,
called from seven optimizers, syncs on its argument; `Module.__init__` gains a tensor
attribute), so the modules that read it are evaluated, and parsed, again. Times are
the index's only (no rules run), as CPU seconds of this process, with their ratio to the
cold index of the same run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import copy_tree, select_files  # noqa: E402

from synclint.analysis.project import Project, build_project_for_paths  # noqa: E402

Edit = Callable[[str], str]


def _append_comment(text: str) -> str:
    return text + "\n# edited\n"


def _get_value_syncs(text: str) -> str:
    return text.replace("def _get_value(x):\n", "def _get_value(x):\n    x.sum().item()\n", 1)


def _module_gets_a_tensor(text: str) -> str:
    anchor = "        torch._C._log_api_usage_once(\"python.nn_module\")\n"
    return text.replace(anchor, anchor + "        self._edited = torch.zeros(1, device=\"cuda\")\n",
                        1)


EDITS: tuple[tuple[str, str, Edit], ...] = (
    ("comment", "torch/optim/adam.py", _append_comment),
    ("comment", "torch/optim/optimizer.py", _append_comment),
    ("comment", "torch/nn/modules/module.py", _append_comment),
    ("a helper now syncs", "torch/optim/optimizer.py", _get_value_syncs),
    ("a new tensor attribute", "torch/nn/modules/module.py", _module_gets_a_tensor),
)


def _state(project: Project, paths: list[str]) -> object:
    classes = {key: (sorted(cls.attributes.items(), key=str),
                     sorted(cls.attribute_classes.items()))
               for key, cls in project.classes.items()}
    return project.summaries, classes, [project.view(path) for path in paths]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best)")
    parser.add_argument("--check", action="store_true",
                        help="also check that each warm index equals a cold one")
    args = parser.parse_args(argv)
    files = select_files("subset", None)
    with tempfile.TemporaryDirectory(prefix="synclint-warm-index-") as scratch:
        root = Path(scratch)
        paths = sorted(str(p) for p in copy_tree(files, root / "src"))
        cache = root / "cache"

        def build(cache_dir: Path | None) -> tuple[Project, float]:
            start = time.process_time()
            project = build_project_for_paths(paths, lambda path: path, cache_dir)
            return project, time.process_time() - start

        cold = min(build(None)[1] for _ in range(args.repeat))
        build(cache)
        warm = min(build(cache)[1] for _ in range(args.repeat))
        print(f"{len(paths)} files; index CPU seconds, best of {args.repeat}")
        print(f"{'edit':<26}{'file':<30}{'parsed':>8}{'CPU s':>8}{'x cold':>8}")
        print(f"{'(none: cold)':<26}{'':<30}{len(paths):>8}{cold:>8.3f}{1:>8.2f}")
        print(f"{'(none: warm)':<26}{'':<30}{0:>8}{warm:>8.3f}{warm / cold:>8.2f}")
        for name, relative, edit in EDITS:
            path = next(p for p in paths if p.endswith(relative))
            text = Path(path).read_text(encoding="utf-8")
            edited = edit(text)
            if edited == text:
                print(f"{name:<26}{relative:<30}  (edit not applicable to this torch)")
                continue
            best, parsed, same = float("inf"), 0, True
            try:
                for _ in range(args.repeat):
                    Path(path).write_text(text, encoding="utf-8")
                    build(cache)
                    Path(path).write_text(edited, encoding="utf-8")
                    project, seconds = build(cache)
                    best, parsed = min(best, seconds), len(project.parsed_files)
                if args.check:
                    same = _state(project, paths) == _state(build(None)[0], paths)
            finally:
                Path(path).write_text(text, encoding="utf-8")
            verdict = "" if not args.check else ("  = cold" if same else "  DIFFERS FROM COLD")
            print(f"{name:<26}{relative:<30}{parsed:>8}{best:>8.3f}{best / cold:>8.2f}"
                  f"{verdict}")
            if not same:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
