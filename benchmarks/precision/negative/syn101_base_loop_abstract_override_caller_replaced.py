# expect: none
# targets: SYN101
# why: the subclass that reads `.item()` in its `valid_step` also replaces the base's `evaluation` with one that never loops over it, so the base's loop never runs that override (the look-alike of a base loop over an abstract method)
import torch


class BaseTask:
    def valid_step(self, model, samples):
        raise NotImplementedError

    def evaluation(self, model, data_loader):
        results = []
        for samples in data_loader:
            results.extend(self.valid_step(model=model, samples=samples))
        return results


class DialogueTask(BaseTask):
    def valid_step(self, model, samples):
        loss = model(samples)["loss"].item()
        return [loss]

    def evaluation(self, model, data_loader):
        return self.valid_step(model, next(iter(data_loader)))
