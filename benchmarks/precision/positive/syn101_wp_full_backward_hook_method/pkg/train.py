from pkg.monitor import GradMonitor


def watch(model):
    return GradMonitor(model)
