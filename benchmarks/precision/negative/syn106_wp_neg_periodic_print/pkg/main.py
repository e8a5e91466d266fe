from pkg.lit import Lit


def build(net):
    return Lit(net)
