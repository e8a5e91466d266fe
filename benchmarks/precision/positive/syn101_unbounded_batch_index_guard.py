# expect: SYN101=2
# why: `batch_idx >= 10` and `batch_idx != 0` hold on all but a few batches: each copies per step
import lightning.pytorch as pl
import torch


class DetectionTask(pl.LightningModule):
    def validation_step(self, batch, batch_idx):
        images = batch["image"].to(self.device)
        y_hat = self(images)
        if batch_idx >= 10:
            boxes = [p["boxes"].cpu() for p in y_hat]
            self.logger.experiment.add_figure("val", self.plot(boxes))
        if batch_idx != 0:
            labels = [p["labels"].cpu() for p in y_hat]
            print(labels)
        return y_hat
