"""A helper's flag no project call passes keeps its default (eleventh draw F6:
`if normalize or rescaling < 1:` with `normalize: bool = True`): the code it guards is
opt-in ("only with `normalize=False`"). A call that passes the flag (a literal, a
forwarded option) or hides what it passes (`**kwargs`) keeps the finding reported, and
so does a default that is no bool (`threshold=None` is "given or not")."""

from __future__ import annotations

import textwrap

import pytest

from synclint.engine import lint_source
from tests.linter.helpers import rule_findings

SOURCE = """\
    import torch


    def normalize_audio(wav: torch.Tensor, normalize: {annotation} = {default}) -> torch.Tensor:
        rescaling = 1.0 / wav.abs().max()
        if {test}:
            wav = wav * rescaling
        return wav


    def audio_write(path: str, wav: torch.Tensor, normalize: bool = True, **kwargs) -> None:
        torch.save(normalize_audio({arguments}), path)
"""


def _source(test: str = "normalize or rescaling < 1", default: str = "True",
            arguments: str = "wav", annotation: str = "bool") -> str:
    return SOURCE.format(test=test, default=default, arguments=arguments,
                         annotation=annotation)


@pytest.mark.parametrize(("test", "default", "option"), [
    ("normalize or rescaling < 1", "True", "`normalize=False`"),
    ("normalize and rescaling < 1", "False", "`normalize=True`"),
    ("not normalize and rescaling < 1", "True", "`normalize=False`"),
])
def test_a_flag_no_call_passes_makes_its_guarded_test_opt_in(test: str, default: str,
                                                             option: str) -> None:
    source = _source(test, default)
    assert rule_findings("SYN102", source) == []
    output = lint_source(textwrap.dedent(source), "example.py", ["SYN102"], opt_in=True)
    [found] = [d for d in output.diagnostics if d.code == "SYN102"]
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize("arguments", ["wav, normalize", "wav, normalize=False",
                                       "wav, **kwargs"])
def test_a_flag_a_call_passes_or_may_pass_is_reported(arguments: str) -> None:
    [found] = rule_findings("SYN102", _source(arguments=arguments))
    assert "only with" not in found.message


def test_a_flag_on_by_default_is_reported() -> None:
    [found] = rule_findings("SYN102", _source("normalize and rescaling < 1", "True"))
    assert "only with" not in found.message


def test_a_default_that_is_no_bool_is_what_the_caller_passes() -> None:
    source = _source("normalize is not None and rescaling < 1", "None",
                     annotation="float | None")
    [found] = rule_findings("SYN102", source)
    assert "only with" not in found.message


def test_a_nested_helpers_flag_is_what_its_caller_passes() -> None:
    source = """\
        import torch


        def outer(wav: torch.Tensor) -> torch.Tensor:
            def normalize_audio(x: torch.Tensor, normalize: bool = True) -> torch.Tensor:
                if normalize or x.abs().max() < 1:
                    x = x * 2
                return x
            return normalize_audio(wav, False)
    """
    [found] = rule_findings("SYN102", source)
    assert "only with" not in found.message


COMPILED = """\
    import torch
    from torch import nn


    def frame_pred(coords: torch.Tensor, mask: torch.Tensor, inference: bool = False) -> list:
        out = []
        for i in range(coords.shape[0]):
            if inference:
                out.append(coords[i][mask[i].bool()].sum())
        return out


    def ptms(coords: torch.Tensor, mask: torch.Tensor) -> list:
        return frame_pred(coords, mask{arguments})


    class Confidence(nn.Module):
        def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
            return ptms(coords, mask)


    class Model(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.confidence = torch.compile(Confidence())

        def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
            return self.confidence(coords, mask)
"""


def test_a_compiled_helpers_flag_is_its_callers_not_a_setting() -> None:
    """Code a compiled module reaches is per-step because its callers are (fresh13's boltz
    `compute_frame_pred(..., inference=True)`): a flag its only call passes turns the read
    on, so the finding is reported, not opt-in "only with `inference=True`"."""
    [found] = rule_findings("SYN104", COMPILED.format(arguments=", inference=True"))
    assert "only with" not in found.message
    assert rule_findings("SYN104", COMPILED.format(arguments="")) == []
    output = lint_source(textwrap.dedent(COMPILED.format(arguments="")), "example.py",
                         ["SYN104"], opt_in=True)
    [hidden] = [d for d in output.diagnostics if d.code == "SYN104"]
    assert hidden.message.endswith(", only with `inference=True`")


LIST_SETTING = """\
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, ctc_asr_only: List[bool] = DEFAULT) -> None:
        super().__init__()
        self.ctc_asr_only = ctc_asr_only

    def forward(self, text: torch.Tensor, text_ctc: torch.Tensor) -> float:
        if self.ctc_asr_only[-1]:
            n = text_ctc.sum().item()
        else:
            n = text.sum().item()
        return n
"""


@pytest.mark.parametrize(("default", "opt_in_line"), [
    ("[False]", "text_ctc.sum()"), ("(False, False)", "text_ctc.sum()"),
    ("[True]", "text.sum()"),
])
def test_an_element_of_a_list_setting_takes_its_elements_default(default: str,
                                                                 opt_in_line: str) -> None:
    # fresh17 M5: `if self.ctc_asr_only[-1]:` tests a setting; the branch the default
    # takes is reported, the other is opt-in "only with `ctc_asr_only[-1]=...`".
    source = LIST_SETTING.replace("DEFAULT", default)
    shown = _reads(source)
    every = _reads(source, opt_in=True)
    hidden = {d.location.row for d in every} - {d.location.row for d in shown}
    (line,) = [n for n, text in enumerate(source.splitlines(), 1) if opt_in_line in text]
    assert hidden == {line}
    assert len(shown) == 1 and "ctc_asr_only[-1]" in shown[0].message


@pytest.mark.parametrize("default", ["[False, True]", "[]", "[x for x in ()]"])
def test_a_list_default_without_one_element_default_opts_nothing_in(default: str) -> None:
    source = LIST_SETTING.replace("DEFAULT", default)
    assert len(_reads(source)) == 2


def _reads(source: str, opt_in: bool = False) -> list:
    return list(lint_source(source, "m.py", ["SYN101"], opt_in=opt_in).diagnostics)
