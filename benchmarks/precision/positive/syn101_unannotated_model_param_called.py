# expect: SYN101=1
# why: an unannotated parameter named `model` that the function calls is a module (as `model: nn.Module` says): `model(samples)["loss"].item()` reads its output on the host, once per batch of the evaluation loop (fresh14 M2, lavis' DialogueTask.valid_step)
import torch


class DialogueTask:
    def valid_step(self, model, samples):
        return model(samples)["loss"].item()

    def evaluation(self, model, data_loader):
        return [self.valid_step(model=model, samples=s) for s in data_loader]
