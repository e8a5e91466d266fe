# expect: SYN101=1
# why: Hugging Face style loop: outputs.loss.item() per step (receiver only known by name)
import torch
from tqdm import tqdm


def finetune(model, dataloader, optimizer, scheduler, device):
    model.train()
    pbar = tqdm(dataloader)
    for batch in pbar:
        batch = {k: v.to(device) for k, v in batch.items()}
        outputs = model(**batch)
        outputs.loss.backward()
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        pbar.set_postfix(loss=outputs.loss.item())
