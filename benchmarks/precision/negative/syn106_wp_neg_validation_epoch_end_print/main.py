import lightning.pytorch as pl

from callbacks import PrintMetrics


def fit(model, dm):
    pl.Trainer(callbacks=[PrintMetrics()]).fit(model, dm)
