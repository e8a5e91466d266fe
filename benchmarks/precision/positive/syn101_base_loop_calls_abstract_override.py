# expect: SYN101=1
# why: the base's `evaluation` loops over batches calling `self.valid_step(...)`, which it only declares; the one subclass that implements it (and inherits `evaluation`) reads the loss with `.item()`, so each batch waits for the device (fresh14 M2, lavis' BaseTask.evaluation and DialogueTask.valid_step)
import torch


class BaseTask:
    def valid_step(self, model, samples):
        raise NotImplementedError

    def evaluation(self, model, data_loader):
        results = []
        for samples in data_loader:
            eval_output = self.valid_step(model=model, samples=samples)
            results.extend(eval_output)
        return results


class DialogueTask(BaseTask):
    def valid_step(self, model: torch.nn.Module, samples):
        loss = model(samples)["loss"].item()
        return [loss]
