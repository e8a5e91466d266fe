# expect: none
# targets: SYN101, SYN102
# why: look-alike of positive/syn101_fairseq_task_train_step.py: a class of its own (not a fairseq `FairseqTask`) with methods named `train_step` and `inference_step` has no framework calling it per step: its reads are one-off, not per-step code
import torch


class Task:
    def _get_loss(self, sample, model):
        net_output = model(**sample["net_input"])
        prob_z_xy = torch.softmax(net_output, dim=-1)
        return -prob_z_xy.log().sum(), {"posterior": prob_z_xy.float().sum(dim=0).cpu()}

    def train_step(self, sample, model, criterion, optimizer, update_num):
        loss, logging_output = self._get_loss(sample, model)
        return loss, 1, logging_output

    def inference_step(self, generator, models, sample, prefix_tokens=None):
        tokens = sample["net_input"]["src_tokens"]
        if tokens[:, 0].eq(0).all():
            tokens = tokens[:, 1:]
        return generator.generate(models, sample, prefix_tokens=tokens)

