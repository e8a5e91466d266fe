# expect: none
# targets: SYN101
# why: the same hook classes, registered with a name that is not one of a TorchRL trainer's per-batch stages (or never registered), are not per-step code
import torch


class Plotter:
    def __call__(self, batch) -> dict:
        return {"r": batch.get("reward").float().mean().item()}

    def register(self, registry) -> None:
        registry.register_op("on_save", self)


def summarize(batch) -> dict:
    return {"done": batch.get(("next", "done")).sum().item()}
