"""Opt-in code under an argparse option the project declares off by default (issue 22,
fresh17 L3a: espnet1's `--use-cbhg` kept as `self.use_cbhg = args.use_cbhg`, cleanrl's
module-level `if args.kle_stop:`); each firing case with look-alikes that stay reported."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources, lint_text
from tests.linter.helpers import rule_findings


def opt_in_findings(code: str, source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", [code], opt_in=True)
    assert output.error is None
    return [d for d in output.diagnostics if d.code == code]


MODEL = """\
    import torch
    from torch import nn


    def fill_missing_args(args, add_arguments):
        return args


    class Tacotron2(nn.Module):
        @staticmethod
        def add_arguments(parser):
            group = parser.add_argument_group("model")
            group.add_argument({declaration})
            return parser

        def __init__(self, idim: int, args) -> None:
            super().__init__()
    {prelude}        self.use_cbhg = {value}
            self.lin = nn.Linear(idim, idim)
{method}
        def forward(self, xs: torch.Tensor) -> torch.Tensor:
            loss = self.lin(xs).sum()
            if {guard}:
                self.stats = {{"cbhg": loss.item()}}
            return loss
"""


def _model(declaration: str = '"--use-cbhg", default=False, type=strtobool',
           guard: str = "self.use_cbhg", value: str = "args.use_cbhg", prelude: str = "",
           method: str = "") -> str:
    return MODEL.format(declaration=declaration, guard=guard, value=value,
                        prelude=f"        {prelude}\n    " if prelude else "",
                        method="\n        " + method.replace("\n", "\n    ") if method else "")


@pytest.mark.parametrize(("declaration", "guard", "prelude", "option"), [
    ('"--use-cbhg", default=False, type=strtobool', "self.use_cbhg", "",
     "`use_cbhg=True`"),
    ('"--use-cbhg", action="store_true"', "self.use_cbhg", "", "`use_cbhg=True`"),
    ('"--use-cbhg", default=0, type=int', "self.use_cbhg", "", "`use_cbhg` set"),
    ('"--cbhg", dest="use_cbhg", default=None', "self.use_cbhg is not None", "",
     "`use_cbhg` set"),
    ('"--use-cbhg", action="store_false"', "not self.use_cbhg", "", "`use_cbhg=False`"),
    # the options passed along before they are kept (espnet1)
    ('"--use-cbhg", default=False', "self.use_cbhg",
     "args = fill_missing_args(args, self.add_arguments)", "`use_cbhg=True`"),
])
def test_an_attribute_kept_from_an_argparse_option_off_by_default_is_opt_in(
        declaration: str, guard: str, prelude: str, option: str) -> None:
    source = _model(declaration, guard, prelude=prelude)
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize(("declaration", "guard", "value", "prelude", "method"), [
    ('"--use-cbhg", default=True', "self.use_cbhg", "args.use_cbhg", "", ""),  # on
    ('"--use-cbhg", action="store_false"', "self.use_cbhg", "args.use_cbhg", "", ""),
    ('"--use-cbhg", default="False", type=strtobool', "self.use_cbhg", "args.use_cbhg", "",
     ""),  # a string default goes through `type`: not read
    ('"--use-cbhg", required=True', "self.use_cbhg", "args.use_cbhg", "", ""),
    ('"--use-cbhg", action=StoreBool', "self.use_cbhg", "args.use_cbhg", "", ""),
    # another method sets the attribute too: no setting the option alone decides
    ('"--use-cbhg", default=False', "self.use_cbhg", "args.use_cbhg", "",
     "def enable(self) -> None:\n        self.use_cbhg = True"),
    # `args` rebound from something that is not the parsed options
    ('"--use-cbhg", default=False', "self.use_cbhg", "args.use_cbhg",
     "args = load_config(path)", ""),
    # not an options holder
    ('"--use-cbhg", default=False', "self.use_cbhg", "config_of(args).use_cbhg", "", ""),
    # another option than the one declared
    ('"--use-cbhg", default=False', "self.use_cbhg", "args.use_postnet", "", ""),
])
def test_argparse_look_alikes_stay_reported(declaration: str, guard: str, value: str,
                                            prelude: str, method: str) -> None:
    [found] = rule_findings("SYN101", _model(declaration, guard, value, prelude, method))
    assert "only with" not in found.message


def test_the_same_option_declared_with_two_defaults_has_none() -> None:
    source = textwrap.dedent(_model()) + textwrap.dedent("""\


        def finetune_parser(parser):
            parser.add_argument("--use-cbhg", default=True)
            return parser
    """)
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


SCRIPT = """\
    import argparse

    import torch

    if __name__ == "__main__":
        parser = argparse.ArgumentParser()
        parser.add_argument("--kle-stop", {declaration})
        parser.add_argument("--target-kl", type=float, default=0.015)
        {binding}

    agent = torch.nn.Linear(8, 4).cuda()
    optimizer = torch.optim.Adam(agent.parameters())
    obs = torch.randn(64, 8, device="cuda")
    for update in range(100):
        for epoch in range(4):
            approx_kl = agent(obs).mean()
            approx_kl.backward()
            optimizer.step()
            if {guard}:
                if approx_kl > args.target_kl:
                    break
"""


@pytest.mark.parametrize(("declaration", "binding", "guard", "option"), [
    ('action="store_true"', "args = parser.parse_args()", "args.kle_stop",
     "`kle_stop=True`"),
    ('type=lambda x: bool(strtobool(x)), default=False, nargs="?", const=True',
     "args = parser.parse_args()", "args.kle_stop", "`kle_stop=True`"),
    ('action="store_true"', "args = parser.parse_known_args()[0]", "args.kle_stop",
     "`kle_stop=True`"),
    ('action="store_true"', "args = parser.parse_args()", "args.kle_stop and epoch > 0",
     "`kle_stop=True`"),
])
def test_a_module_level_test_of_parsed_options_is_opt_in(declaration: str, binding: str,
                                                         guard: str, option: str) -> None:
    source = SCRIPT.format(declaration=declaration, binding=binding, guard=guard)
    assert rule_findings("SYN102", source) == []
    [found] = opt_in_findings("SYN102", source)
    assert found.message.endswith(f", only with {option}")


def test_a_script_s_options_are_read_where_only_part_of_its_text_is_parsed() -> None:
    """A check parses only the statements where a rule can fire (`kept_text`); the
    binding `args = parser.parse_args()` is the model's, from the whole text; setting
    another option (`args.batch_size = ...`) keeps `args` the parsed options."""
    source = textwrap.dedent(SCRIPT.format(
        declaration='action="store_true"', guard="args.kle_stop",
        binding="args = parser.parse_args()\n    args.batch_size = 64"))
    assert [d for d in lint_text(source, "ppo.py", ["SYN102"]).diagnostics] == []
    [found] = lint_text(source, "ppo.py", ["SYN102"], opt_in=True).diagnostics
    assert found.message.endswith(", only with `kle_stop=True`")


@pytest.mark.parametrize(("declaration", "binding", "guard"), [
    ('action="store_true"', "args = parser.parse_args()\n    args.kle_stop = True",
     "args.kle_stop"),  # the script sets the option itself
    ('action="store_true"', "args = load_run_args()", "args.kle_stop"),  # not parsed
    ('action="store_true"', "args = parser.parse_args()\n    args = load_run_args()",
     "args.kle_stop"),  # bound twice
    ('action="store_true"', "args, rest = parser.parse_known_args()", "args.kle_stop"),
    ('action="store_true"', "run = parser.parse_args()", "run.kle_stop"),  # no holder name
    ('default=True', "args = parser.parse_args()", "args.kle_stop"),  # on by default
    ('action="store_true"', "args = parser.parse_args()", "not args.kle_stop"),
])
def test_module_level_look_alikes_stay_reported(declaration: str, binding: str,
                                                guard: str) -> None:
    source = SCRIPT.format(declaration=declaration, binding=binding, guard=guard)
    [found] = rule_findings("SYN102", source)
    assert "only with" not in found.message


def test_a_function_reading_the_scripts_global_options_is_opt_in() -> None:
    source = """\
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--track", action="store_true")
        args = parser.parse_args()


        def update(agent: torch.nn.Module, obs: torch.Tensor, stats: list) -> None:
            for _ in range(4):
                loss = agent(obs).mean()
                loss.backward()
                if args.track:
                    stats.append(loss.item())
    """
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(", only with `track=True`")


def test_a_local_holder_bound_otherwise_in_the_function_stays_reported() -> None:
    source = """\
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--track", action="store_true")
        args = parser.parse_args()


        def update(agent: torch.nn.Module, obs: torch.Tensor, stats: list, run) -> None:
            args = run.settings
            for _ in range(4):
                loss = agent(obs).mean()
                loss.backward()
                if args.track:
                    stats.append(loss.item())
    """
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


def test_options_declared_in_another_module_of_the_project() -> None:
    sources = {
        "pkg/train.py": textwrap.dedent("""\
            import argparse


            def get_parser():
                parser = argparse.ArgumentParser()
                parser.add_argument("--report-cer", default=False, action="store_true")
                return parser
        """),
        "pkg/model.py": textwrap.dedent("""\
            import torch
            from torch import nn


            class E2E(nn.Module):
                def __init__(self, args) -> None:
                    super().__init__()
                    self.report_cer = args.report_cer
                    self.lin = nn.Linear(4, 4)

                def forward(self, xs: torch.Tensor) -> torch.Tensor:
                    loss = self.lin(xs).sum()
                    if self.report_cer:
                        self.cer = loss.item()
                    return loss
        """),
    }
    quiet = lint_sources(sources, ["SYN101"])["pkg/model.py"]
    assert [d for d in quiet.diagnostics if d.code == "SYN101"] == []
    assert quiet.hidden
    [found] = [d for d in lint_sources(sources, ["SYN101"], opt_in=True)["pkg/model.py"]
               .diagnostics if d.code == "SYN101"]
    assert found.message.endswith(", only with `report_cer=True`")
