"""The model's gate (`model/candidates.py`): which rules have a candidate site in a file
before LibCST parses it. Each rule's site is tested on code where the rule fires and on a
look-alike with no candidate (so that file is never LibCST-parsed); soundness over every
repository file and rule example is `tests/speed/test_prefilter.py`'s."""

from __future__ import annotations

from pathlib import Path

import libcst
import pytest

import synclint.engine as engine
from synclint.engine import lint_source, single_file_view
from synclint.model.candidates import DECIDED, candidate_codes
from synclint.model.facts import file_facts
from synclint.rules import ALL_RULES

LOOP = "import torch\n\ndef f(ts: list[torch.Tensor], n: int):\n    for t in ts:\n"


def in_loop(code: str) -> str:
    return LOOP + "".join(f"        {line}\n" for line in code.strip("\n").split("\n"))


def candidates(source: str) -> frozenset[str]:
    view = single_file_view(source, "x.py")
    assert view is not None
    facts = file_facts(source, "x.py", view)
    assert facts is not None
    return candidate_codes(source, facts.tree, facts, view, DECIDED)


def fired(source: str) -> set[str]:
    return {d.code for d in lint_source(source, "x.py", ALL_RULES).diagnostics}


#: (code, a site of it, a look-alike that holds none of the rule's sites)
PAIRS = [
    ("SYN101", in_loop("v = t.item()"), in_loop("v = t.numel()")),
    ("SYN101", in_loop("h = t.to('cpu')"), in_loop("h = t.to('cuda')")),
    ("SYN101", in_loop("h = t.to(torch.device('cpu'))"),
     in_loop("h = t.to(torch.device('cuda'))")),
    ("SYN101", in_loop("ok = torch.equal(t, t)"), in_loop("ok = n == n")),
    ("SYN101", in_loop("v = float(t)"), in_loop("v = float(n)")),
    ("SYN101", in_loop("v = [0] * (t // n)"), in_loop("v = [0] * (len(t) // n)")),
    ("SYN102", in_loop("if t.any():\n    pass"), in_loop("if t.numel():\n    pass")),
    ("SYN102", "import torch\ndef f(t: torch.Tensor):\n    assert t.all()\n",
     "import torch\ndef f(t: torch.Tensor):\n    assert t.dim() == 2\n"),
    ("SYN104", in_loop("i = t.nonzero()"), in_loop("i = t.argmax()")),
    ("SYN104", in_loop("s = t[t > 0]"), in_loop("s = t[0]")),
    ("SYN105", in_loop("d = torch.tensor([n], device='cuda')"), in_loop("d = torch.ones(3)")),
    ("SYN106", "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
     "    def training_step(self, batch, i):\n        loss = self.net(batch).mean()\n"
     "        self.log('loss', loss.item())\n        return loss\n",
     "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
     "    def training_step(self, batch, i):\n        loss = self.net(batch).mean()\n"
     "        self.log('loss', loss)\n        return loss\n"),
    ("SYN108", "import torch\ndef f(ts: list[torch.Tensor]):\n    return max(ts)\n",
     "import torch\ndef f(ns: list[int]):\n    return max(ns)\n"),
    ("SYN109", "import torch\ndef f(t: torch.Tensor, i: torch.Tensor):\n    return t[:i]\n",
     "import torch\ndef f(t: torch.Tensor, i: int):\n    return t[:i]\n"),
    ("SYN110", "import torch\ndef f(k: torch.Tensor):\n    return torch.zeros(k)\n",
     "import torch\ndef f(k: torch.Tensor):\n    return torch.zeros_like(k)\n"),
    ("SYN111", "import torch\ndef f(t: torch.Tensor):\n    return t.nonzero().tolist()\n",
     "import torch\ndef f(t: torch.Tensor):\n    return t.argmax().tolist()\n"),
    ("SYN112", "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
     "    x = a.item()\n    y = b.item()\n    return x, y\n",
     "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n    x = a.item()\n"
     "    return x\n"),
    ("SYN201", "import torch\ndef f(gs: list[torch.Tensor]):\n"
     "    return torch.cat([g.view(-1) for g in gs]).norm()\n",
     "import torch\ndef f(gs: list[torch.Tensor]):\n    return torch.cat(gs, dim=1).norm()\n"),
    ("SYN202", "import torch\ndef f(per_device_norms: list[torch.Tensor]):\n"
     "    return torch.stack([n.cuda() for n in per_device_norms])\n",
     "import torch\ndef f(per_device_norms: list[torch.Tensor]):\n"
     "    return torch.stack(per_device_norms).cuda()\n"),
    ("SYN301", "import torch\ndef f(g: torch.Tensor):\n    return (g * g).sum().sqrt()\n",
     "import torch\ndef f(g: torch.Tensor, h: torch.Tensor):\n    return (g * h).sum()\n"),
]


@pytest.mark.parametrize(("code", "site", "alike"), PAIRS,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(PAIRS)])
def test_a_site_is_a_candidate_and_its_look_alike_is_not(code: str, site: str,
                                                          alike: str) -> None:
    assert code in candidates(site)
    assert code in fired(site)  # the site is one the rule reports
    assert code not in candidates(alike)
    assert code not in fired(alike)


def test_a_syncing_helper_called_per_step_is_a_candidate_only_with_a_device_argument() -> None:
    helper = "import torch\n\ndef read(x):\n    return x.item()\n\n"
    called = helper + in_loop("v = read(t)")[len("import torch\n\n"):]
    assert "SYN101" in candidates(called) and "SYN101" in fired(called)
    host = helper + "def g(ns: list[int]):\n    for k in ns:\n        v = read(k)\n"
    assert "SYN101" not in candidates(host) and "SYN101" not in fired(host)


def test_a_silent_file_is_never_parsed_by_libcst(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    real = libcst.parse_module

    def spy(source: str, *args: object, **kwargs: object) -> libcst.Module:
        parsed.append(source)
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.cst, "parse_module", spy)
    silent = "import torch\n\ndef f(t: torch.Tensor):\n    return t.view(-1).sum() * 2\n"
    assert lint_source(silent, "x.py", ALL_RULES).diagnostics == []
    assert parsed == []
    firing = in_loop("v = t.item()")
    assert fired(firing) == {"SYN101"}
    assert parsed == [firing]


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The codes of the rules that walk each LibCST-parsed file."""
    codes: list[str] = []
    real = engine.lint_module

    def spy(module, source, filename, rule_classes, *rest):  # type: ignore[no-untyped-def]
        codes.extend(r.code for r in rule_classes)
        return real(module, source, filename, rule_classes, *rest)

    monkeypatch.setattr(engine, "lint_module", spy)
    return codes


def test_only_the_rules_with_a_candidate_walk_the_file(walked: list[str]) -> None:
    fired(in_loop("v = t.item()"))
    assert set(walked) & DECIDED == {"SYN101", "SYN107"}


def test_the_gate_can_be_turned_off(walked: list[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engine.NO_GATE, "1")
    fired(in_loop("v = t.item()"))
    assert {"SYN101", "SYN102", "SYN110"} <= set(walked)


def test_every_rule_of_the_catalogue_is_decided_or_always_runs() -> None:
    # A rule the gate has no predicate for runs on every file (never silently dropped).
    runtime = {code for code, rule in ALL_RULES.items() if rule.runtime_only}
    assert DECIDED <= set(ALL_RULES)
    undecided = set(ALL_RULES) - DECIDED - runtime
    # Syntax and read errors, and unused suppressions (judged from the other findings).
    assert undecided == {"SYN000", "SYN001", "SYN100"}


def test_the_compiled_regions_of_a_view_make_syn401_a_candidate(tmp_path: Path) -> None:
    source = ("import torch\n\n@torch.compile\ndef f(x):\n    print(x)\n    return x\n")
    assert "SYN401" in candidates(source) and "SYN401" in fired(source)
    plain = "import torch\n\ndef f(x):\n    print(x)\n    return x\n"
    assert "SYN401" not in candidates(plain) and "SYN401" not in fired(plain)


def test_the_cold_silent_codes_are_the_rules_of_the_cold_silent_groups() -> None:
    from synclint.model.candidates import COLD_SILENT
    from synclint.rules.base import COLD_SILENT_GROUPS

    assert COLD_SILENT == {code for code, rule in ALL_RULES.items() if code in DECIDED
                           and rule.group in COLD_SILENT_GROUPS and not rule.runtime_only}


#: (code, a site the rule reports, a look-alike the gate must now leave unparsed)
NARROWED = [
    # SYN112 merges reads of one statement list, of tensors that may live on a GPU.
    ("SYN112", "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
     "    x = a.item()\n    y = float(b)\n    return x, y\n",
     "import torch\ndef f(a: torch.Tensor):\n    return a.item()\n\n"
     "def g(b: torch.Tensor):\n    return b.item()\n"),
    ("SYN112", "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
     "    return a.item(), b.item()\n",
     "import torch\ndef f(a: torch.Tensor, n, m):\n    return n.item(), m.item()\n"),
    # SYN105's constructors copy to a GPU only with a device that is not the CPU.
    ("SYN105", in_loop("d = torch.as_tensor([n], device=t.device)"),
     in_loop("d = torch.tensor([n], device='cpu')\ne = torch.tensor([n])")),
    # SYN202 moves the innermost loop's own element.
    ("SYN202", "import torch\ndef f(per_device_norms: list[torch.Tensor]):\n"
     "    return torch.stack([n.cuda() for n in per_device_norms])\n",
     "import torch\ndef f(per_device_norms: list[torch.Tensor], m: torch.Tensor):\n"
     "    return torch.stack([m.cuda() for n in per_device_norms])\n"),
    # SYN301 squares inside a sum (or accumulated in a loop), not a square alone.
    ("SYN301", "import torch\ndef f(g: torch.Tensor):\n    return torch.sum(g ** 2)\n",
     "import torch\ndef f(g: torch.Tensor):\n    return (g ** 2).mean(), g.pow(2), g * g\n"),
    ("SYN301", "import torch\ndef f(gs: list[torch.Tensor]):\n"
     "    return sum(g.norm() ** 2 for g in gs)\n",
     "import torch\ndef f(gs: list[torch.Tensor]):\n    return [g.norm() ** 2 for g in gs]\n"),
]


@pytest.mark.parametrize(("code", "site", "alike"), NARROWED,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(NARROWED)])
def test_a_narrowed_site_is_still_a_candidate_and_its_look_alike_is_not(
        code: str, site: str, alike: str) -> None:
    assert code in candidates(site) and code in fired(site)
    assert code not in candidates(alike) and code not in fired(alike)


COLD = ("import torch\n\nclass Opt:\n    def {name}(self, ts: list[torch.Tensor]):\n"
        "        for t in ts:\n            v = t.item()\n")


def test_code_cold_by_its_role_is_no_candidate_of_the_rules_silent_there() -> None:
    # `__setstate__` runs once per object: `Rule.report` drops SYN101 there.
    cold = COLD.format(name="__setstate__")
    assert not candidates(cold) & {"SYN101", "SYN107"} and not fired(cold)
    hot = COLD.format(name="update")
    assert "SYN101" in candidates(hot) and "SYN101" in fired(hot)
    # A nested function is as cold as the code around it.
    nested = ("import torch\n\ndef save_all(ts: list[torch.Tensor]):\n    def each():\n"
              "        for t in ts:\n            v = t.item()\n    each()\n")
    assert "SYN101" not in candidates(nested) and "SYN101" not in fired(nested)
    # Rules outside the cold-silent groups still fire there (SYN103: an explicit wait).
    waits = ("import torch\n\ndef save_all():\n    torch.cuda.synchronize()\n")
    assert "SYN103" in candidates(waits) and "SYN103" in fired(waits)


def test_only_a_device_wide_wait_or_a_wait_in_a_loop_is_a_syn103_candidate() -> None:
    wide = "import torch\n\ndef f():\n    torch.cuda.synchronize()\n"
    assert "SYN103" in candidates(wide) and "SYN103" in fired(wide)
    looped = ("import torch\n\ndef f(xs):\n    s = torch.cuda.Stream()\n    for x in xs:\n"
              "        s.synchronize()\n")
    assert "SYN103" in candidates(looped) and "SYN103" in fired(looped)
    once = ("import torch\n\ndef f(backend):\n    e = torch.cuda.Event()\n    e.synchronize()\n"
            "    backend.device_ops.synchronize()\n")
    assert "SYN103" not in candidates(once) and "SYN103" not in fired(once)


def test_numpy_joins_are_no_syn201_candidates() -> None:
    numpy = ("import numpy as np\nimport torch\n\ndef f(gs: list[torch.Tensor]):\n"
             "    return np.stack([g.view(-1) for g in gs]).sum()\n")
    assert "SYN201" not in candidates(numpy) and "SYN201" not in fired(numpy)
    torch_join = numpy.replace("np.stack", "torch.stack")
    assert "SYN201" in candidates(torch_join) and "SYN201" in fired(torch_join)


def test_only_the_one_argument_where_is_a_syn104_candidate() -> None:
    one = in_loop("i = torch.where(t > 0)")
    assert "SYN104" in candidates(one) and "SYN104" in fired(one)
    three = in_loop("u = torch.where(t > 0, t, 0)")
    assert "SYN104" not in candidates(three) and "SYN104" not in fired(three)


#: (code, a site the rule reports, a look-alike with no candidate of it): sites reached
#: under an operator, squares written as calls, and the size arguments SYN110 reads.
MORE_SITES = [
    # A read under a unary operator is still a read (the walk goes into its operand).
    ("SYN101", in_loop("v = -t.item()"), in_loop("v = -t.numel()")),
    # `torch.pow(g, 2)` squares its first argument; `g.dot(g)` is a square of `g`.
    ("SYN301", "import torch\ndef f(g: torch.Tensor):\n    return torch.sum(torch.pow(g, 2))\n",
     "import torch\ndef f(g: torch.Tensor):\n    return torch.sum(torch.pow(g, 3))\n"),
    ("SYN301", "import torch\ndef f(g: torch.Tensor):\n    return g.dot(g)\n",
     "import torch\ndef f(g: torch.Tensor, h: torch.Tensor):\n    return g.dot(h)\n"),
    # Only the size of `full`/`new_full` is read on the host, not the fill value.
    ("SYN110", "import torch\ndef f(k: torch.Tensor):\n    return torch.full(k, 1.0)\n",
     "import torch\ndef f(k: torch.Tensor):\n    return torch.full((3,), k)\n"),
    ("SYN110", "import torch\ndef f(k: torch.Tensor, x: torch.Tensor):\n"
     "    return x.new_full(k, 1.0)\n",
     "import torch\ndef f(k: torch.Tensor, x: torch.Tensor):\n    return x.new_full((3,), k)\n"),
]


@pytest.mark.parametrize(("code", "site", "alike"), MORE_SITES,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(MORE_SITES)])
def test_operator_operands_call_squares_and_size_arguments_are_sites(
        code: str, site: str, alike: str) -> None:
    assert code in candidates(site) and code in fired(site)
    assert code not in candidates(alike) and code not in fired(alike)


def test_a_syncing_helper_given_a_device_tensor_by_keyword_is_a_candidate() -> None:
    helper = "import torch\n\ndef read(x):\n    return x.item()\n\n"
    called = helper + in_loop("v = read(x=t)")[len("import torch\n\n"):]
    assert "SYN101" in candidates(called) and "SYN101" in fired(called)
    host = helper + "def g(ns: list[int]):\n    for k in ns:\n        v = read(x=k)\n"
    assert "SYN101" not in candidates(host) and "SYN101" not in fired(host)


def test_module_level_code_runs_once_so_its_reads_are_no_per_step_candidates() -> None:
    code = "x = torch.ones(3).cuda()\nv = x.item()\ni = x.nonzero()\n"
    once = "import torch\n" + code
    assert not {"SYN101", "SYN104", "SYN107"} & candidates(once)
    assert not {"SYN101", "SYN104", "SYN107"} & fired(once)
    # The same reads in a loop at module level are per-step sites.
    looped = "import torch\nfor _ in range(3):\n" + "".join(f"    {line}\n"
                                                           for line in code.splitlines())
    assert {"SYN101", "SYN104"} <= candidates(looped)
    assert {"SYN101", "SYN104"} <= fired(looped)


# -- tests the gate answers without evaluating (`candidates._host`) ----
def test_builtin_predicates_and_not_are_decided_without_evaluating(monkeypatch) -> None:
    """A function whose only tests are builtin predicates and `not` of them is never
    evaluated by the gate; the operand of a `not` is still tested where the walk
    reaches it."""
    import synclint.model.facts as facts_module

    source = in_loop("if isinstance(n, int) and not callable(n):\n    pass\n"
                     "if hasattr(t, 'grad') or not isinstance(t, int):\n    pass")
    view = single_file_view(source, "x.py")
    assert view is not None
    facts = file_facts(source, "x.py", view)
    assert facts is not None
    evaluated: list[str] = []
    original = facts_module.Evaluation.run

    def counting(self):  # type: ignore[no-untyped-def]
        evaluated.append(self.function.key)
        return original(self)

    monkeypatch.setattr(facts_module.Evaluation, "run", counting)
    assert "SYN102" not in candidate_codes(source, facts.tree, facts, view, DECIDED)
    assert evaluated == []
    # `not t` of a tensor: its operand is a candidate (and the rule fires).
    tested = in_loop("if isinstance(n, int) and not t:\n    pass")
    assert "SYN102" in candidates(tested)
    assert "SYN102" in fired(tested)
    assert evaluated


def test_a_predicate_name_the_file_defines_is_evaluated() -> None:
    """Look-alike: `isinstance` defined in the file is not the builtin; what it returns
    is a GPU tensor, so the test is a candidate and the rule fires."""
    source = ("import torch\n\ndef isinstance(a, b):\n"
              "    return torch.ones(1, device='cuda').bool()\n\n"
              "def f(ts: list[torch.Tensor], n: int):\n    for t in ts:\n"
              "        if isinstance(t, n):\n            pass\n")
    assert "SYN102" in candidates(source)
    assert "SYN102" in fired(source)
