"""Command-line options a project declares with argparse, and their defaults
(`parser.add_argument("--use-cbhg", default=False, type=strtobool)`, `action="store_true"`).

A test of `args.use_cbhg` (or of `self.use_cbhg = args.use_cbhg` kept by `__init__`) reads
the option `use_cbhg`; with its default the run takes the other branch, so the code under
it is opt-in (`analysis/opt_in.py`; issue 22, fresh17 L3a: espnet1's model options,
cleanrl's `--kle-stop`). The defaults are the project's: every module's declarations are
collected (`declared_options`) and one name declared with two different defaults anywhere
has none (`project_options`). What a declaration's default is:

- `default=D`, a constant as written (`False`, `None`, `0`, `0.0`, `""`, `"adam"`); a
  string with a `type=` other than `str` has none (argparse converts it);
- without one, `action="store_true"` is False, `"store_false"` True, any other builtin
  action and a plain option None; a positional argument, `required=True`, a custom action
  class, `argparse.SUPPRESS` and a value that is no constant have none;
- `set_defaults(name=D)` declares `name`'s default again (two that differ: none).

The name is `dest=` where given, else the first long option string without its dashes
(`--use-cbhg` -> `use_cbhg`), else the first short one."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from synclint.model.defaults import literal_text

if TYPE_CHECKING:
    from synclint.model.index import _Module

#: Names of the objects that hold parsed command-line options (`args.kle_stop`,
#: `self.args.use_cbhg`, `opt.report_cer`, `hparams.use_ema`).
ARGPARSE_HOLDERS = frozenset({"args", "opt", "opts", "hparams", "options"})
#: The attributes a text reads of a holder (`args.kle_stop` -> `kle_stop`).
_READ = re.compile(r"\b(?:args|opts?|hparams|options)\s*\.\s*([A-Za-z_]\w*)")
#: The attributes a text sets of a holder (`args.seed = ...`, `args.lr *= 2`).
_STORE = re.compile(r"\b(?:args|opts?|hparams|options)\s*\.\s*([A-Za-z_]\w*)\s*"
                    r"(?:=(?!=)|[-+*/%|&^@]=|//=|\*\*=|>>=|<<=)")
#: Actions that keep a value and default to None without `default=`.
_NONE_ACTIONS = frozenset({"store", "store_const", "append", "append_const", "extend",
                           "count"})


def index_options(module: _Module) -> tuple[tuple[str, str | None], ...]:
    """Note what `module` declares and reads of options (`_Module.options`,
    `option_reads`, `option_holders`), while its text and tree are known; the options it
    declares."""
    assert module.tree is not None
    module.options = declared_options(module.tree, module.text)
    module.option_reads = option_reads(module.text)
    module.option_holders = parsed_holders(module.tree) if module.option_reads else ()
    return module.options


def declared_options(tree: ast.Module, text: str) -> tuple[tuple[str, str | None], ...]:
    """The options one module declares: (name, default as written), None where the
    module gives it no one constant default; sorted by name. An option its code sets
    (`args.batch_size = ...`) has none: the run's value is not the declared default."""
    found: dict[str, str | None] = {name: None for name in _STORE.findall(text)}
    if "add_argument" not in text and "set_defaults" not in text:
        return tuple(sorted(found.items()))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr == "add_argument":
            declared = _declared(node)
            if declared is not None:
                _note(found, *declared)
        elif node.func.attr == "set_defaults":
            for keyword in node.keywords:
                if keyword.arg is not None:
                    _note(found, keyword.arg, literal_text(keyword.value))
    return tuple(sorted(found.items()))


def option_reads(text: str) -> tuple[str, ...]:
    """The attribute names a module's text reads of an options holder (`args.kle_stop`,
    `self.args.use_cbhg`), sorted: the options its view needs."""
    if "." not in text:
        return ()
    return tuple(sorted(set(_READ.findall(text))))


def parsed_holders(tree: ast.Module) -> tuple[str, ...]:
    """The options holders the module's own code binds only to parsed options: `args =
    parser.parse_args()` (or `parse_args()`, `parser.parse_known_args()[0]`), at module
    level, under `if __name__ == "__main__":` too (cleanrl's scripts); a holder bound
    otherwise anywhere at module level, or declared `global` in a function, is not."""
    values: dict[str, list[ast.expr | None]] = {}
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Global):
                    for name in inner.names:
                        values.setdefault(name, []).append(None)
            continue
        for target, value in _bound(node):
            for part in _names(target):
                if part.id in ARGPARSE_HOLDERS:
                    values.setdefault(part.id, []).append(
                        value if part is target else None)
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(node, field, ()))
        for handler in getattr(node, "handlers", ()):
            stack.extend(handler.body)
        for case in getattr(node, "cases", ()):
            stack.extend(case.body)
    return tuple(sorted(name for name, bound in values.items()
                        if all(v is not None and _parses(v) for v in bound)))


def _bound(node: ast.stmt) -> list[tuple[ast.expr, ast.expr | None]]:
    """The targets a statement binds at its own level, each with its value where it is
    a plain assignment (None: a loop target, an augmented assignment, an import)."""
    if isinstance(node, ast.Assign):
        return [(target, node.value) for target in node.targets]
    if isinstance(node, ast.AnnAssign):
        return [(node.target, node.value)]
    if isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor)):
        return [(node.target, None)]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [(item.optional_vars, None) for item in node.items
                if item.optional_vars is not None]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(ast.Name((a.asname or a.name).partition(".")[0]), None) for a in node.names]
    return []


def _names(target: ast.expr) -> list[ast.Name]:
    """The names a target binds (not `args.seed = ...`, which sets an attribute)."""
    if isinstance(target, ast.Name):
        return [target]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _names(element)]
    if isinstance(target, ast.Starred):
        return _names(target.value)
    return []


def _parses(value: ast.expr) -> bool:
    """`parser.parse_args()`, `parse_args()`, `parser.parse_known_args()[0]`."""
    wanted = "parse_args"
    if isinstance(value, ast.Subscript):  # `parse_known_args()`: (options, the rest)
        value, wanted = value.value, "parse_known_args"
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else None
    return name == wanted


def project_options(declared: Iterable[tuple[tuple[str, str | None], ...]]
                    ) -> dict[str, str]:
    """Option name -> its one default over the whole project's declarations; a name
    declared with two different defaults, or once without one, is left out."""
    found: dict[str, str | None] = {}
    for module in declared:
        for name, default in module:
            _note(found, name, default)
    return {name: default for name, default in found.items() if default is not None}


def view_options(options: Mapping[str, str], reads: Iterable[str]) -> dict[str, str]:
    """The project's option defaults a module reads (`FileView.options`)."""
    return {name: options[name] for name in reads if name in options}


def _note(found: dict[str, str | None], name: str, default: str | None) -> None:
    if name in found and found[name] != default:
        found[name] = None  # two different defaults: none
    else:
        found.setdefault(name, default)


def _declared(call: ast.Call) -> tuple[str, str | None] | None:
    """(name, default or None) of one `add_argument` call; None where its name is not
    known (option strings that are not literals) or it keeps no value (`help`)."""
    flags: list[str] = []
    for argument in call.args:
        if not isinstance(argument, ast.Constant) or not isinstance(argument.value, str):
            return None
        flags.append(argument.value)
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if any(k.arg is None for k in call.keywords) or not flags:
        return None  # `**kwargs`: what it declares is not known
    name = _dest(flags, keywords.get("dest"))
    if name is None:
        return None
    action = keywords.get("action")
    action_name = action.value if isinstance(action, ast.Constant) and \
        isinstance(action.value, str) else None
    if action_name in ("help", "version"):
        return None
    if not flags[0].startswith("-"):
        return name, None  # a positional argument: given on every command line
    required = keywords.get("required")
    if required is not None and not (isinstance(required, ast.Constant) and
                                     required.value is False):
        return name, None
    if "default" in keywords:
        value = keywords["default"]
        text = literal_text(value)
        if text is None:
            return name, None  # `argparse.SUPPRESS`, a call, a name
        converted = keywords.get("type")
        if isinstance(value, ast.Constant) and isinstance(value.value, str) and \
                converted is not None and not (isinstance(converted, ast.Name)
                                               and converted.id == "str"):
            return name, None  # argparse passes a string default through `type`
        return name, text
    if action is None or action_name in _NONE_ACTIONS:
        return name, "None"
    if action_name == "store_true":
        return name, "False"
    if action_name == "store_false":
        return name, "True"
    return name, None  # a custom action class, or an action named otherwise


def _dest(flags: list[str], dest: ast.expr | None) -> str | None:
    if dest is not None:
        if isinstance(dest, ast.Constant) and isinstance(dest.value, str) and \
                dest.value.isidentifier():
            return dest.value
        return None
    if not flags[0].startswith("-"):
        return flags[0] if flags[0].isidentifier() else None
    chosen = next((f for f in flags if f.startswith("--")), flags[0])
    name = chosen.lstrip("-").replace("-", "_")
    return name if name.isidentifier() else None
