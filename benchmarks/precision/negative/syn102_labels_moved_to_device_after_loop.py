# expect: none
# targets: SYN102
# why: labels are cloned from the loader's batch and moved to the device only after the masking loop: the project moves them because they are on the host, so the per-token tests read host memory
import torch


def train_one_epoch(model, loader, device_id: int, media_token_id: int) -> None:
    for batch in loader:
        input_ids = torch.stack([x[0] for x in batch[1]]).squeeze(1)
        labels = input_ids.clone()
        for i in range(labels.shape[0]):
            j = 0
            while j < labels.shape[1] and labels[i][j] != media_token_id:
                labels[i][j] = -100
                j += 1
        labels = labels.to(device_id)
        model(input_ids.to(device_id), labels=labels).backward()
