"""Opt-in code read through a `getattr` default, a local assigned from such a test, a
dataclass `field(default=...)` and an attribute `__init__` leaves None unless an option is on
(issue 22, fresh16 L1a: axolotl's async GRPO trainers); each with look-alikes that stay
reported by default."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source
from tests.linter.helpers import rule_findings


def opt_in_findings(code: str, source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", [code], opt_in=True)
    assert output.error is None
    return [d for d in output.diagnostics if d.code == code]


TRAINER = """\
    import dataclasses
    import torch
    from torch import nn


    @dataclasses.dataclass
    class ScoringConfig:
        batch_flattening: bool = {field}
        tracked: list = dataclasses.field(default_factory=list)


    class Trainer:
        def __init__(self, model: nn.Module, args, config: ScoringConfig, module) -> None:
            self.model = model.cuda()
            self.args = args
            self.config = config
            self.module = module
            self.training_args = args
            if getattr(self.args, "replay_buffer_size", {size}) > 0:
                self._buffer = []
            else:
                self._buffer = None

        def score(self, xs: list[torch.Tensor], extra: dict) -> float:
            total = 0.0
{prelude}            for x in xs:
                if {guard}:
                    total += self.model(x.cuda()).sum().item()
            return total
"""


def _source(guard: str, prelude: str = "", field: str = "False", size: str = "0") -> str:
    lines = "".join(f"            {line}\n" for line in prelude.splitlines())
    return TRAINER.format(guard=guard, prelude=lines, field=field, size=size)


@pytest.mark.parametrize(("guard", "prelude", "option"), [
    ('getattr(self.args, "batch_flattening", False)', "", "`batch_flattening=True`"),
    ('getattr(self.args, "batch_flattening", False) and not extra', "",
     "`batch_flattening=True`"),
    ('not getattr(self.args, "skip_scoring", True)', "", "`skip_scoring=False`"),
    ('getattr(self.args, "replay_buffer_size", 0) > 0', "", "`replay_buffer_size > 0`"),
    ('getattr(self.training_args, "beta", 0.0)', "", "`beta` set"),
    ('getattr(self.config, "batch_flattening", True)', "", "`batch_flattening=True`"),
    # a local assigned once at the top of the body, tested later (item 2)
    ("can_flatten", 'can_flatten = getattr(self.args, "batch_flattening", False) '
     "and not extra", "`batch_flattening=True`"),
    ("not plain", 'plain = not getattr(self.args, "batch_flattening", False)',
     "`batch_flattening=True`"),
    # an attribute `__init__` leaves None unless the option is on (item 4)
    ("self._buffer is not None", "", "`replay_buffer_size > 0`"),
    ("self._buffer", "", "`replay_buffer_size > 0`"),
])
def test_an_option_read_through_getattr_with_its_default_off_is_opt_in(
        guard: str, prelude: str, option: str) -> None:
    source = _source(guard, prelude)
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize(("guard", "prelude", "field", "size"), [
    ('getattr(self.args, "use_amp", True)', "", "False", "0"),  # default on
    ('getattr(self.module, "weight", None) is not None', "", "False", "0"),  # not settings
    ('getattr(self.model, "use_cache", False)', "", "False", "0"),
    ('getattr(extra, "flag", False)', "", "False", "0"),  # not a settings name
    ('getattr(self.args, name, False)', 'name = "batch_flattening"', "False", "0"),
    # the annotated config class's own default wins over the getattr's
    ('getattr(self.config, "batch_flattening", False)', "", "True", "0"),
    ("self._buffer is not None", "", "False", "64"),  # the buffer is on by default
    # locals: not only the option, assigned twice, assigned after the test
    ("can_flatten", 'can_flatten = getattr(self.args, "batch_flattening", False) '
     "or not extra", "False", "0"),
    ("can_flatten", 'can_flatten = getattr(self.args, "batch_flattening", False)\n'
     "can_flatten = can_flatten or bool(extra)", "False", "0"),
])
def test_getattr_look_alikes_stay_reported(guard: str, prelude: str, field: str,
                                           size: str) -> None:
    [found] = rule_findings("SYN101", _source(guard, prelude, field, size))
    assert "only with" not in found.message


def test_a_local_assigned_inside_the_loop_is_not_the_options_test() -> None:
    source = """\
        import torch


        def score(args, xs: list[torch.Tensor]) -> float:
            total = 0.0
            for x in xs:
                track = getattr(args, "track", False) or x.numel() > 8
                if track:
                    total += x.cuda().sum().item()
            return total
    """
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


def test_a_local_tested_before_its_assignment_is_not_resolved() -> None:
    source = """\
        import torch


        def score(args, xs: list[torch.Tensor]) -> float:
            total = 0.0
            for x in xs:
                if flat:
                    total += x.cuda().sum().item()
            flat = getattr(args, "flat", False)
            return total
    """
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


def test_a_parameter_annotated_with_a_settings_class_is_a_holder() -> None:
    source = """\
        import torch


        def score(run: "TrainingArguments", xs: list[torch.Tensor]) -> float:
            total = 0.0
            for x in xs:
                if getattr(run, "per_sample_stats", False):
                    total += x.cuda().sum().item()
            return total
    """
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(", only with `per_sample_stats=True`")


FIELDS = """\
    from dataclasses import dataclass, field
    import torch


    @dataclass
    class GroupConfig:
        streaming: bool = field(default={default}, metadata={{"help": "one group a time"}})
        groups: list = field(default_factory=list)


    class Scorer:
        def __init__(self, args: GroupConfig) -> None:
            self.args = args

        def score(self, rewards: torch.Tensor) -> float:
            total = 0.0
            for group in rewards.cuda().split(8):
                if {guard}:
                    total += group.mean().item()
            return total
"""


@pytest.mark.parametrize(("default", "option"), [
    ("False", "`args.streaming=True`"), ("None", "`args.streaming` set"),
    ("0", "`args.streaming` set"), ("0.0", "`args.streaming` set")])
def test_a_dataclass_field_default_is_a_field_default(default: str, option: str) -> None:
    source = FIELDS.format(default=default, guard="self.args.streaming")
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize(("default", "guard"), [
    ("True", "self.args.streaming"),  # on by default
    ("False", "self.args.groups"),  # a default_factory: no literal default
])
def test_dataclass_fields_on_by_default_or_built_stay_reported(default: str,
                                                               guard: str) -> None:
    [found] = rule_findings("SYN101", FIELDS.format(default=default, guard=guard))
    assert "only with" not in found.message


CALLEE = """\
    import torch
    from torch import nn


    def _per_row(xs: torch.Tensor) -> list[float]:
        return [x.sum().item() for x in xs]


    class Trainer:
        def __init__(self, model: nn.Module, args) -> None:
            self.model = model.cuda()
            self.args = args

        def scores(self, ids: torch.Tensor, extra: dict) -> torch.Tensor:
            ids = ids.cuda()
            can_flatten = getattr(self.args, "batch_flattening", False) and not extra
            if can_flatten:
                self._flattened(ids)
                _per_row(ids)
            {other}
            return self.model(ids)

        def {helper}(self, ids: torch.Tensor) -> list[float]:
            return self._rows(ids)

        def _rows(self, ids: torch.Tensor) -> list[float]:
            out = []
            for row in ids:
                out.append(row.sum().item())
            return out

        def unrelated(self, ids: torch.Tensor) -> float:
            return float(ids.sum())
"""


@pytest.mark.parametrize("findings_only", [False, True])  # True: the text LibCST gets is cut
def test_a_private_helper_called_only_under_an_option_is_opt_in(findings_only: bool) -> None:
    # axolotl's `_get_per_token_logps_flattened`, called only under `if can_flatten:`,
    # through `_rows` (a private callee of a private callee), and a module function.
    source = textwrap.dedent(CALLEE.format(helper="_flattened", other="pass"))
    output = lint_source(source, "example.py", ["SYN101"], findings_only=findings_only)
    assert [d.code for d in output.diagnostics] == []
    output = lint_source(source, "example.py", ["SYN101"], opt_in=True,
                         findings_only=findings_only)
    assert [d.message.rpartition(", only with ")[2] for d in output.diagnostics] == \
        ["`batch_flattening=True`"] * 2


@pytest.mark.parametrize(("helper", "other", "reported"), [
    ("flattened", "pass", 1),  # `_rows` is private, but its caller is public: reported
    ("_flattened", "self._flattened(ids)", 1),  # also called without the option
    ("_flattened", "_per_row(ids)", 1),
    ("_flattened", "callback = self._flattened", 1),  # used other than by a call
])
def test_helpers_called_without_the_option_stay_reported(helper: str, other: str,
                                                         reported: int) -> None:
    source = CALLEE.format(helper=helper, other=other)
    if helper == "flattened":
        source = source.replace("self._flattened(ids)", "self.flattened(ids)")
    findings = rule_findings("SYN101", source)
    assert len([d for d in findings if "only with" not in d.message]) == reported


UNANNOTATED = """\
    from dataclasses import dataclass, field
    import torch

{classes}

    class Trainer:
        def __init__(self, args) -> None:
            self.args = args

        def step(self, rewards: torch.Tensor) -> float:
            total = 0.0
            if getattr(self.args, "reroll_start_fraction", 1.0) < 1.0:
                for group in rewards.cuda().split(8):
                    total += group.std().item()
            return total
"""
FAST = """\
    @dataclass
    class FastConfig:
        reroll_start_fraction: float = field(default={value})
"""


@pytest.mark.parametrize(("classes", "opt_in"), [
    ("", True),  # no settings class gives the field: the getattr's default
    (FAST.format(value="1.0"), True),  # the project's settings class agrees
    (FAST.format(value="0.5"), False),  # axolotl's FastAsyncGRPOConfig: on by default
    (FAST.format(value="1.0") + FAST.format(value="0.5").replace("FastConfig",
                                                                  "OtherArgs"), False),
])
def test_the_settings_classes_a_file_sees_give_an_unannotated_holder_its_default(
        classes: str, opt_in: bool) -> None:
    source = UNANNOTATED.format(classes=classes)
    findings = rule_findings("SYN101", source)
    assert len(findings) == (0 if opt_in else 1)
    if opt_in:
        [found] = opt_in_findings("SYN101", source)
        assert found.message.endswith(", only with `reroll_start_fraction < 1.0`")
