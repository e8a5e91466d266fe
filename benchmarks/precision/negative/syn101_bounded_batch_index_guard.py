# expect: none
# targets: SYN101, SYN102
# why: `batch_idx < 10` (and `batch_idx == 0`) holds on the first batches of an epoch only: a figure or sample dump there is bounded, not per step (torchgeo detection.py's validation_step)
import lightning.pytorch as pl
import torch


class DetectionTask(pl.LightningModule):
    def validation_step(self, batch, batch_idx):
        images = batch["image"].to(self.device)
        y_hat = self(images)
        loss = sum(p["scores"].sum() for p in y_hat)
        self.log("val_loss", loss)
        if batch_idx < 10 and hasattr(self.logger.experiment, "add_figure"):
            boxes = [p["boxes"].cpu() for p in y_hat]
            scores = [p["scores"].cpu() for p in y_hat]
            self.logger.experiment.add_figure("val", self.plot(boxes, scores))
        if batch_idx == 0:
            labels = [p["labels"].cpu() for p in y_hat]
            print(labels)
        return loss
