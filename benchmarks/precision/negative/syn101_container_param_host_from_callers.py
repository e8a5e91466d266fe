# expect: none
# targets: SYN101
# why: fresh16 F1: `dict[str, Tensor]` and `list[Tensor]` parameters whose every caller passes host tensors (built with `torch.tensor(list)`): their items' `.tolist()` read no device
import torch


def _tensor_to_wire(t: torch.Tensor) -> dict:
    return {"shape": list(t.shape), "data": t.detach().flatten().tolist()}


def make_datum(tokens: list[int], loss_fn_inputs: dict[str, torch.Tensor]) -> dict:
    return {"tokens": tokens,
            "inputs": {k: _tensor_to_wire(v) for k, v in loss_fn_inputs.items()}}


def target_row(inputs: dict[str, torch.Tensor]) -> list:
    return inputs["target_tokens"].tolist()


def rows(chunks: list[torch.Tensor]) -> list:
    return [chunk.tolist() for chunk in chunks]


def build(samples: list[dict]) -> list:
    out = []
    for s in samples:
        target = torch.tensor(s["tokens"][1:], dtype=torch.long)
        out.append(make_datum(s["tokens"][:-1], {"target_tokens": target}))
        out.append(target_row({"target_tokens": target}))
        out.append(rows([target, target]))
    return out
