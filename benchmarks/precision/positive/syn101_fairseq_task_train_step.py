# expect: SYN101=1, SYN102=1
# why: issue 22, fresh18 M4 (fairseq's TranslationMoETask and multilingual LM task): fairseq's trainer calls a `FairseqTask`'s `train_step` on every update and `inference_step` per generated batch, with the sample it moved to the device; a `.cpu()` of the posterior returned every update and a BOS test of the sample's tokens are per-step syncs
import torch
from fairseq.tasks import FairseqTask


class TranslationMoETask(FairseqTask):
    def _get_loss(self, sample, model):
        net_output = model(**sample["net_input"])
        prob_z_xy = torch.softmax(net_output, dim=-1)
        loss = -prob_z_xy.log().sum()
        return loss, {"posterior": prob_z_xy.float().sum(dim=0).cpu()}

    def train_step(self, sample, model, criterion, optimizer, update_num, ignore_grad=False):
        loss, logging_output = self._get_loss(sample, model)
        optimizer.backward(loss)
        return loss, 1, logging_output

    def inference_step(self, generator, models, sample, prefix_tokens=None, constraints=None):
        tokens = sample["net_input"]["src_tokens"]
        if tokens[:, 0].eq(0).all():
            tokens = tokens[:, 1:]
        return generator.generate(models, sample, prefix_tokens=tokens)
