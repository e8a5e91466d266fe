"""Per-step code the model knows before any evaluation (model/hooks.py): callables
registered as torch hooks or ignite handlers, and methods by their class's library role.
Each registration is tested with a look-alike whose callable must not become per-step."""

from __future__ import annotations

import pytest

from synclint.model.project import build_project
from synclint.model.summaries import Hot
from tests.model.probe import findings, line_of


def hot_of(source: str, **others: str) -> dict[str, Hot]:
    """The per-step functions of a project (module `m`, and `others` by module name),
    by their project key."""
    sources = {"m.py": source, **{f"{name}.py": text for name, text in others.items()}}
    project = build_project(sources, {name: name[:-3] for name in sources})
    return {key: summary.hot for key, summary in project.summaries.items()
            if summary.hot is not None}


TORCH_HOOKS = '''import functools
from functools import partial


def scaled(g, scale):
    return g * scale


def bare(g):
    return g


def wrapped(g):
    return g


def comm(state, bucket):
    return bucket


def short(state, bucket):
    return bucket


def attach(p, ddp):
    p.register_hook(functools.partial(scaled, scale=2))
    p.register_post_accumulate_grad_hook(partial(bare))
    p.register_hook(wrap(wrapped))
    ddp.register_comm_hook(None, comm)
    ddp.register_comm_hook(short)
    p.register_hook()
'''


def test_torch_hooks_and_their_look_alikes() -> None:
    found = hot_of(TORCH_HOOKS)
    # Through functools.partial, spelled either way.
    assert found["m:scaled"].reason == "`scaled` is a hook: runs on every backward"
    assert found["m:bare"].reason == "`bare` is a hook: runs on every backward"
    # register_comm_hook takes the hook second: the first argument is state.
    assert found["m:comm"].reason == "`comm` is a hook: runs on every backward"
    # Wrapped in an unknown call: the hook is what `wrap` returns, not `wrapped`; one
    # argument where the hook is the second; the registering function itself.
    for silent in ("m:wrapped", "m:short", "m:attach"):
        assert silent not in found, silent


def test_a_hook_is_reported_where_it_is_registered() -> None:
    site = hot_of(TORCH_HOOKS)["m:comm"].site
    assert (site.filename, site.line, site.column) == (
        "m.py", line_of(TORCH_HOOKS, "(None, comm)"), 5)
    assert site.message == "registered with `register_comm_hook` here"


METHOD_HOOKS = '''class Watch:
    def __init__(self, model):
        model.register_forward_hook(self.record)
        model.register_forward_hook(self.inner.deep)

    def record(self, module, args, output):
        pass

    def deep(self, module, args, output):
        pass

    def unused(self, module, args, output):
        pass


class Sub(Watch):
    def __init__(self, model):
        model.register_forward_pre_hook(self.before)
        model.register_forward_pre_hook(self.missing)

    def before(self, module, args):
        pass


def record(module, args, output):
    pass


def outer(p):
    def record(g):
        return g

    p.register_hook(record)
'''


def test_method_and_nested_hooks() -> None:
    found = hot_of(METHOD_HOOKS)
    assert found["m:Watch.record"].reason == "`Watch.record` is a hook: runs on every forward"
    assert found["m:Sub.before"].reason == "`Sub.before` is a hook: runs on every forward"
    # The nested `record` is the one registered, not the module's function of that name.
    assert found["m:outer.record"].reason == "`record` is a hook: runs on every backward"
    # `self.inner.deep` is a method of another object; `unused` is never registered.
    assert sorted(found) == ["m:Sub.before", "m:Watch.record", "m:outer.record"]


def test_a_method_registered_by_a_subclass_is_found_on_its_base() -> None:
    source = ("class Base:\n    def hook(self, module, args):\n        pass\n\n\n"
              "class Child(Base):\n    def setup(self, model):\n"
              "        model.register_forward_pre_hook(self.hook)\n")
    assert sorted(hot_of(source)) == ["m:Base.hook"]


def test_a_hook_imported_from_another_module() -> None:
    found = hot_of("from helpers import log_grad, other\n\n\n"
                   "def attach(p):\n    p.register_hook(log_grad)\n",
                   helpers="def log_grad(g):\n    return g\n\n\ndef other(g):\n    return g\n")
    assert sorted(found) == ["helpers:log_grad"]
    assert found["helpers:log_grad"].site.filename == "m.py"


def test_the_innermost_registering_function_resolves_the_name() -> None:
    source = ("def outer(p):\n    def hook(g):\n        return g\n\n"
              "    def attach():\n        def hook(g):\n            return g\n"
              "        p.register_hook(hook)\n\n    attach()\n")
    assert sorted(hot_of(source)) == ["m:outer.attach.hook"]


IGNITE = '''from ignite.engine import Engine, Events


def step(engine, batch):
    return batch


def log(engine):
    pass


def periodic(engine):
    pass


def per_epoch(engine):
    pass


def main():
    trainer = Engine(step)
    trainer.add_event_handler(Events.ITERATION_COMPLETED, log)
    trainer.add_event_handler(Events.ITERATION_COMPLETED(every=100), periodic)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, per_epoch)

    @trainer.on(Events.ITERATION_COMPLETED)
    def each(engine):
        pass

    @trainer.on(Events.EPOCH_COMPLETED)
    def each_epoch(engine):
        pass

    @trainer.on(Events.ITERATION_COMPLETED(every=10))
    def every_ten(engine):
        pass

    @trainer.on()
    def no_event(engine):
        pass

    @trainer.other(Events.ITERATION_COMPLETED)
    def other_decorator(engine):
        pass
'''


def test_ignite_handlers_that_run_every_iteration() -> None:
    found = hot_of(IGNITE)
    assert found["m:step"].reason == "`step` runs each Engine iteration"
    assert found["m:log"].reason == "`log` runs each Engine iteration"
    assert found["m:main.each"].reason == "`each` runs each Engine iteration"
    # Periodic (`every=`) or per-epoch events, a decorator without an event or another
    # decorator: not per step.
    assert sorted(found) == ["m:log", "m:main.each", "m:step"]


def test_an_ignite_decorator_is_reported_at_the_decorator() -> None:
    site = hot_of(IGNITE)["m:main.each"].site
    assert (site.line, site.column, site.message) == (
        line_of(IGNITE, "on(Events.ITERATION_COMPLETED)"), 6, "registered with `on` here")


def test_an_on_decorator_without_ignite_is_no_handler() -> None:
    source = IGNITE.replace("from ignite.engine import Engine, Events",
                            "from events import Engine, Events")
    assert "m:main.each" not in hot_of(source)


@pytest.mark.parametrize(("base", "method", "reason"), [
    ("torch.nn.Module", "forward", "`forward` runs on every call of the module"),
    ("torch.optim.Optimizer", "step", "`Optimizer.step` runs once per training step"),
    ("torch.nn.Module", "reset_parameters", None),
    ("object", "forward", None),
])
def test_a_method_is_per_step_by_its_library_base(base: str, method: str,
                                                  reason: str | None) -> None:
    source = f"import torch\n\n\nclass C({base}):\n    def {method}(self, x):\n        return x\n"
    found = hot_of(source).get(f"m:C.{method}")
    assert (found.reason if found is not None else None) == reason
    if found is not None:  # where the method is defined, for the finding's `related`
        assert (found.site.line, found.site.column, found.site.message) == (5, 5, reason)


def test_a_sync_in_a_registered_hook_is_reported() -> None:
    hook = "import torch\n\n\ndef log_grad(g):\n    print(g.norm().item())\n    return g\n\n\n"
    registered = hook + "def attach(model):\n    model.weight.register_hook(log_grad)\n"
    assert [d.code for d in findings(registered)] == ["SYN106"]
    # The same function, never registered (nor called): not per-step code.
    assert findings(hook + "def attach(model):\n    model.weight.requires_grad_()\n") == []


def test_a_hook_a_script_registers_at_module_level() -> None:
    """A script (or notebook) registers hooks in its own statements: the hook runs on
    every backward all the same."""
    hook = "import torch\n\n\ndef log_grad(g):\n    print(g.norm().item())\n    return g\n\n\n"
    script = hook + "model = torch.nn.Linear(2, 2)\nmodel.weight.register_hook(log_grad)\n"
    found = hot_of(script)
    assert sorted(found) == ["m:log_grad"]
    site = found["m:log_grad"].site
    assert (site.line, site.column) == (line_of(script, "register_hook"), 1)
    assert [d.code for d in findings(script)] == ["SYN106"]
    # Module-level code that only mentions the function registers nothing.
    unregistered = hook + "model = torch.nn.Linear(2, 2)\nHOOKS = [log_grad]\n"
    assert hot_of(unregistered) == {} and findings(unregistered) == []


def test_a_registration_on_a_statements_second_line() -> None:
    source = ("def hook(module, args, output):\n    pass\n\n\ndef attach(mods):\n"
              "    handles = [\n        m.register_forward_hook(hook) for m in mods]\n")
    found = hot_of(source)
    assert sorted(found) == ["m:hook"]
    assert found["m:hook"].site.line == line_of(source, "register_forward_hook")


TORCHRL_OPS = '''from torchrl.trainers import Trainer


class LogReward:
    def __call__(self, batch):
        return batch

    def register(self, trainer: Trainer):
        trainer.register_op("pre_steps_log", self)


class Saver:
    def __call__(self, batch):
        return batch

    def register(self, trainer: Trainer, stage: str):
        trainer.register_op("on_save", self)
        trainer.register_op(stage, self)


def normalize(batch):
    return batch


def plot(batch):
    return batch


def attach(trainer: Trainer):
    trainer.register_op("batch_process", normalize)
    trainer.register_op("checkpoint", plot)
'''


def test_torchrl_trainer_ops_of_a_per_batch_stage_run_per_step() -> None:
    """`register_op(stage, op)` of a per-batch stage makes `op` per-step code; a hook object
    registering itself makes its `__call__` per-step. An unknown stage, or one named by a
    variable, does not."""
    hot = hot_of(TORCHRL_OPS)
    assert set(hot) == {"m:LogReward.__call__", "m:normalize"}
    assert hot["m:normalize"].reason == "`normalize` runs on every collected batch"
    assert hot["m:LogReward.__call__"].site.line == line_of(TORCHRL_OPS, '"pre_steps_log"')
