"""Narrowing (`isinstance`, `torch.is_tensor`), string comparisons and `x = x.to(d)` rebinding."""

from __future__ import annotations

from tests.linter.helpers import rule_findings


def rows(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def test_isinstance_tensor_narrows_the_body_to_a_tensor_and_the_else_branch_away() -> None:
    source = """\
        import torch
        def f(values: list[torch.Tensor], logs: dict):
            for v in values:
                if isinstance(v, torch.Tensor):
                    logs["a"] = v.item()
                else:
                    logs["b"] = float(v)
            for k, w in logs.items():
                if torch.is_tensor(w):
                    if w > 0:
                        pass
    """
    assert rows("SYN101", source) == [5]
    assert [d.confidence for d in rule_findings("SYN101", source)] == ["high"]
    assert rows("SYN102", source) == [10]


def test_not_isinstance_swaps_the_branches_and_elif_sees_the_else() -> None:
    source = """\
        import torch
        def f(values: list[torch.Tensor]):
            for v in values:
                if not isinstance(v, torch.Tensor):
                    print(float(v))
                elif v.dim() == 0:
                    print(float(v))
    """
    assert rows("SYN101", source) == [7]


def test_isinstance_and_narrows_the_right_operand_and_the_body() -> None:
    source = """\
        import torch
        def f(logs: dict):
            for key, value in logs.items():
                if isinstance(value, torch.Tensor) and value.numel() == 1:
                    logs[key] = value.item()
                flag = isinstance(value, torch.Tensor) and bool(value)
                x = value.item() if isinstance(value, torch.Tensor) else value
    """
    findings = rule_findings("SYN101", source)
    assert [d.location.row for d in findings] == [5, 6, 7]
    assert {d.confidence for d in findings} == {"high"}


def test_numpy_scalar_isinstance_is_a_host_value() -> None:
    source = """\
        import numpy as np
        import torch
        def f(record: dict):
            for key, value in record.items():
                if isinstance(value, (np.integer, np.floating)):
                    record[key] = value.item()
                else:
                    record[key] = value.item()
    """
    assert rows("SYN101", source) == [8]


def test_narrowing_ends_with_the_branch_unless_the_branch_rebinds() -> None:
    source = """\
        import torch
        def f(items: list, device):
            for v in items:
                if isinstance(v, torch.Tensor):
                    pass
                print(v.item())
                if isinstance(v, (int, float)):
                    v = torch.tensor(v, device=device)
                print(v.item())
    """
    # The first read: unknown again after the branch (likely). The second is reached by the
    # branch's tensor and by the unknown `v` of the other path: a tensor on one path only
    # is not a sure tensor (kinds are merged after the `if`), so it stays likely.
    findings = rule_findings("SYN101", source)
    assert [(d.location.row, d.confidence) for d in findings] == [(6, "likely"), (9, "likely")]


def test_shadowed_isinstance_does_not_narrow() -> None:
    source = """\
        import torch
        def f(values: list[torch.Tensor], isinstance):
            for v in values:
                if isinstance(v, torch.Tensor):
                    pass
                else:
                    print(float(v))
    """
    assert rows("SYN101", source) == [7]


def test_string_comparisons_are_never_tensor_tests() -> None:
    source = """\
        from typing import Optional
        import torch
        def f(scores: list[torch.Tensor], mask: Optional[torch.Tensor], mode: torch.Tensor):
            for s in scores:
                if mask == "causal" or "none" != mask:
                    pass
                if mode == f"{s.dim()}d" or mask == 'a' 'b':
                    pass
                if mask == 0:
                    pass
    """
    assert rows("SYN102", source) == [9]


def test_rebinding_to_device_in_a_loop_copies_once() -> None:
    source = """\
        import numpy as np
        import torch
        def f(policy, obs: np.ndarray, device, frames: list[np.ndarray]):
            x = torch.from_numpy(obs)
            y = torch.from_numpy(obs)
            for _ in range(10):
                x = x.to(device)
                x = policy(x)
                x, y = x.to(device), y.to(device)
            z = torch.from_numpy(obs)
            for frame in frames:
                z = z.to(device)
                z = torch.from_numpy(frame)
            for frame in frames:
                w = torch.from_numpy(frame)
                w = w.to(device)
            u = torch.from_numpy(obs)
            for _ in range(3):
                v = u.to(device)
    """
    assert rows("SYN105", source) == [12, 16, 19]


def test_isinstance_narrows_subscripts_and_attributes_by_their_code() -> None:
    # Reduced from Lightning's fabric/utilities/logger.py (_sanitize_params).
    source = """\
        import numpy as np
        import torch
        def f(params: dict, holder):
            for k in params:
                if isinstance(params[k], (np.bool_, np.integer, np.floating)):
                    params[k] = params[k].item()
                if isinstance(holder.value, torch.Tensor):
                    print(holder.value.item())
                print(params[k].item())
    """
    findings = rule_findings("SYN101", source)
    assert [(d.location.row, d.confidence) for d in findings] == [(8, "high"), (9, "likely")]


def test_device_probe_whose_result_is_discarded_is_not_a_copy_of_loop_data() -> None:
    # Reduced from accelerate's utils/modeling.py and Lightning's fabric/accelerators/cuda.py.
    source = """\
        import torch
        def f(n: int, values: list[float]):
            for i in range(n):
                try:
                    _ = torch.tensor(0, device=torch.device("npu", i))
                    torch.tensor([0], device=i)
                except RuntimeError:
                    continue
                kept = torch.tensor(values, device=i)
    """
    assert rows("SYN105", source) == [9]


def test_isinstance_of_a_container_is_no_tensor_but_its_items_may_be() -> None:
    # transformers' Trainer: a model output narrowed to a dict holds tensors, but the dict
    # itself is tested for a key, not a tensor for membership.
    source = """\
        import torch
        def f(model: torch.nn.Module, batches):
            total = 0.0
            for x in batches:
                outputs = model(x)
                if isinstance(outputs, dict) and "loss" not in outputs:
                    raise ValueError("no loss")
                if isinstance(outputs, (list, tuple)) and outputs in batches:
                    continue
                if isinstance(outputs, dict):
                    total += outputs["loss"].item()
            return total
    """
    assert rows("SYN108", source) == []
    assert rows("SYN101", source) == [11]
