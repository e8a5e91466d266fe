"""A dict item stored under a key and read back under the same key in the same block
keeps the stored kind (issue 22, fourth draw #97: `diff[name] = a.cpu() - b.cpu()` then
`torch.isnan(diff[name])`); anything that may change the item in between forgets it."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import case_ids, probe

HEAD = ("import torch\n\n\n"
        "def f(new: dict[str, torch.Tensor], old: dict[str, torch.Tensor], other: dict):\n"
        "    diff = {}\n"
        "    for name in old:\n"
        "        diff[name] = new[name].cpu()\n")


def test_an_item_stored_on_the_cpu_is_read_back_on_the_cpu() -> None:
    assert probe(HEAD + "        seen(diff[name])\n") is HOST_TENSOR


def test_a_nested_block_sees_the_item_stored_before_it() -> None:
    assert probe(HEAD + "        if name:\n            seen(diff[name])\n") is HOST_TENSOR


def test_a_device_value_stored_is_read_back_on_the_device() -> None:
    source = HEAD.replace("new[name].cpu()", "new[name] - old[name]")
    assert probe(source + "        seen(diff[name])\n") is TENSOR


BETWEEN = [
    "diff.update(other)",                 # a method of the container
    "consume(diff)",                      # handed to a call
    "name = 'bias'",                      # the key rebound
    "diff = other",                       # the container rebound
    "diff[name] = other[name]",           # stored again, of unknown kind
    "if name:\n            diff[name] = new[name]",  # stored again on one path
]


@pytest.mark.parametrize("between", BETWEEN, ids=case_ids(BETWEEN))
def test_what_may_change_the_item_forgets_it(between: str) -> None:
    assert probe(HEAD + f"        {between}\n        seen(diff[name])\n") is not HOST_TENSOR


def test_an_item_stored_on_one_branch_is_not_known_after_it() -> None:
    source = HEAD.replace("        diff[name] = new[name].cpu()\n",
                          "        if name:\n            diff[name] = new[name].cpu()\n")
    assert probe(source + "        seen(diff[name])\n") is not HOST_TENSOR


def test_an_item_kept_by_an_augmented_assignment() -> None:
    """`diff[name] += 1` works in place: the item keeps its kind; a call in the value may
    change the container."""
    assert probe(HEAD + "        diff[name] += 1\n        seen(diff[name])\n") is HOST_TENSOR
    assert probe(HEAD + "        diff[name] += consume(diff)\n        seen(diff[name])\n") \
        is not HOST_TENSOR


LAZY = ("import torch\n\n\n"
        "def step(states: dict, params: list):\n"
        "    for p in params:\n"
        "        state = states[p]\n"
        "        if TEST:\n"
        "            state['step'] = torch.zeros(())\n"
        "        state['step'] += 1\n"
        "        seen(state['step'])\n")
LAZY_TESTS = ["not state", "len(state) == 0", "'step' not in state"]


@pytest.mark.parametrize("test", LAZY_TESTS)
def test_an_item_a_lazy_initialisation_stores_holds_it_after(test: str) -> None:
    """fresh16 F2: an optimiser's `state["step"]`, made on the CPU the first time the
    state is empty, is a CPU tensor on every step after, whether the body ran now or on
    an earlier call."""
    assert probe(LAZY.replace("TEST", test)) is HOST_TENSOR


@pytest.mark.parametrize("change", [
    ("torch.zeros(())", "torch.zeros((), device=p.device)"),   # made on the device
    ("if TEST:", "if p.requires_grad:"),                       # not a test of emptiness
    ("        state['step'] += 1\n",                           # stored elsewhere too
     "        state['step'] = p.new_zeros(())\n"),
    ("        seen(state['step'])\n",                          # ... after the read: on the
     "        seen(state['step'])\n        state['step'] = p.new_zeros(())\n"),  # next call
])
def test_look_alikes_of_a_lazy_initialisation(change: tuple[str, str]) -> None:
    source = LAZY.replace(*change).replace("TEST", "not state")
    assert probe(source) is not HOST_TENSOR
