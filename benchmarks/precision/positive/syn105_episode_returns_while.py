# expect: SYN105=1
# why: a NumPy array of returns built and copied to the device on every while iteration
import numpy as np
import torch


class ReturnTracker:
    def __init__(self, device):
        self.device = device
        self.history = []

    def drain(self, queue):
        while not queue.empty():
            ep_returns = queue.get()
            arr = np.array(ep_returns, dtype=np.float32)
            self.history.append(torch.as_tensor(arr, device=self.device).mean())
        return self.history
