# expect: none
# targets: SYN102
# why: `_setup_train` runs once per fit (ultralytics' trainer): a tensor flag tested there is one sync per run, not per step
import torch


class Trainer:
    def _setup_train(self, model, device):
        self.model = model.to(device)
        self.amp = torch.tensor(True).to(device)
        if self.amp:
            self.scaler = torch.amp.GradScaler("cuda")
        for p in self.model.parameters():
            if torch.isnan(p).any():
                raise ValueError("NaN in the initial weights")
