# expect: none
# targets: SYN101
# why: in a file that uses catalyst, methods named handle_batch and on_batch_end of a class that is no catalyst runner or callback (an export helper the script calls once, after training), and a catalyst callback's on_experiment_end (once per run): none of the reads repeats per batch
import torch
from catalyst import dl


class ExportHelper:
    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model
        self.stats: dict = {}

    def handle_batch(self, batch: torch.Tensor) -> None:
        self.stats["mean"] = self.model(batch).mean().item()

    def on_batch_end(self, batch: torch.Tensor) -> None:
        self.stats["predictions"] = self.model(batch).argmax(dim=1).cpu()


class FinalReport(dl.Callback):
    def __init__(self) -> None:
        super().__init__(order=dl.CallbackOrder.External)

    def on_experiment_end(self, runner: dl.IRunner) -> None:
        print("final loss", runner.batch_metrics["loss"].item())


def export(model: torch.nn.Module, batch: torch.Tensor) -> dict:
    helper = ExportHelper(model)
    helper.handle_batch(batch)
    helper.on_batch_end(batch)
    return helper.stats
