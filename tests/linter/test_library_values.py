"""Values that come out of libraries and containers (issue 22), as the rules see them: each
pattern on code that must be reported and on a look-alike that must not."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings


def lines(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def test_tensordict_values_are_device_tensors_and_key_tests_are_not() -> None:
    source = """\
        import torch
        from tensordict import TensorDictBase

        def rollout(env, policy, td: TensorDictBase, keys: list[str], n: int):
            for _ in range(n):
                td = env.step(policy(td))
                if td["next", "done"].any():
                    break
                if td.get("is_init").all():
                    td = td["next"]
                for key in keys:
                    if key in td and td.batch_size[0] > 1:
                        td = td.exclude(key)
    """
    assert lines("SYN102", source) == [7, 9]
    assert lines("SYN108", source) == []


def test_a_replaced_tensordict_keeps_its_device_and_a_cpu_one_its_host() -> None:
    source = """\
        import torch
        from tensordict import TensorDictBase

        def rollout(env, policy, td: TensorDictBase, n: int):
            for _ in range(n):
                out = policy(td).replace(action=td["action"].clamp(-1, 1))
                if out["done"].any():
                    break
                if out.cpu().replace(step=n)["done"].any():
                    break
    """
    assert lines("SYN102", source) == [7]


def test_a_tensordict_on_the_cpu_holds_cpu_tensors() -> None:
    source = """\
        import torch
        from tensordict import TensorDictBase

        def returns(batches: list[TensorDictBase]) -> list[float]:
            out = []
            for td in batches:
                host = td.cpu()
                out.append(host["reward"].sum().item())
                out.append(td["reward"].sum().item())
            return out
    """
    assert lines("SYN101", source) == [9]


def test_accelerate_collectives_keep_the_kind_of_their_argument() -> None:
    source = """\
        import torch
        from accelerate import Accelerator

        def evaluate(loader, model: torch.nn.Module):
            accelerator = Accelerator()
            total, ones = 0, torch.ones(3)
            for batch in loader:
                hits = model(batch) > 0
                total += int(accelerator.gather_for_metrics(hits).sum())
                total += int(accelerator.gather_for_metrics(ones).sum())
                if accelerator.is_main_process and accelerator.num_processes > 1:
                    print(total)
            return total
    """
    assert lines("SYN101", source) == [9]
    assert lines("SYN102", source) == []


def test_a_trainer_subclass_reaches_its_accelerator() -> None:
    source = """\
        import torch
        from transformers import Trainer

        class MyTrainer(Trainer):
            def log_losses(self, losses: list[torch.Tensor]) -> list[float]:
                return [float(self.accelerator.reduce(loss)) for loss in losses]
    """
    assert lines("SYN101", source) == [6]


def test_model_output_fields_of_a_module_call_are_tensors() -> None:
    source = """\
        import torch
        from transformers import PreTrainedModel

        def evaluate(model: PreTrainedModel, loader) -> float:
            total = 0.0
            for batch in loader:
                outputs = model(**batch)
                total += float(outputs.loss)
                total += len(outputs.hidden_states) + outputs.logits.shape[-1]
            return total
    """
    assert lines("SYN101", source) == [8]


@pytest.mark.parametrize("call", ["t.max(dim=0)", "t.topk(3)", "torch.sort(t)", "t.mode()",
                                  "torch.kthvalue(t, 2)", "t.min(0)"])
def test_fields_of_named_tuples_of_torch_results_are_tensors(call: str) -> None:
    source = f"""\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            return [float({call}.values[0]) + int({call}.indices[0]) for t in ts]
    """
    assert len(rule_findings("SYN101", source)) == 2
    on_cpu = source.replace("for t in ts", "for t in torch.stack(ts).cpu().unbind(0)")
    assert rule_findings("SYN101", on_cpu) == []


def test_union_and_optional_parameters_give_tensors_when_subscripted() -> None:
    source = """\
        from typing import Optional, Tuple, Union
        import torch

        def f(out: Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]],
              aux: Optional[Tuple[torch.Tensor, ...]], k: Union[int, Tuple[int, int]]) -> list[float]:
            a = [float(out[0][i]) for i in range(3)]
            b = [float(aux[0][i]) for i in range(3)] if aux is not None else []
            c = [float(k[0]) for _ in range(3)] if isinstance(k, tuple) else []
            return a + b + c
    """
    assert lines("SYN101", source) == [6, 7]


def test_a_union_return_annotation_stays_unknown() -> None:
    # The function returns one or the other by its flags; its callers know which.
    source = """\
        from typing import Union
        import torch

        def group(x: torch.Tensor, nested: bool) -> Union[list[torch.Tensor], torch.Tensor]:
            return [[x]] if nested else x

        def f(x: torch.Tensor) -> list[torch.Tensor]:
            return [torch.cat(items) for items in group(x, True) if items]
    """
    assert lines("SYN102", source) == []


def test_get_with_a_device_tensor_default_is_a_device_tensor() -> None:
    source = """\
        import torch

        def f(outputs_list, device: torch.device, configs: list[dict[str, float]]) -> float:
            total = 0.0
            for outputs in outputs_list:
                total += float(outputs.get("aux_loss", torch.zeros((), device=device)))
            for cfg in configs:
                total += float(cfg.get("lr", 0.1)) + float(cfg.get("x", torch.tensor(0.0)))
            return total
    """
    assert lines("SYN101", source) == [6]


def test_torch_results_made_on_the_cpu() -> None:
    source = """\
        import numpy as np
        import torch

        def f(sigmas: np.ndarray, latents: torch.Tensor, total: int, block: int) -> list[int]:
            table = torch.from_numpy(sigmas).to(latents.dtype)
            pairs = torch.cat((table[:1], table))
            n = torch.div(total, block, rounding_mode="floor")
            shape = torch.broadcast_shapes(latents.shape, (1,))
            padded = torch.nn.functional.pad(table, (0, 1))
            return [i for i in range(5) if pairs[i] > 0 and i < n and shape[0] > 1 and padded[i] > 0]
    """
    assert lines("SYN102", source) == []


def test_a_method_named_like_a_builtin_does_not_shadow_it_in_siblings() -> None:
    source = """\
        import torch

        class Lattice:
            def enumerate(self) -> torch.Tensor:
                return torch.zeros(3, device="cuda")

            def render(self, words: list[str]) -> list[str]:
                return [w for i, w in enumerate(words) if i > 0]
    """
    assert lines("SYN102", source) == []


def test_a_device_default_of_cpu_makes_cpu_tensors_unless_a_caller_passes_one() -> None:
    source = """\
        import torch

        def rows(n: int, device: str = "cpu") -> list[list[int]]:
            matrix = torch.zeros(n, n, device=device)
            return [row.tolist() for row in matrix]

        def moved(x: torch.Tensor, device: str = "cpu") -> list[list[int]]:
            matrix = torch.zeros(3, 3, device=device)
            return [row.tolist() for row in matrix]

        def caller(x: torch.Tensor):
            return moved(x, device="cuda")
    """
    assert lines("SYN101", source) == [9]


def test_a_tensor_used_as_a_size_is_read_on_the_host() -> None:
    source = """\
        import torch

        def f(mask: torch.Tensor, x: torch.Tensor, lengths: list[int]):
            n = mask.sum()
            a = torch.zeros(n, 4, device=x.device)
            b = [i for i in range(n)]
            c = x.new_zeros(n)
            m = x.shape[0]
            d = torch.zeros(m, len(lengths), device=x.device), range(m), x.view(m, -1)
            k = torch.tensor(lengths).sum()
            return a, b, c, d, torch.zeros(k)
    """
    assert lines("SYN110", source) == [5, 6, 7]


def test_squared_sums_must_be_norms_of_floating_tensors() -> None:
    source = """\
        import torch

        def stats(features: torch.Tensor, preds: torch.Tensor, target: torch.Tensor, k: int):
            counts = torch.bincount(target * k + preds).reshape(k, k)
            return (features * features).sum(), (counts ** 2).sum()

        def norms(grads: list[torch.Tensor], x: torch.Tensor, counts: torch.Tensor):
            a = sum(g.pow(2).sum() for g in grads)
            b = (x * x).sum().sqrt()
            c = counts.long().pow(2).sum().sqrt()
            return a, b, c
    """
    assert lines("SYN301", source) == [8, 9]


def test_a_device_test_narrows_a_tensor_to_the_cpu_in_its_branch() -> None:
    source = """\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            out = []
            for t in ts:
                if t.device.type == "cpu":
                    out.append(t.sum().item())
                if t.device != torch.device("cpu"):
                    out.append(t.sum().item())
                if not t.is_cuda:
                    out.append(t.max().item())
            return out
    """
    # `not t.is_cuda` leaves `t` on any other accelerator (MPS, XPU): still a device read.
    assert lines("SYN101", source) == [9, 11]


def test_adapter_merging_and_initialisers_are_cold_but_not_look_alike_names() -> None:
    source = """\
        import torch

        class Layer:
            def merge(self, names: list[str], w: torch.Tensor) -> None:
                for name in names:
                    if not torch.isfinite(w).all():
                        raise ValueError(name)

            def pissa_init(self, ws: list[torch.Tensor]) -> None:
                for w in ws:
                    if torch.isnan(w).any():
                        raise ValueError("nan")

            def merge_feature_batches(self, ws: list[torch.Tensor]) -> list[torch.Tensor]:
                return [w for w in ws if w.abs().max() > 1]
    """
    assert lines("SYN102", source) == [15]


def test_host_array_libraries_and_sparse_counts_read_no_device() -> None:
    # FAISS computes on NumPy arrays: `idx.item()` of its results is NumPy's. A sparse
    # tensor's `_nnz()` is host metadata. `torch.Tensor(shapes)` is a CPU tensor whatever
    # the annotation of the name it is bound to says.
    source = """\
        import faiss
        import numpy as np
        import torch

        def lookup(index: faiss.Index | None, queries: np.ndarray, k: int):
            scores, ids = index.search(queries, k)
            return [[index.reconstruct(i.item()) for i in row] for row in ids]

        def sparse_mm(z: torch.Tensor, s: torch.Tensor, zs: list[torch.Tensor]):
            for x in zs:
                if s._nnz() == 0:
                    return torch.zeros_like(z)
                sizes: torch.Tensor = torch.Tensor([t.shape for t in zs])
                if (sizes.max(0)[0] - sizes).sum() == 0:
                    return x
                if x.sum() == 0:
                    return x
    """
    assert lines("SYN101", source) == []
    assert lines("SYN102", source) == [16]


def test_conversion_methods_of_a_container_are_cold_but_not_their_calls_in_a_loop() -> None:
    source = """\
        import torch

        class Batch:
            def __init__(self, fields: dict[str, torch.Tensor]) -> None:
                self.fields = fields

            def cpu(self) -> "Batch":
                return Batch({k: v.cpu() for k, v in self.fields.items()})

            def numpy(self) -> dict:
                return {k: v.cpu().numpy() for k, v in self.fields.items()}

            def total(self, names: list[str]) -> float:
                return sum(self.fields[n].sum().item() for n in names)
    """
    assert lines("SYN101", source) == [14]


def test_the_right_operand_of_and_is_tested_where_the_left_held() -> None:
    source = """\
        import torch

        def warn(empty: torch.Tensor, other: torch.Tensor, compiling: bool) -> None:
            if not compiling and empty.device.type == "cpu" and empty.any():
                print("empty")
            if empty.device.type != "cpu" or not empty.any():
                print("on the device, or none empty")

        def warn_other(empty: torch.Tensor, other: torch.Tensor) -> None:
            if other.device.type == "cpu" and empty.any():
                print("empty")
    """
    assert lines("SYN102", source) == [10]


def test_sizes_of_a_parameter_are_host_numbers_for_math() -> None:
    # `math.sqrt(head_dim)` of `query.size()`: host numbers; `math.sqrt(query.mean())`
    # reads the tensor the caller passes.
    source = """\
        import math
        import torch
        from torch import nn

        def attend(query, key):
            b, h, n, head_dim = query.size()
            return query @ key.transpose(-1, -2) / math.sqrt(head_dim)

        def scaled(query):
            return query / math.sqrt(query.mean())

        class Attention(nn.Module):
            def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
                attended = attend(q, k)
                return attended + scaled(q)
    """
    assert lines("SYN101", source) == [15]


def test_iterating_host_values_gives_host_values() -> None:
    source = """\
        import torch

        def sizes(mask: torch.Tensor, lengths: torch.Tensor) -> list[torch.Tensor]:
            out = [torch.ones(n) for n in mask.sum(-1).tolist()]
            out += [torch.ones(d) for d in mask.shape]
            out += [torch.ones(n) for n in lengths]
            return out
    """
    assert lines("SYN110", source) == [6]


def test_symbolic_integers_are_host_numbers() -> None:
    source = """\
        import torch

        def bincount(input: torch.Tensor, minlength: int = 0) -> torch.Tensor:
            bins = torch.sym_max(minlength, int(input.max()) + 1)
            counts = torch.zeros(bins, device=input.device)
            return torch.zeros(input.max(), device=input.device) + counts.sum()
    """
    assert lines("SYN110", source) == [6]


def test_return_tensors_output_is_on_the_cpu_whichever_function_makes_it() -> None:
    # A project method called with `return_tensors="pt"` still makes CPU tensors; a call
    # given `device="cuda"` makes them on the device.
    source = """\
        import torch

        class Padder:
            def pad(self, features: dict, return_tensors: str | None = None):
                return {k: torch.stack(v) for k, v in features.items()}

        class Extractor:
            def __init__(self) -> None:
                self.padder = Padder()

            def __call__(self, audio: list[torch.Tensor], processor) -> list[float]:
                padded = self.padder.pad({"audio": audio}, return_tensors="pt")
                mask = padded.pop("attention_mask")
                on_device = processor(audio, return_tensors="pt", device="cuda")
                out = []
                for i in range(3):
                    out.append(mask[i].sum().item())
                    out.append(on_device["input_values"][i].sum().item())
                return out
    """
    assert lines("SYN101", source) == [18]


def test_a_helper_result_computed_from_a_device_argument_is_a_device_tensor() -> None:
    # `fast_all(t)` returns `t.sum() == t.numel()`: a tensor where `t` is one; its metadata
    # and a string of it stay host values.
    source = """\
        import torch

        def fast_all(tensor):
            return tensor.sum() == tensor.numel()

        def rows(tensor):
            return tensor.shape[0]

        def skip(mask: torch.Tensor, lengths: list[int]) -> bool:
            if fast_all(mask):
                return True
            if rows(mask) > 1 or fast_all(torch.tensor(lengths)):
                return False
            return True
    """
    assert lines("SYN102", source) == [10]
