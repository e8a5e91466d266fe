"""List the host reads of per-step code in a tree, for a hunt by reading (issue 22): every
`.item()`, `.tolist()`, `.cpu()`, `.numpy()`, `float(x)` / `int(x)` / `bool(x)` of a
non-literal, `torch.equal` / `torch.allclose`, and every `if`/`while`/`assert`/`and`/`or`/
`not` test of a call to `.any()` / `.all()` / `torch.isnan` / `torch.isinf` / `isfinite`,
that sits in a loop or in a function whose name says it runs per step (forward, *_step,
step, compute_loss, *loss*, update, __call__, sample*). Test code (tests/, test_*.py) is
left out.

    python hunt_reads.py ROOT [ROOT...]   # prints one line per site: file:line function tag
    python hunt_reads.py --compare ROOT...  # only the comparison tests (`if a > b:`,
                                            # `while s < t_end:`), to be sampled
    python hunt_reads.py --read ROOT...     # without setup/conversion/save helpers

`--compare` lists instead the `if`/`while`/`assert` tests that compare (not `is`, `in` or
strings): too many to read all of them, so a seeded sample of them is read.

The sites are candidates: each one is then read in context and judged (a real sync on a
device tensor in per-step code, or not), and matched against synclint's findings.
"""
import ast
import pathlib
import re
import sys

HOT = re.compile(r"^(forward|training_step|validation_step|test_step|predict_step|compute_loss|"
                 r"prediction_step|step|_step|\w*_step|\w*loss\w*|update|__call__|sample\w*|"
                 r"train\w*|evaluate\w*|rollout\w*|generate\w*)$")
READS = {"item", "tolist", "cpu", "numpy"}
TESTS = {"any", "all", "isnan", "isinf", "isfinite", "is_nonzero", "equal", "allclose"}
COMPARE = "--compare" in sys.argv
#: `--read`: leave out the sites in setup, conversion and save/load helpers (the 301 sites
#: of the issue 22 hunt were read after this filter).
READ = "--read" in sys.argv
#: Parts of function names (and of paths) of code that runs once, not per step.
SETUP_PARTS = (
    "merge", "__init__", "_replace_module", "convert", "save", "load", "model_card",
    "version", "config", "_init", "init_", "natural_key", "world_info", "expand_urls",
    "get_dataset_size", "_rescan", "_layer_index", "_layer_num", "_to_tune", "_to_hf",
    "_to_meta", "copy_files", "largest_iter", "find_vcs", "color_str", "parse_version",
    "_merge_a_into_b", "suggest_extra", "validate_expected", "shard_model", "_setup",
    "run_usage", "_set_", "_get_hidden", "_find_minimal", "_inject", "_maybe_include",
    "inject_adapter", "_mark_only", "from_text_file", "get_examples", "resolve_lora",
    "_validate", "is_text_only", "_compute_column", "format_eval", "try_to_set",
    "set_widget", "create_lorafa", "resize_modules", "_global_mask", "_get_factors",
    "slice_str", "print_helper", "_get_input_sizes", "einsum_flop")
SETUP_PATHS = ("_convert_weights", "model_card", "version.py", "config.py")


def is_test(path: pathlib.Path) -> bool:
    parts = set(path.parts)
    return bool(parts & {"tests", "test", "testing"}) or path.name.startswith("test_") \
        or path.name.endswith("_test.py") or path.name == "conftest.py"


class Finder(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.functions: list[str] = []
        self.loops = [0]
        self.sites: list[tuple[int, str, str, bool]] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.loops.append(0)
        self.generic_visit(node)
        self.loops.pop()
        self.functions.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def _loop(self, node: ast.AST) -> None:
        self.loops[-1] += 1
        self.generic_visit(node)
        self.loops[-1] -= 1

    visit_For = visit_AsyncFor = visit_ListComp = visit_SetComp = _loop
    visit_GeneratorExp = visit_DictComp = _loop

    def _site(self, node: ast.AST, tag: str) -> None:
        function = self.functions[-1] if self.functions else "<module>"
        in_loop = self.loops[-1] > 0
        if in_loop or HOT.match(function):
            self.sites.append((node.lineno, function, tag, in_loop))

    def visit_Call(self, node: ast.Call) -> None:
        if COMPARE:
            self.generic_visit(node)
            return
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in READS and not node.args:
            self._site(node, "." + func.attr + "()")
        elif isinstance(func, ast.Name) and func.id in ("float", "int", "bool") and \
                len(node.args) == 1 and not isinstance(node.args[0], ast.Constant):
            self._site(node, func.id + "()")
        elif isinstance(func, ast.Attribute) and func.attr in ("equal", "allclose") and \
                isinstance(func.value, ast.Name) and func.value.id == "torch":
            self._site(node, "torch." + func.attr)
        self.generic_visit(node)

    def _test(self, test: ast.expr) -> None:
        for node in ast.walk(test):
            if COMPARE and isinstance(node, ast.Compare) and not any(
                    isinstance(o, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for o in node.ops) \
                    and not any(isinstance(c, ast.Constant) and isinstance(c.value, str)
                                for c in [node.left, *node.comparators]):
                self._site(node, "test compare")
            if not COMPARE and isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                    node.func.id if isinstance(node.func, ast.Name) else ""
                if name in TESTS:
                    self._site(node, "test " + name)

    def visit_If(self, node: ast.If) -> None:
        self._test(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._test(node.test)
        self._loop(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self._test(node.test)
        self.generic_visit(node)


def main() -> None:
    for root in (a for a in sys.argv[1:] if a not in ("--compare", "--read")):
        for path in sorted(pathlib.Path(root).rglob("*.py")):
            if is_test(path.relative_to(root)):
                continue
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            finder = Finder(str(path))
            finder.visit(tree)
            for line, function, tag, in_loop in finder.sites:
                if READ and (any(part in function for part in SETUP_PARTS)
                             or any(part in str(path) for part in SETUP_PATHS)):
                    continue
                print(f"{path}:{line}\t{function}\t{tag}\t{'loop' if in_loop else 'hot-name'}")


if __name__ == "__main__":
    main()
