# expect: none
# targets: SYN101
# why: after isinstance(v, (np.integer, np.floating)) v is a NumPy scalar: .item() never syncs
import numpy as np
import torch


def to_builtin(record: dict) -> dict:
    clean = {}
    for key, value in record.items():
        if isinstance(value, (np.integer, np.floating)):
            value = value.item()
        elif isinstance(value, np.ndarray):
            value = value.tolist()
        clean[key] = value
    return clean
