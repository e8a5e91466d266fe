# expect: SYN101=1
# why: transformers' training_step calls _prepare_inputs on every step, so an override that generates and logs runs per step
import torch
from transformers import Trainer


class OnlineRewardTrainer(Trainer):
    def _prepare_inputs(self, generation_batch):
        with torch.no_grad():
            ids = self.model.generate(input_ids=generation_batch["input_ids"], max_new_tokens=32)
        rewards = self.reward_model(ids).logits[:, 0]
        self._metrics["reward"].append(rewards.mean().item())
        return {"input_ids": ids, "rewards": rewards}
