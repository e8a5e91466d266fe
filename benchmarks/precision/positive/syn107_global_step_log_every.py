# expect: SYN107=1
# why: a trainer that logs every log_every_n_steps: the read is periodic
import torch


class Trainer:
    def fit(self, loader):
        for batch in loader:
            loss = self.model(**batch).loss
            loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.global_step += 1
            if self.global_step % self.log_every_n_steps == 0:
                self.logger.log_metrics({"train/loss": loss.detach().float().item()},
                                        step=self.global_step)
