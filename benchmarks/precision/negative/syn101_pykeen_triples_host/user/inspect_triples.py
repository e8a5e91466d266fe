from pykeen.triples import TriplesFactory


def relation_names(tf: TriplesFactory) -> list[str]:
    names = []
    for h, r, t in tf.mapped_triples:
        names.append(f"{h.item()}-{r.item()}-{t.item()}")
    return names
