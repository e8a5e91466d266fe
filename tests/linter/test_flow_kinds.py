"""Where data lives and which branch made it: kinds merged after `if`, CPU-made tensors,
tokenizer outputs and `torch.set_default_device` (local inference and the project index)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from synclint.analysis.kinds import BOOL_TENSOR, HOST, HOST_TENSOR, TENSOR, UNKNOWN, Seq, merge
from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.rules import DEFAULT_CODES
from tests.linter.helpers import rule_findings


def rows(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def project_findings(**files: str) -> list[Diagnostic]:
    outputs = lint_sources({f"{name}.py": text for name, text in files.items()}, DEFAULT_CODES)
    for output in outputs.values():
        assert output.error is None, output.error
    return [d for output in outputs.values() for d in output.diagnostics]


@pytest.mark.parametrize(("a", "b", "merged"), [
    (TENSOR, TENSOR, TENSOR),
    (TENSOR, BOOL_TENSOR, TENSOR),
    (TENSOR, UNKNOWN, UNKNOWN),  # a tensor only where every path made one
    (UNKNOWN, BOOL_TENSOR, UNKNOWN),
    (TENSOR, HOST, UNKNOWN),  # a tensor or an int: only maybe a tensor
    (HOST, TENSOR, UNKNOWN),
    (TENSOR, HOST_TENSOR, UNKNOWN),
    (Seq(HOST), TENSOR, UNKNOWN),
    (HOST, HOST, HOST),
    # A CPU tensor or a list of CPU tensors: every tensor in it is on the CPU.
    (HOST_TENSOR, Seq(HOST_TENSOR), Seq(HOST_TENSOR)),
    (Seq(HOST_TENSOR), HOST_TENSOR, Seq(HOST_TENSOR)),
    (TENSOR, Seq(TENSOR), UNKNOWN),
])
def test_merge_of_two_paths(a: object, b: object, merged: object) -> None:
    assert merge(a, b) == merged  # type: ignore[arg-type]


def test_a_tensor_on_one_branch_and_an_int_on_the_other_is_not_a_sure_tensor() -> None:
    source = """\
        import torch
        def f(q: torch.Tensor, states: torch.Tensor, mask: torch.Tensor, flag):
            n = states.shape[1]
            if flag is not None:
                n = torch.sum(mask, dim=1)
            for i in range(3):
                q = q[:, n:]
            m = states.shape[1]
            if flag is None:
                pass
            else:
                m = torch.sum(mask, dim=1)
            for i in range(3):
                q = q[:, m:]
            return q
    """
    assert rows("SYN109", source) == []


def test_every_branch_a_tensor_still_fires_and_order_does_not_matter() -> None:
    source = """\
        import torch
        def f(h: torch.Tensor, mask: torch.Tensor, causal: bool):
            if causal:
                lengths = mask.sum(dim=1)
            else:
                lengths = mask.long().sum(dim=1)
            return [h[b, : lengths[b]] for b in range(h.shape[0])]
    """
    assert rows("SYN109", source) == [7]


def test_a_branch_that_returns_does_not_reach_the_code_after_it() -> None:
    source = """\
        import torch
        def f(h: torch.Tensor, mask: torch.Tensor, pad: int):
            lengths = mask.sum(dim=1)
            if pad:
                lengths = [pad] * h.shape[0]
                return h
            return [h[b, : lengths[b]] for b in range(h.shape[0])]
    """
    assert rows("SYN109", source) == [7]


def test_none_placeholder_then_tensor_stays_a_tensor() -> None:
    source = """\
        import torch
        def f(model, loader, device):
            best = None
            for batch in loader:
                loss = model(batch.to(device)).mean()
                if best is None:
                    best = loss.detach()
                print(best.item())
            last = None
            if device:
                last = torch.ones(3, device=device)
            for i in range(3):
                print(last[i].item())
    """
    assert rows("SYN101", source) == [8, 13]


def test_tensors_made_on_the_cpu_are_host_and_moved_ones_are_not() -> None:
    source = """\
        import torch
        def f(x: torch.Tensor, n: int):
            a = torch.arange(n)
            b = torch.zeros(n, dtype=torch.long)
            c = torch.tensor([1, 2, 3])
            d = torch.linspace(0, 1, n).to(x.device)
            e = torch.zeros(n, device=x.device)
            for i in range(n):
                print(a[i].item(), b[i].item(), c[0].item())
                print(d[i].item())
                print(e[i].item())
    """
    assert rows("SYN101", source) == [10, 11]


def test_set_default_device_keeps_factories_without_device_on_the_device() -> None:
    source = """\
        import torch
        torch.set_default_device("cuda")
        def f(n: int):
            a = torch.arange(n)
            for i in range(n):
                print(a[i].item())
    """
    assert rows("SYN101", source) == [6]


def test_tokenizer_outputs_are_cpu_tensors_until_moved() -> None:
    source = """\
        import torch
        def f(tokenizer, encoder, prompt, device):
            inputs = tokenizer(prompt, return_tensors="pt")
            lens = inputs.attention_mask.sum(dim=1)
            moved = inputs["attention_mask"].to(device).sum(dim=1)
            emb = encoder(inputs.input_ids.to(device))
            a = [u[:v] for u, v in zip(emb, lens)]
            b = [u[:v] for u, v in zip(emb, moved)]
            return a, b
    """
    assert rows("SYN109", source) == [8]


def test_fixed_length_tuple_annotation_keeps_each_position() -> None:
    source = """\
        import torch
        def schedule(n: int) -> tuple[torch.Tensor, list[tuple]]:
            return torch.zeros(n, device="cuda"), [(0, n)]
        def f(x: torch.Tensor, prefix: int):
            matrix, intervals = schedule(3)
            for i in range(3):
                start, end = intervals[i]
                if start < prefix:
                    x = x * 2
                if matrix[i] > 0:
                    x = x * 3
            return x
    """
    assert rows("SYN102", source) == [10]


SCHEDULER = """\
import numpy as np
import torch


class Scheduler:
    def __init__(self):
        self.sigmas = torch.from_numpy(np.ones(10, dtype=np.float32))

    def set_timesteps(self, n: int, device=None):
        sigmas = torch.from_numpy(np.ones(n + 1, dtype=np.float32)).to(device=device)
        self.sigmas = torch.cat([sigmas[:1], sigmas[1:]])
        self.timesteps = (self.sigmas[:-1] * 1000).to(device=device)
        self.sigmas = self.sigmas.to("cpu"){tail}
        self.index = 0

    def step(self, out, sample):
        sigma = self.sigmas[self.index]
        if sigma > 0.0:
            sample = sample + sigma * out
        self.index += 1
        return sample
"""
PIPELINE = """\
import torch
from scheduler import Scheduler


def run(model, latents, device):
    scheduler = Scheduler()
    scheduler.set_timesteps(10, device=device)
    for t in scheduler.timesteps:
        latents = scheduler.step(model(latents, t), latents)
    return latents
"""


def test_attribute_moved_to_the_cpu_last_is_a_host_tensor_in_other_methods() -> None:
    assert project_findings(scheduler=SCHEDULER.format(tail=""), pipeline=PIPELINE) == []


def test_attribute_left_on_the_device_on_some_path_is_a_device_tensor() -> None:
    tail = "\n        if n > 5:\n            self.sigmas = self.sigmas.to(device)"
    found = project_findings(scheduler=SCHEDULER.format(tail=tail), pipeline=PIPELINE)
    assert {(d.code, d.filename) for d in found} >= {("SYN102", "scheduler.py")}


KARRAS = """\
import numpy as np
import torch


class Scheduler:
    def set_timesteps(self, n: int, device=None):
        sigmas = np.linspace(1.0, 0.0, n)
        sigmas = self._karras_sigmas(in_sigmas=sigmas)
        self.timesteps = torch.from_numpy(sigmas).to(device)

    def _karras_sigmas(self, in_sigmas: torch.Tensor) -> torch.Tensor:
        sigma_min = in_sigmas[-1].item()
        sigma_max = in_sigmas[0].item()
        return torch.linspace(sigma_max, sigma_min, 10)
{extra}"""


def test_private_helper_fed_numpy_everywhere_reads_host_values() -> None:
    assert project_findings(sched=KARRAS.format(extra="")) == []


def test_private_helper_fed_a_device_tensor_somewhere_still_syncs() -> None:
    extra = (
        "\n    def refresh(self, device):\n"
        "        self._karras_sigmas(torch.ones(3, device=device))\n"
    )
    found = project_findings(sched=KARRAS.format(extra=extra))
    assert [(d.code, d.location.row) for d in found] == [("SYN112", 12)]


def test_a_function_of_its_argument_keeps_a_cpu_argument_on_the_cpu() -> None:
    source = """\
        import torch
        def step(sigmas: torch.Tensor, gpu: torch.Tensor, i: int):
            def t_fn(s: torch.Tensor) -> torch.Tensor:
                return s.log().neg()
            host = sigmas.cpu()
            a, b = t_fn(host[i]), t_fn(host[i + 1])
            c, d = t_fn(gpu[i]), t_fn(gpu[i + 1])
            return min(a, b), min(c, d)
    """
    assert [d.location.column for d in rule_findings("SYN108", source)] == [23]


def test_a_list_of_appended_cpu_tensors_stacks_to_a_cpu_tensor() -> None:
    source = """\
        import torch
        def f(lengths: list[int], hidden: torch.Tensor):
            parts = []
            for n in lengths:
                parts.append(torch.arange(n) + 1)
            pos = torch.cat(parts)
            moved = []
            for n in lengths:
                moved.append(torch.arange(n, device=hidden.device))
            dev = torch.cat(moved)
            for i in range(3):
                if pos[i] > 0:
                    pass
                if dev[i] > 0:
                    pass
    """
    assert rows("SYN102", source) == [14]


CPU_SCHEDULE = """\
import torch


def schedule(n: int) -> tuple[torch.Tensor, torch.Tensor]:
    rows = []
    row = torch.zeros(n, dtype=torch.long)
    while not torch.all(row >= n - 1):
        row = (row + 1).clamp(0, n)
        rows.append(row)
    return torch.stack(rows), torch.stack(rows) > 0


def prepare(latents: torch.Tensor, given: torch.Tensor | None) -> torch.Tensor:
    if given is not None:
        return given
    return latents, latents.shape[2]


def prepare_more(latents: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return latents, latents, latents.shape[2], latents.shape[3]
"""
USE_SCHEDULE = """\
import torch
from sched import schedule, prepare


def run(latents: torch.Tensor, steps: int):
    matrix, mask = schedule(steps)
    latents, frames = prepare(latents, None)
    latents, _, more, rest = prepare_more(latents)
    for i in range(steps):
        if more > 0 or rest > 0:
            latents = latents - 1
        if mask[i][0]:
            latents = latents * 2
        if frames > 0:
            latents = latents + 1
    return latents
"""


def test_annotated_tensor_returns_proved_on_the_cpu_and_wrong_tuple_annotations() -> None:
    assert project_findings(sched=CPU_SCHEDULE, use=USE_SCHEDULE) == []


TUPLE_PLACEHOLDER_SCHEDULE = """\
import torch


def schedule(n: int, shrink: bool, device) -> tuple[torch.Tensor, torch.Tensor]:
    masks, moved = [], []
    row = torch.zeros(n, dtype=torch.long)
    while not torch.all(row >= n - 1):
        row = (row + 1).clamp(0, n)
        masks.append(row > 0)
        moved.append((row > 0).to(device))
    if shrink:
        masks = masks[0]
    return torch.stack(masks), torch.stack(moved)
"""
USE_TUPLE_PLACEHOLDER_SCHEDULE = """\
import torch
from sched import schedule


def run(latents: torch.Tensor, steps: int, device):
    on_cpu, on_device = schedule(steps, False, device)
    for i in range(steps):
        if on_cpu[i][0].item():
            latents = latents * 2
        if on_device[i][0].item():
            latents = latents + 1
    return latents
"""


def test_lists_made_by_a_tuple_of_empty_lists_take_their_appended_kinds() -> None:
    # `a, b = [], []` are placeholders like `a = []`; keeping only the first CPU mask on
    # one branch still leaves CPU tensors, so only the moved masks sync (and the copy per
    # iteration that moved them is reported where it is made).
    found = project_findings(sched=TUPLE_PLACEHOLDER_SCHEDULE, use=USE_TUPLE_PLACEHOLDER_SCHEDULE)
    assert sorted((d.filename, d.code, d.location.row) for d in found) == [
        ("sched.py", "SYN105", 10), ("use.py", "SYN101", 10)]


def test_a_tuple_of_empty_lists_is_a_placeholder_within_one_file_too() -> None:
    source = """\
        import torch
        def f(lengths: list[int], hidden: torch.Tensor):
            parts, moved = [], []
            for n in lengths:
                parts.append(torch.arange(n) + 1)
                moved.append(torch.arange(n, device=hidden.device))
            pos = torch.cat(parts)
            dev = torch.cat(moved)
            for i in range(3):
                if pos[i] > 0:
                    pass
                if dev[i] > 0:
                    pass
    """
    assert rows("SYN102", source) == [12]


def test_what_a_test_proved_still_holds_at_the_end_of_the_branch() -> None:
    source = """\
        import torch
        def f(model, latents: torch.Tensor, timesteps, watershed: float):
            for t in timesteps:
                if not torch.is_tensor(t):
                    t = torch.tensor([t], device=latents.device)
                elif len(t.shape) == 0:
                    t = t[None].to(latents.device)
                if t[0] < watershed:
                    latents = model(latents, t)
            return latents
    """
    assert rows("SYN102", source) == [8]


def test_shape_ops_on_cpu_tensors_stay_on_the_cpu_in_the_index() -> None:
    sched = """\
import torch


class Scheduler:
    def set_timesteps(self, n: int, device=None, sigmas=None):
        if sigmas is None:
            sigmas = torch.unique_consecutive(torch.linspace(1.0, 0.0, n))
        else:
            sigmas = torch.as_tensor(sigmas).cpu()
        self.timesteps = (1.0 - sigmas[:-1]).to(device=device)

    def index_for_timestep(self, timestep):
        indices = (self.timesteps == timestep).nonzero()
        if len(indices) == 0:
            raise ValueError("not in the schedule")
        return indices
"""
    found = project_findings(sched=sched)
    assert [(d.code, d.location.row) for d in found] == [("SYN111", 13)]


def test_an_attribute_set_earlier_in_the_method_has_that_kind() -> None:
    source = """\
        import numpy as np
        import torch
        class Scheduler:
            def reset(self, n: int, device):  # not `__init__`: that is cold code
                self.sigmas = torch.from_numpy(np.ones(n)).to(device)
                self.sigmas = self.sigmas.to("cpu")
                for i in range(n):
                    print(self.sigmas[i].item())
                self.sigmas = self.sigmas.to(device)
                for i in range(n):
                    print(self.sigmas[i].item())
    """
    assert rows("SYN101", source) == [11]


@pytest.mark.parametrize("branch", [
    "mask = mask & keep",  # an operator with a device tensor
    "mask &= keep",
    "mask = mask.masked_fill(~keep, False)",  # a tensor-only method on it
    "mask = torch.cat([keep, mask])",  # a torch function taking it
    "if flag:\n                        mask = mask & keep",  # proved in a nested branch
])
def test_a_tensor_op_in_one_branch_proves_the_unknown_value_a_tensor(branch: str) -> None:
    source = f"""\
        import torch
        def f(scores: torch.Tensor, mask, steps: int, c: bool, flag: bool):
            keep = scores > 0
            for i in range(steps):
                if c:
                    {branch}
                if mask.any():
                    scores = scores * 2
    """
    ast.parse(textwrap.dedent(source))
    assert rows("SYN102", source) == [7 + branch.count("\n")]


@pytest.mark.parametrize("branch", [
    # The other branch rebinds it: its value there is not the one the op applied to.
    "mask = mask & keep\n                else:\n                    mask = make()",
    # The branch replaced the value before the op: the op proves nothing of the old one.
    "mask = make()\n                    mask = mask & keep",
    # Data for a factory, not a tensor.
    "mask = torch.tensor(mask, device=scores.device) > 0",
    # A Python operand: `mask` may be a bool.
    "mask = mask & c",
])
def test_no_proof_when_the_op_does_not_apply_to_the_value_before_the_branch(branch: str) -> None:
    source = f"""\
        import torch
        def f(scores: torch.Tensor, mask, steps: int, c: bool, make):
            keep = scores > 0
            for i in range(steps):
                if c:
                    {branch}
                if mask.any():
                    scores = scores * 2
    """
    ast.parse(textwrap.dedent(source))
    assert rows("SYN102", source) == []


def test_a_host_value_before_the_branch_stays_a_maybe_tensor_after_it() -> None:
    # What the strict merge is for: a known int or CPU tensor on the other path.
    source = """\
        import torch
        def f(scores: torch.Tensor, steps: int, c: bool):
            keep = scores > 0
            for i in range(steps):
                mask = torch.arange(steps) > 2
                if c:
                    mask = mask & keep
                if mask.any():
                    scores = scores * 2
    """
    assert rows("SYN102", source) == []


SCHEDULER_ON_CPU = """\
import numpy as np
import torch


class Scheduler:
    def set_timesteps(self, n: int):
        self.sigmas = torch.from_numpy(np.linspace(1.0, 0.0, n + 1))
        self.step_index = 0

    def alpha_sigma(self, sigma):
        return 1 / (sigma**2 + 1) ** 0.5, sigma

    def moved(self, sigma, device):
        return sigma.to(device), sigma
"""


@pytest.mark.parametrize("annotation", ["Scheduler", "Scheduler | None", "Optional[Scheduler]",
                                        '"Scheduler"'])
def test_a_parameter_annotated_with_a_project_class_reads_its_attributes(annotation: str
                                                                         ) -> None:
    use = f"""\
import torch
from typing import Optional
from sched import Scheduler


def step(scheduler: {annotation}, sample: torch.Tensor):
    alpha, sigma = scheduler.alpha_sigma(scheduler.sigmas[scheduler.step_index])
    if sigma * torch.exp(alpha) > 0:
        sample = sample * 2
    moved, kept = scheduler.moved(scheduler.sigmas[0], sample.device)
    if moved > 0:
        sample = sample + 1
    return sample
"""
    found = project_findings(sched=SCHEDULER_ON_CPU, use=use)
    # The CPU sigmas and what `alpha_sigma` computes from them stay on the CPU; what
    # `moved` returns may be on the device (it moves its argument), so it is not known.
    assert [(d.code, d.location.row) for d in found] == []
    unannotated = use.replace(f"scheduler: {annotation}", "scheduler")
    assert [(d.code, d.location.row) for d in project_findings(
        sched=SCHEDULER_ON_CPU, use=unannotated)] == [("SYN102", 8)]


def test_a_function_that_moves_its_argument_does_not_return_it_on_the_cpu() -> None:
    helpers = """\
def to_device(x, device):
    return x.cuda() * 2


def scaled(x):
    return x * 2
"""
    use = """\
import torch
from helpers import scaled, to_device


def run(n: int, device):
    for i in range(n):
        if to_device(torch.arange(n), device)[i] > 0:
            pass
        if scaled(torch.arange(n))[i] > 0:
            pass
"""
    found = project_findings(helpers=helpers, use=use)
    assert [(d.filename, d.code, d.location.row) for d in found] == [("use.py", "SYN102", 7)]


def test_a_helper_whose_tensor_op_proves_its_argument_syncs_at_the_call() -> None:
    helpers = """\
import torch


def any_left(mask, scores: torch.Tensor, early_stop: bool):
    if early_stop:
        mask = mask & (scores > 0)
    return bool(mask.any())


def any_rebuilt(mask, scores: torch.Tensor, early_stop: bool, make):
    if early_stop:
        mask = mask & (scores > 0)
    else:
        mask = make(mask)
    return bool(mask.any())
"""
    use = """\
import torch
from helpers import any_left, any_rebuilt


def run(scores: torch.Tensor, mask, steps: int, flag: bool):
    for i in range(steps):
        if any_left(mask, scores, flag):
            scores = scores * 2
        if any_rebuilt(mask, scores, flag, torch.clone):
            scores = scores + 1
"""
    found = project_findings(helpers=helpers, use=use)
    assert [(d.filename, d.code, d.location.row) for d in found] == [("use.py", "SYN101", 7)]


def test_an_annotated_self_still_resolves_through_the_enclosing_class() -> None:
    # transformers annotates `self: "GenerativePreTrainedModel"` (a protocol of the
    # project); `self.method()` must still reach the class's own method.
    source = """\
import torch


class GenerativePreTrainedModel:
    pass


class Mixin:
    def _unfinished(self, done: torch.Tensor) -> torch.Tensor:
        return ~done.all()

    def search(self: "GenerativePreTrainedModel", done: torch.Tensor, steps: int):
        for i in range(steps):
            if not self._unfinished(done):
                break
"""
    found = project_findings(model=source)
    assert [(d.code, d.location.row) for d in found] == [("SYN102", 14)]
