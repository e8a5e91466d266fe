import pytorch_lightning as pl

from lit import LitRegressor


def main(model, dm):
    trainer = pl.Trainer(max_epochs=3)
    trainer.fit(LitRegressor(model), datamodule=dm)
