from pkg.hooks import attach


def inspect(model):
    attach(model)
