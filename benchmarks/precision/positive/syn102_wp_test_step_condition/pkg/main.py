import lightning.pytorch as pl

from pkg.lit import Lit


def test(net, loader):
    pl.Trainer().test(Lit(net), loader)
