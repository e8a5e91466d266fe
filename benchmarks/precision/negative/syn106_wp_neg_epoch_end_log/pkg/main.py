import lightning.pytorch as pl

from pkg.lit import Lit


def main(net, loader):
    pl.Trainer(max_epochs=2).fit(Lit(net), loader)
