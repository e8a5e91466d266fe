# expect: SYN111=1
# why: unique() outside a loop whose size is then read on the host
import torch


def num_classes_present(labels: torch.Tensor) -> int:
    classes = torch.unique(labels)
    return len(classes)
