# expect: none
# targets: SYN105
# why: DataLoader batches moved with .to(device): the standard input pipeline
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def train_epoch(model, dataset, optimizer, device):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, pin_memory=True)
    for images, labels in loader:
        images = images.to(device)
        labels = labels.to(device)
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
