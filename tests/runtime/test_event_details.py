"""What a sync event says (its op, its user frames) and how whole-program mode reads tensors
made with an explicit device, down to the corners mutation testing found untested."""

from __future__ import annotations

import os
import sysconfig

import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import count_syncs  # noqa: E402


def test_each_event_names_the_op_that_synced() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        t.sum().item()
        t.tolist()
        torch.cuda.synchronize()
    assert [(e.kind, e.op) for e in syncs.events] == [
        ("item", "aten._local_scalar_dense.default"),
        ("tolist", "Tensor.tolist"),
        ("synchronize", "torch.cuda.synchronize"),
    ]


def _given_a_device() -> float:
    return torch.tensor([1.0, 2.0], device="cpu").sum().item()


def _as_tensor_given_a_device() -> float:
    return torch.as_tensor([1.0, 2.0], device="cpu").sum().item()


def _host_data() -> float:
    return torch.tensor([1.0, 2.0]).sum().item()


def test_a_tensor_given_a_device_is_a_device_tensor_in_a_whole_program() -> None:
    # Written for the GPU (`torch.tensor(x, device=dev)`), it reads as a GPU tensor would;
    # `torch.tensor(x)` alone is host data.
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        _given_a_device()
        _as_tensor_given_a_device()
        _host_data()
    assert [e.function for e in syncs.events] == ["_given_a_device", "_as_tensor_given_a_device"]


def test_as_tensor_of_a_device_tensor_onto_its_own_device_is_that_tensor() -> None:
    t = torch.randn(3)
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        same = torch.as_tensor(t, device=t.device)
        same.sum().item()
    assert same is t
    assert syncs.total == 1


def test_a_library_installed_without_a_virtual_environment_is_user_code() -> None:
    # Outside a virtual environment site-packages lies inside the standard library's
    # directory; its modules are still code a profile shows, the standard library is not.
    stdlib_dir = sysconfig.get_paths()["stdlib"]
    library = os.path.join(stdlib_dir, "site-packages", "lib_sync.py")
    stdlib = os.path.join(stdlib_dir, "stdlib_sync.py")
    namespace: dict[str, object] = {"torch": torch}
    source = "def read(t):\n    return t.sum().item()\n"
    exec(compile(source, library, "exec"), namespace)  # noqa: S102
    read_in_library = namespace["read"]
    exec(compile(source, stdlib, "exec"), namespace)  # noqa: S102
    read_in_stdlib = namespace["read"]
    t = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        read_in_library(t)  # type: ignore[operator]
        read_in_stdlib(t)  # type: ignore[operator]
    library_event, stdlib_event = syncs.events
    assert library_event.stack[0].file == library
    assert all(frame.file != stdlib for frame in stdlib_event.stack)
