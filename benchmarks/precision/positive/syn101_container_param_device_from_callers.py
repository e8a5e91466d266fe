# expect: SYN101=5
# why: fresh16 F1's look-alike: the same `dict[str, Tensor]` / `list[Tensor]` helpers, called in the loop with the model's outputs (device tensors): each call reads them on the host, and the helpers' comprehensions read one item per iteration
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


def build(model: torch.nn.Module, batches: list[torch.Tensor], device: torch.device) -> list:
    model.to(device)
    out = []
    for batch in batches:
        logits = model(batch.to(device))
        out.append(make_datum([1, 2], {"logits": logits}))
        out.append(target_row({"target_tokens": logits.argmax(-1)}))
        out.append(rows([logits, logits]))
    return out
