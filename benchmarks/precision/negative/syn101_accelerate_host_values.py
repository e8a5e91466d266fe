# expect: none
# targets: SYN101, SYN102
# why: the Accelerator's own flags and counts are host values; gathered tensors never read
import torch
from accelerate import Accelerator


def evaluate(model, loader, metric):
    accelerator = Accelerator()
    model, loader = accelerator.prepare(model, loader)
    for step, batch in enumerate(loader):
        with torch.no_grad():
            logits = model(**batch).logits
        preds = accelerator.gather_for_metrics(logits.argmax(dim=-1))
        refs = accelerator.gather_for_metrics(batch["labels"])
        metric.add_batch(predictions=preds, references=refs)
        if accelerator.is_main_process and accelerator.num_processes > 1:
            accelerator.print(f"step {step} on {accelerator.device}")
        if accelerator.sync_gradients and accelerator.is_local_main_process:
            accelerator.wait_for_everyone()
    return metric.compute()
