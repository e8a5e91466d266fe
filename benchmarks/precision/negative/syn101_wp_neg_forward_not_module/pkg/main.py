from pkg.pipe import Report


def summary(losses):
    return Report(losses).forward()
