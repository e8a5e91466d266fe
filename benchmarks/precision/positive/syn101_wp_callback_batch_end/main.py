import lightning.pytorch as pl

from callbacks import LossHistory


def train(model, loader):
    history = LossHistory()
    pl.Trainer(callbacks=[history], max_epochs=1).fit(model, loader)
    return history.losses
