"""The argparse options a project declares and their defaults (`model/options.py`; issue
22, fresh17 L3a): each form of `add_argument` read as argparse reads it, and the look-alikes
that give no one default."""

from __future__ import annotations

import ast
import textwrap

import pytest

from synclint.model.options import (
    declared_options,
    option_reads,
    parsed_holders,
    project_options,
)


def _declared(source: str) -> dict[str, str | None]:
    text = textwrap.dedent(source)
    return dict(declared_options(ast.parse(text), text))


@pytest.mark.parametrize(("call", "name", "default"), [
    ('p.add_argument("--use-cbhg", default=False, type=strtobool)', "use_cbhg", "False"),
    ('p.add_argument("--kle-stop", action="store_true")', "kle_stop", "False"),
    ('p.add_argument("--no-cbhg", action="store_false", dest="cbhg")', "cbhg", "True"),
    ('p.add_argument("-r", "--report-cer", default=0)', "report_cer", "0"),
    ('p.add_argument("-v")', "v", "None"),
    ('p.add_argument("--resume", type=str)', "resume", "None"),
    ('p.add_argument("--lr", type=float, default=0.0)', "lr", "0.0"),
    ('p.add_argument("--opt", type=str, default="adam")', "opt", "'adam'"),
    ('p.add_argument("--tag", default="")', "tag", "''"),
    ('p.add_argument("--verbose", action="count")', "verbose", "None"),
    ('group.add_argument("--use-cbhg", default=False, nargs="?", const=True)', "use_cbhg",
     "False"),
])
def test_an_option_s_default_is_read_as_argparse_gives_it(call: str, name: str,
                                                         default: str) -> None:
    assert _declared(call) == {name: default}


@pytest.mark.parametrize(("call", "name"), [
    ('p.add_argument("outdir")', "outdir"),  # positional: always given
    ('p.add_argument("--outdir", required=True)', "outdir"),
    ('p.add_argument("--seed", default=argparse.SUPPRESS)', "seed"),
    ('p.add_argument("--seed", default=int(time.time()))', "seed"),
    ('p.add_argument("--flag", default="False", type=strtobool)', "flag"),  # converted
    ('p.add_argument("--flag", action=StoreBool)', "flag"),  # a custom action
])
def test_an_option_without_one_constant_default_has_none(call: str, name: str) -> None:
    assert _declared(call) == {name: None}


@pytest.mark.parametrize("call", [
    'p.add_argument(*flags, default=False)',
    'p.add_argument("--x", **kwargs)',
    'p.add_argument("-h", action="help")',
])
def test_a_declaration_whose_name_is_not_known_declares_nothing(call: str) -> None:
    assert _declared(call) == {}


def test_two_declarations_or_set_defaults_that_differ_leave_no_default() -> None:
    declared = _declared("""\
        p.add_argument("--use-cbhg", default=False)
        q.add_argument("--use-cbhg", default=False)
        p.add_argument("--kle-stop", action="store_true")
        p.set_defaults(kle_stop=True)
        p.add_argument("--a", default=0)
        q.add_argument("--a", default=1)
    """)
    assert declared == {"use_cbhg": "False", "kle_stop": None, "a": None}


def test_the_project_keeps_a_default_every_module_agrees_on() -> None:
    first = (("kle_stop", "False"), ("use_cbhg", "False"), ("lr", "0.1"))
    second = (("kle_stop", "False"), ("use_cbhg", "True"), ("outdir", None))
    assert project_options([first, second]) == {"kle_stop": "False", "lr": "0.1"}


def test_a_module_s_option_reads_are_the_attributes_of_holders() -> None:
    text = "if self.args.use_cbhg and opt.report_cer or hparams.ema:\n" \
           "    x = kwargs.not_one + args . kle_stop + cfg.other\n"
    assert option_reads(text) == ("ema", "kle_stop", "report_cer", "use_cbhg")


def test_an_option_the_code_sets_has_no_default() -> None:
    declared = _declared("""\
        p.add_argument("--kle-stop", action="store_true")
        p.add_argument("--seed", default=0)
        args = p.parse_args()
        args.seed += 1
        if args.kle_stop == args.seed:
            pass
    """)
    assert declared == {"kle_stop": "False", "seed": None}


@pytest.mark.parametrize(("source", "holders"), [
    ("if __name__ == '__main__':\n    args = parser.parse_args()\nargs.seed = 1\n",
     ("args",)),
    ("args = parse_args()\nopt = parser.parse_known_args()[0]\n", ("args", "opt")),
    ("args = parser.parse_args()\nargs = load(args)\n", ()),  # rebound
    ("args, rest = parser.parse_known_args()\n", ()),
    ("for args in runs:\n    pass\n", ()),
    ("args = parser.parse_args()\ndef f():\n    global args\n    args = None\n", ()),
    ("args = parser.parse_args()\ndef f(args):\n    args = None\n", ("args",)),
])
def test_a_holder_the_module_binds_only_by_parse_args(source: str,
                                                      holders: tuple[str, ...]) -> None:
    assert parsed_holders(ast.parse(source)) == holders
