from pkg.ema import EMALoss


def build(net):
    return EMALoss(net)
