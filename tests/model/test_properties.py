"""Properties in the model (`model/properties.py`): reading `obj.name`, where `name` is
a `@property` of the class of `obj` or of a base, runs the getter. The read gives what
the getter returns and syncs where the getter syncs, as a call of it would; a
`cached_property` gives its kind but not its syncs. Each fact with a look-alike: a
same-named attribute of another class, a setter, static and class methods, a subclass's
plain method, cold code."""

from __future__ import annotations

import ast
from pathlib import Path

from synclint.analysis.index_cache import build_project_for_paths
from synclint.analysis.kinds import HOST, HOST_TENSOR, MODULE, TENSOR, UNKNOWN, Instance
from synclint.model.candidates import DECIDED, candidate_codes
from synclint.model.facts import file_facts
from synclint.model.project import build_project
from synclint.model.properties import ACCESSOR, CACHED, PROPERTY, classify
from synclint.model.schedule import dependency_graph
from tests.model.probe import findings, line_of, probes
from tests.model.test_summary_syncs import summary_of

SCALES = '''
import torch
from torch import nn


class Learned(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("log_scale", torch.zeros(()))

    @property
    def scale(self) -> torch.Tensor:
        return self.log_scale.exp()

    def forward(self, x):
        seen(self.scale)
        return x


class Fixed(nn.Module):
    def __init__(self, scale: float = 1.0):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        seen(self.scale)
        return x
'''


def test_a_getter_returning_a_tensor_makes_the_read_a_tensor() -> None:
    # The same name in an unrelated class is a float attribute: no property there.
    assert probes(SCALES) == [TENSOR, HOST]


def test_a_tensor_from_a_getter_tested_in_forward_is_a_finding() -> None:
    learned, fixed = SCALES.split("class Fixed")
    source = learned.replace("seen(self.scale)", "if self.scale > 1:  # learned\n"
                             "            x = x / 2") + "class Fixed" + fixed.replace(
        "seen(self.scale)", "if self.scale > 1:  # fixed\n            x = x / 2")
    assert [(d.code, d.location.row) for d in findings(source)] == [
        ("SYN102", line_of(source, "# learned"))]


LR = '''
import torch


class Schedule:
    def __init__(self, device):
        self._lr = torch.zeros((), device=device)

    @property
    def lr(self) -> float:
        return self._lr.item()

    def current(self):
        return self.lr
'''


def test_a_getter_that_syncs_syncs_at_every_read_with_the_call_chain() -> None:
    (effect,) = summary_of(LR, "Schedule.current").syncs
    read, sync = effect.chain
    assert (read.line, read.message) == (line_of(LR, "return self.lr"), "reads `Schedule.lr`")
    assert sync.line == line_of(LR, ".item()")


def test_assigning_or_deleting_a_property_does_not_run_its_getter() -> None:
    source = LR.replace("    def current(self):", """    @lr.setter
    def lr(self, v):
        self._lr.fill_(v)

    def reset(self):
        self.lr = 0.1

    def drop(self):
        del self.lr

    def current(self):""")
    assert summary_of(source, "Schedule.reset").syncs == ()
    assert summary_of(source, "Schedule.drop").syncs == ()
    assert summary_of(source, "Schedule.current").syncs != ()  # the read beside them


def test_a_read_in_a_loop_is_reported_at_the_read_with_the_getter_in_related() -> None:
    source = LR + '''

def log_all(sched: Schedule, steps: int) -> list:
    out = []
    for _ in range(steps):
        out.append(sched.lr)
    return out
'''
    (finding,) = findings(source)
    assert (finding.code, finding.location.row) == ("SYN101", line_of(source, "append(sched.lr)"))
    assert "`Schedule.lr`" in finding.message and "()" not in finding.message
    assert [r.location.row for r in finding.related] == [line_of(source, ".item()")]


def test_a_cached_property_gives_its_kind_but_its_syncs_are_not_per_read() -> None:
    source = '''
import functools
import torch


class Stats:
    def __init__(self, labels):
        self.labels = labels.cuda()

    @functools.cached_property
    def weights(self) -> torch.Tensor:
        return torch.ones(3, device="cuda")

    @functools.cached_property
    def num_classes(self) -> int:
        return int(self.labels.max()) + 1

    def histogram(self, batches):
        out = []
        for batch in batches:
            out.append(self.num_classes)
        seen(self.weights)
        seen(self.num_classes)
        return out
'''
    assert probes(source) == [TENSOR, HOST]
    assert summary_of(source, "Stats.histogram").syncs == ()
    assert findings(source) == []


PROBE = '''
import functools
import torch


class Wrapper:
    def __init__(self, model: torch.nn.Module, device):
        self.model = model
        self.device = device

    @{decorator}
    def min_num_samples(self) -> int:
        lower, upper = 2, 8000
        while lower + 1 < upper:
            middle = (lower + upper) // 2
            if int(self.model(torch.rand(1, middle).to(self.device)).isfinite().all()):
                upper = middle
            else:
                lower = middle
        return upper
'''


def test_a_cached_property_getter_is_cold_code_loops_included() -> None:
    """fresh10 L4 (pyannote's `min_num_samples`): the getter of a `cached_property` runs
    once per object, so its own probe loop is not per step; a plain `@property`'s is."""
    assert findings(PROBE.format(decorator="functools.cached_property")) == []
    project = build_project({"m.py": PROBE.format(decorator="functools.cached_property")},
                            {"m.py": "m"})
    assert project.summaries["m:Wrapper.min_num_samples"].cold == (
        "`min_num_samples` is a cached property: its getter runs once per object")
    plain = findings(PROBE.format(decorator="property"))
    assert sorted(f.code for f in plain) == ["SYN101", "SYN105"]


def test_a_data_objects_cached_property_is_not_cold() -> None:
    """A cached property runs once per object: setup only where the object lives across
    steps (an `nn.Module`, a class holding one); torchdrug's graphs are built per batch."""
    data = PROBE.format(decorator="functools.cached_property").replace(
        "self.model = model", "self.sizes = torch.ones(3)")
    assert build_project({"m.py": data}, {"m.py": "m"}).summaries[
        "m:Wrapper.min_num_samples"].cold is None
    module = PROBE.format(decorator="functools.cached_property").replace(
        "class Wrapper:", "class Wrapper(torch.nn.Module):")
    assert build_project({"m.py": module}, {"m.py": "m"}).summaries[
        "m:Wrapper.min_num_samples"].cold is not None


def test_a_setter_is_indexed_apart_and_never_runs_at_a_read() -> None:
    source = '''
import torch


class Keeper:
    def __init__(self):
        self._scale = 1.0

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = float(value.max())
        self._history = History()

    def read(self):
        return self.scale


class History:
    pass
'''
    project = build_project({"m.py": source}, {"m.py": "m"})
    cls = project.classes["m:Keeper"]
    assert (cls.methods["scale"], cls.properties) == ("m:Keeper.scale", {"scale": PROPERTY})
    assert "m:Keeper.scale@setter" in project.functions  # its body is evaluated too
    assert cls.attribute_classes == {"_history": "m:History"}  # what the setter builds
    assert project.summaries["m:Keeper.read"].syncs == ()
    assert project.summaries["m:Keeper.read"].returns is HOST


def test_the_getter_body_is_evaluated_for_the_facts_beside_a_setter() -> None:
    source = '''
import torch


class Keeper:
    @property
    def total(self):
        t = torch.ones(3, device="cuda")
        seen(t)
        return t

    @total.setter
    def total(self, value):
        seen(value)
'''
    assert probes(source) == [TENSOR, UNKNOWN]


def test_static_and_class_methods_named_without_a_call_run_nothing() -> None:
    source = '''
import torch


class Logger:
    @staticmethod
    def to_scalar(t: torch.Tensor) -> float:
        return t.item()

    @classmethod
    def make(cls):
        return torch.ones(3, device="cuda").item()

    def register(self, hooks: list):
        for _ in range(3):
            hooks.append(self.to_scalar)
            hooks.append(self.make)
'''
    assert summary_of(source, "Logger.register").syncs == ()
    assert findings(source) == []


def test_a_subclass_method_hides_a_base_property_and_a_base_property_is_inherited() -> None:
    source = LR + '''

class Plain(Schedule):
    def lr(self):
        return 0.1

    def current(self):
        return self.lr


class Inherited(Schedule):
    def current(self):
        return self.lr
'''
    assert summary_of(source, "Plain.current").syncs == ()
    assert summary_of(source, "Inherited.current").syncs


def test_getters_give_modules_instances_and_device_kinds() -> None:
    source = '''
import torch
from torch import nn


class Stepper:
    def __call__(self, td):
        return torch.ones(3, device="cuda")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(3, 3)

    @property
    def backbone(self) -> nn.Module:
        return self.encoder

    @property
    def stepper(self):
        return Stepper()

    @property
    def device(self):
        return next(self.parameters()).device

    def forward(self, x):
        seen(self.backbone)
        seen(self.backbone(x))
        seen(self.stepper)
        seen(self.stepper(x))
        seen(self.device)
        seen(torch.zeros(3, device=self.device))
        return x
'''
    assert probes(source) == [MODULE, TENSOR, Instance("m:Stepper"), TENSOR, HOST, TENSOR]


def test_a_getter_of_a_cpu_tensor_makes_its_item_no_sync() -> None:
    """Before properties, `self.bins` was unknown and its `.item()` a likely sync."""
    source = '''
import torch


class Bins:
    def __init__(self):
        self._edges = torch.linspace(0, 1, 10)

    @property
    def bins(self):
        return self._edges

    def widths(self, n: int):
        out = []
        for i in range(n):
            seen(self.bins)
            out.append(self.bins[i].item())
        return out
'''
    assert probes(source) == [HOST_TENSOR]
    assert findings(source) == []


COUNTER = '''
import torch


class RaggedBatch:
    def __init__(self):
        self._current_tokens = 0
        self._input_ids = torch.zeros(1024, dtype=torch.int64, device="cuda")

    def insert(self, tokens: torch.Tensor):
        self._current_tokens += tokens.numel()

    @property
    def tensor_toks(self) -> torch.Tensor:
        return RETURNED

    def input_ids(self):
        seen(self.tensor_toks)
        return self._input_ids[:self.tensor_toks]
'''


def test_a_getter_annotated_tensor_that_returns_an_int_gives_an_int() -> None:
    """deepspeed's `RaggedBatchWrapper.tensor_toks` (fresh15 F4): the body returns a
    counter only ever assigned ints (or a helper's int of it), so the slice bound is a
    Python int. Look-alikes keep the annotation: a literal (a base's stub), a computed
    tensor, a plain method."""
    for returned in ("self._current_tokens", "pad(self._current_tokens)"):
        source = COUNTER.replace("RETURNED", returned) + (
            "\n\ndef pad(n: int) -> int:\n    return (n + 7) // 8 * 8\n")
        assert probes(source) == [HOST], returned
        assert findings(source) == [], returned
    source = COUNTER.replace("RETURNED", "self._current_tokens")
    for returned in ("0", "self._current_tokens + 0 * self._input_ids.sum()"):
        assert probes(COUNTER.replace("RETURNED", returned)) == [TENSOR], returned
    plain = source.replace("    @property\n", "").replace("self.tensor_toks", "self.tensor_toks()")
    assert probes(plain) == [TENSOR]


def test_cold_reads_are_silent() -> None:
    source = LR + '''

    def __init__(self, device):
        self._lr = torch.zeros((), device=device)
        for _ in range(3):
            print(self.lr)
'''
    assert [d for d in findings(source) if d.code == "SYN101"] == []


def test_classify_reads_the_decorators() -> None:
    def of(decorators: str) -> str | None:
        node = ast.parse(f"{decorators}\ndef lr(self): pass").body[0]
        assert isinstance(node, ast.FunctionDef)
        return classify(node)
    assert of("@property") == PROPERTY
    assert of("@functools.cached_property") == CACHED
    assert of("@property\n@functools.lru_cache(maxsize=1)") == CACHED
    assert of("@property\n@_cache_value") == CACHED
    assert of("@property\n@abstractmethod") == PROPERTY
    assert of("@lr.setter") == ACCESSOR
    assert of("@lr.deleter") == ACCESSOR
    assert of("@lr.getter") == PROPERTY  # the property's getter given again
    assert of("@other.getter") is None
    assert of("@other.setter") is None  # a setter of another property: not this name's
    assert of("@staticmethod") is None
    assert of("@classmethod") is None
    assert of("@torch.no_grad()") is None


def test_the_schedule_foresees_a_read_of_a_base_property_in_another_module() -> None:
    sources = {"base.py": LR, "child.py": (
        "from base import Schedule\n\n\nclass Child(Schedule):\n"
        "    def peek(self):\n        return self.lr\n\n\n"
        "class Trainer:\n    def __init__(self, device):\n"
        "        self.sched = Schedule(device)\n\n"
        "    def peek(self):\n        return self.sched.lr\n")}
    project = build_project(sources, {"base.py": "base", "child.py": "child"})
    graph = dependency_graph(project)
    assert "base:Schedule.lr" in graph["child:Child.peek"]
    assert "base:Schedule.lr" in graph["child:Trainer.peek"]  # through `self.sched`
    assert project.unforeseen == 0
    assert project.summaries["child:Child.peek"].syncs
    assert project.summaries["child:Trainer.peek"].syncs


def test_the_gate_keeps_a_file_whose_only_site_is_a_property_read() -> None:
    loop = LR + '''

def log_all(sched: Schedule, steps: int) -> list:
    out = []
    for _ in range(steps):
        out.append(sched.{name})
    return out
'''
    def gated(source: str) -> frozenset[str]:
        project = build_project({"x.py": source}, {"x.py": "x"})
        view = project.view("x.py")
        assert view is not None
        facts = file_facts(source, "x.py", view)
        assert facts is not None
        return candidate_codes(source, facts.tree, facts, view, DECIDED)
    assert "SYN101" in gated(loop.format(name="lr"))
    # The same loop reading a plain attribute of the class has no candidate.
    assert "SYN101" not in gated(loop.format(name="_lr"))


def test_a_warm_run_keeps_the_properties_and_follows_a_changed_getter(tmp_path: Path) -> None:
    root = tmp_path / "src"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    base = root / "pkg" / "base.py"
    base.write_text(LR)
    child = root / "pkg" / "child.py"
    child.write_text("from .base import Schedule\n\n\ndef peek(s: Schedule):\n"
                     "    return s.lr\n")
    paths = sorted(str(p) for p in root.rglob("*.py"))
    cache = tmp_path / "cache"

    def peek(cached: bool) -> tuple[object, ...]:
        project = build_project_for_paths(paths, lambda p: p, cache if cached else None)
        return (project.summaries["pkg.child:peek"].syncs,
                project.classes["pkg.base:Schedule"].properties,
                project.view(str(child)))
    cold = peek(True)
    assert cold[0] and cold[1] == {"lr": PROPERTY}
    assert peek(True) == cold == peek(False)
    base.write_text(LR.replace("return self._lr.item()", "return self._lr"))
    warm = peek(True)
    assert warm == peek(False) and warm[0] == ()
    base.write_text(LR.replace("    @property\n", ""))  # a method now
    warm = peek(True)
    assert warm == peek(False) and warm[1] == {}


HASH = '''
import torch
from torch import nn


class Projection(nn.Module):
    def __init__(self, n: int = 16):
        super().__init__()
        self.register_buffer("_n", torch.as_tensor(n))
        self._init = False

    @property
    def n(self):
        return self._n.item()

    def fit(self, x):
        self.weight = torch.randn(x.shape[-1], self.n, device=x.device)
        self.{flag} = True

    def forward(self, x):
        if not self._init:
            self.fit(x)
        return x @ self.weight
'''


def test_a_property_read_under_a_lazy_initialisation_runs_once() -> None:
    """torchrl's RandomProjectionHash: `fit` reads a syncing property and sets the flag
    `forward` tests, so it runs on the first call only; where it sets another flag, the
    guard is a setting and `fit` syncs on every call."""
    assert findings(HASH.format(flag="_init")) == []
    source = HASH.format(flag="ready")
    assert [(d.code, d.location.row) for d in findings(source)] == [
        ("SYN101", line_of(source, "self.fit(x)"))]
