"""What synclint knows about torch functions: results that are host values, and syncs."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings


def rows(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def test_torch_equal_and_allclose_are_host_bools_that_sync_in_a_loop() -> None:
    source = """\
        import torch
        def f(ps: list[torch.Tensor], qs: list[torch.Tensor], a: torch.Tensor, b: torch.Tensor):
            if torch.equal(a, b) or a.allclose(b):
                pass
            for p, q in zip(ps, qs):
                if not torch.equal(p, q):
                    pass
                same = p.allclose(q, atol=1e-6)
                close = torch.allclose(torch.zeros(3), torch.ones(3))  # host tensors
    """
    assert rows("SYN102", source) == []
    findings = rule_findings("SYN101", source)
    assert [d.location.row for d in findings] == [6, 8]
    assert findings[0].message == "`torch.equal()` of tensors in a loop syncs with the GPU on every iteration"
    assert all(d.fix is None and d.help for d in findings)


def test_equal_in_an_assert_message_or_under_a_periodic_guard_is_cold() -> None:
    source = """\
        import torch
        def f(ps: list[torch.Tensor], qs: list[torch.Tensor]):
            for step, (p, q) in enumerate(zip(ps, qs)):
                assert p.shape == q.shape, torch.equal(p[:1], q[:1])
                if step % 10 == 0:
                    print(torch.equal(p, q))
    """
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [6]


@pytest.mark.parametrize("backend", ["cuda", "hip", "npu", "mlu", "hpu", "musa", "xpu", "mps"])
def test_backend_device_count_is_a_host_int(backend: str) -> None:
    source = f"""\
        import torch
        def f():
            if torch.{backend}.device_count() > 1:
                pass
            n = torch.{backend}.current_device()
            if n:
                pass
    """
    assert rows("SYN102", source) == []


def test_torch_load_returns_a_host_container() -> None:
    source = """\
        import torch
        def f(path: str, epoch: int):
            ckpt = torch.load(path, map_location="cpu")
            if ckpt["epoch"] > epoch or not ckpt:
                pass
            for name, value in ckpt.items():
                print(value.item())
    """
    assert rows("SYN102", source) == []
    # Loaded onto the CPU (`map_location="cpu"`): its values are CPU tensors (fresh9 F6).
    assert rule_findings("SYN101", source) == []
    # Elsewhere they are unknown: a lower-confidence finding, as for any receiver.
    elsewhere = source.replace('map_location="cpu"', 'map_location="cuda"')
    assert [d.confidence for d in rule_findings("SYN101", elsewhere)] == ["likely"]


def test_multiprocessing_context_join_is_a_host_bool() -> None:
    source = """\
        import torch.multiprocessing as mp
        import torch
        def f(worker, n: int):
            context = mp.spawn(worker, nprocs=n, join=False)
            while not context.join():
                pass
            ctx = torch.multiprocessing.get_context("spawn")
            if ctx.Queue().empty():
                pass
    """
    assert rows("SYN102", source) == []


@pytest.mark.parametrize("annotation", [
    "dict[str, torch.Tensor]", "Dict[str, Tensor]", "Mapping[str, Optional[Tensor]]",
])
def test_subscript_of_a_tensor_dict_parameter_is_a_tensor(annotation: str) -> None:
    source = f"""\
        from typing import Dict, Mapping, Optional
        import torch
        from torch import Tensor
        def f(masks: {annotation}, heads: list[str]):
            for head in heads:
                if masks[head].any():
                    pass
                print(masks[head].sum().item())
    """
    assert rows("SYN102", source) == [6]
    assert rows("SYN101", source) == [8]


def test_neuron_device_count_is_a_host_int() -> None:
    # Reduced from accelerate's commands/config/default.py.
    source = """\
        import torch
        def f(config: dict):
            num_neuron_cores = torch.neuron.device_count()
            if num_neuron_cores > 1:
                config["distributed_type"] = "MULTI_NEURON"
    """
    assert rows("SYN102", source) == []


def test_numpy_on_an_unknown_receiver_is_not_a_sync() -> None:
    # Reduced from diffusers' ONNX pipelines: `.numpy()` raises on an accelerator tensor,
    # so on a value of unknown kind it reads host memory.
    source = """\
        import torch
        def f(scheduler, noise_pred, latents, timesteps):
            for t in timesteps:
                out = scheduler.step(torch.from_numpy(noise_pred), t, torch.from_numpy(latents))
                latents = out.prev_sample.numpy()
                value = out.prev_sample.item()
    """
    findings = rule_findings("SYN101", source)
    assert [(d.location.row, d.confidence) for d in findings] == [(6, "likely")]
