# expect: SYN101=1
# why: compute_loss of a subclass of a project base that derives from transformers.Trainer: once per step
import torch
import torch.nn.functional as F

from base import BaseTrainer


class ContrastiveTrainer(BaseTrainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        embeddings = model(**inputs).last_hidden_state[:, 0]
        sims = F.normalize(embeddings, dim=-1) @ F.normalize(embeddings, dim=-1).T
        targets = torch.arange(len(sims), device=sims.device)
        loss = F.cross_entropy(sims / 0.05, targets)
        self.log_scalar("mean_similarity", sims.mean().item())
        return loss
