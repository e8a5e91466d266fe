# expect: SYN101=1
# why: train_step() is annotated to return a tensor; pbar.set_postfix(loss=loss.item()) per batch
import torch
from tqdm import tqdm

from pkg.step import train_step


def train(model, loader, optimizer):
    pbar = tqdm(loader)
    for batch in pbar:
        loss = train_step(model, batch, optimizer)
        pbar.set_postfix(loss=loss.item())
