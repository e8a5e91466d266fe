"""What the emulator counts for one call a user makes: one transfer is one sync, whatever
ops torch runs for it; the kind names the call; host data stays host data; a fresh thread
gets working regions.

Each expectation comes from the call itself (one move to the host, one read, N bytes of
float32), never from a run's output.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable
from typing import Any

import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import count_syncs, track_memory  # noqa: E402


def _dev() -> torch.Tensor:
    # Made before the region: the emulator treats it as a device tensor.
    return torch.arange(6)


@pytest.mark.parametrize(("call", "kind"), [
    (lambda t: t.to("cpu"), "to"),
    (lambda t: t.to("cpu", torch.float64), "to"),
    (lambda t: t.to(device="cpu", dtype=torch.float64), "to"),
    (lambda t: t.to("cpu", copy=True), "to"),
    (lambda t: t.to("cpu", torch.float64, False, True), "to"),
    (lambda t: t.cpu(), "cpu"),
    (lambda t: t.double().cpu(), "cpu"),
], ids=["to-cpu", "to-cpu-dtype", "to-keywords", "to-cpu-copy", "to-copy-by-position",
         "cpu", "cast-then-cpu"])
def test_one_move_to_the_host_is_one_sync(call: Callable[[Any], Any], kind: str) -> None:
    """A move that also casts (or copies) runs `_to_copy` below `.to()`: still one sync,
    as on CUDA, where the one device-to-host copy is the one wait (the emulator counted
    two); `copy=True` is valid `.to()` (the emulator raised on it)."""
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        moved = call(dev)
    assert [e.kind for e in syncs.events] == [kind]
    assert moved.tolist() == dev.tolist()  # the move itself still happened


def test_a_non_blocking_move_that_casts_is_no_sync() -> None:
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        dev.to("cpu", torch.float64, non_blocking=True)
    assert syncs.total == 0


def test_one_call_that_reads_two_scalars_counts_once() -> None:
    """`one_hot` without `num_classes` reads the input's min and max on the host: two
    scalar reads below one call the user made, one site to fix."""
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        torch.nn.functional.one_hot(dev)
    assert [e.kind for e in syncs.events] == ["one_hot"]


def test_type_to_a_host_tensor_type_is_a_read_and_a_dtype_is_not() -> None:
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        dev.type(torch.float64)  # a cast on the device
        dev.type(torch.DoubleTensor)  # the host's tensor type: a copy back to the host
    assert [e.kind for e in syncs.events] == ["type"]


def test_repeat_interleave_with_device_repeats_is_reported_by_its_name() -> None:
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        torch.repeat_interleave(dev[:3], dev[:3])  # the output size is read on the host
        torch.repeat_interleave(dev[:3], dev[:3], output_size=3)  # given: no read
        repeats = torch.tensor([1, 2, 3])  # made on the host inside the region
        torch.repeat_interleave(dev[:3], repeats)  # host repeats: no read
    assert [(kind, n) for _, kind, n in syncs.by_site()] == [("repeat_interleave", 1)]


def test_a_host_tensor_stays_host_after_a_numpy_view_of_it_is_gone() -> None:
    """`torch.from_numpy(h.numpy())` shares `h`'s buffer through another storage object:
    when that one dies, `h` (still alive) is host data all the same."""
    dev = _dev()
    with count_syncs(backend="emulated") as syncs:
        host = dev.cpu()
        shared = torch.from_numpy(host.numpy())
        shared.view(-1)
        del shared
        gc.collect()
        host.sum().item()  # a host read: no sync
    assert [e.kind for e in syncs.events] == ["cpu"]


def test_regions_work_in_a_thread_the_harness_never_saw() -> None:
    """Each thread has its own harness state: the first region of a new thread builds it."""
    n = 1000
    found: dict[str, Any] = {}

    def work() -> None:
        try:
            dev = torch.ones(n)
            with count_syncs(backend="emulated") as syncs, \
                    track_memory(backend="emulated") as memory:
                doubled = dev * 2  # one float32 tensor of n elements
                doubled.sum().item()
            found["syncs"], found["peak"] = syncs.total, memory.peak_bytes
        except Exception as error:  # noqa: BLE001  (reported by the assertion below)
            found["error"] = error

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert "error" not in found, found
    assert found["syncs"] == 1
    # `doubled` (n float32) and the sum's one-element result, both alive at the peak.
    assert found["peak"] >= n * 4


def test_emulated_synchronize_on_a_gpu_machine_still_synchronizes_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With CUDA present, the emulated backend counts `torch.cuda.synchronize()` and still
    runs the real one (a stand-in here), once."""
    ran: list[Any] = []
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda device=None: ran.append(device))
    with count_syncs(backend="emulated") as syncs:
        torch.cuda.synchronize()
    assert [e.kind for e in syncs.events] == ["synchronize"]
    assert ran == [None]


def test_a_graph_break_keeps_dynamos_reason_and_explanation() -> None:
    from synclint.runtime.dynamo import record_graph_breaks

    def branch(x: torch.Tensor) -> torch.Tensor:
        if x.sum() > 0:
            return x + 1
        return x - 1

    torch._dynamo.reset()
    with record_graph_breaks() as log:
        torch.compile(branch, backend="eager")(torch.ones(3))
    torch._dynamo.reset()
    (found,) = log.breaks
    assert found.function == "branch"
    assert found.line == branch.__code__.co_firstlineno + 1
    assert found.reason.lower() == "data-dependent branching"
    assert isinstance(found.explanation, str)
    assert "data-dependent branching" in found.explanation.lower()


#: An in-place op that also returns a new tensor (the schema of a user's custom op):
#: its first output is its input, its second is new memory.
_LIBRARY = torch.library.Library("synclint_test_runtime", "DEF")
_LIBRARY.define("scale_and_sum_(Tensor(a!) x) -> (Tensor(a!), Tensor)")


def _scale_and_sum(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    x.mul_(2)
    return x, x.sum(0, keepdim=True).expand_as(x).clone()


_LIBRARY.impl("scale_and_sum_", _scale_and_sum, "CPU")


def test_memory_counts_a_new_output_after_an_output_that_is_an_input() -> None:
    rows, columns = 4, 3
    x = torch.ones(rows, columns)
    with track_memory(backend="emulated") as memory:
        scaled, sums = torch.ops.synclint_test_runtime.scale_and_sum_(x)
    assert scaled.data_ptr() == x.data_ptr()
    assert memory.peak_bytes == rows * columns * sums.element_size()


def _scaled_by_total(x: torch.Tensor) -> torch.Tensor:
    return x * x.sum().item()


def test_a_sync_inside_a_function_torch_calls_back_has_only_user_frames() -> None:
    """`jacobian` calls the user's function from torch's own Python code: the stack goes
    from the function to the test that called torch, without torch's frames between."""
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        torch.autograd.functional.jacobian(_scaled_by_total, torch.ones(3))
    (event,) = syncs.events
    assert [(frame.file, frame.function) for frame in event.stack[:2]] == [
        (__file__, "_scaled_by_total"),
        (__file__, "test_a_sync_inside_a_function_torch_calls_back_has_only_user_frames")]
    torch_dir = os.path.dirname(torch.__file__) + os.sep
    assert not [frame for frame in event.stack if frame.file.startswith(torch_dir)]
