from pkg.tracker import Tracker


def run(returns):
    t = Tracker()
    for r in returns:
        t.add(r)
    return t.overflowing()
