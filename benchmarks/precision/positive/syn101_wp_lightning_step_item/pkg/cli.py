import lightning as L

from pkg.lit import LitModel


def run(net, loader):
    L.Trainer(max_steps=100).fit(LitModel(net), loader)
