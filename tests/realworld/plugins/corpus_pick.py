"""pytest plugin of the drop-in corpus: keeps a few parametrizations of each test function.

    PYTHONPATH=tests/realworld/pytest_pick CORPUS_PICK=3 python3 -m pytest -p corpus_pick tests/test_x.py

A repository's tests multiply shapes by dtypes by flags into hundreds of cases; the corpus wants
every kernel launched with a few shapes, not every case, so that one program stays within its
time. CORPUS_PICK=N keeps, of the cases -k left to each test function, N spread evenly over the
parametrization order (the first, the last and between: small and large shapes, both dtypes
where they alternate; N=1 keeps the middle case). Unset or 0 keeps every case. CORPUS_PICK_BY=NAME[,NAME...] keeps N cases
for each value of those parameters instead (one activation function of a list each: every
activation stays, each with N shapes).
"""
import os

import pytest


def spread(count, keep):
    """Indices of keep items spread evenly over range(count), first and last included (one
    alone is the middle one: the first case is often a degenerate shape, () or (1,))."""
    if keep <= 0 or count <= keep:
        return set(range(count))
    if keep == 1:
        return {count // 2}
    return {round(i * (count - 1) / (keep - 1)) for i in range(keep)}


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected theirs
def pytest_collection_modifyitems(config, items):
    keep = int(os.environ.get('CORPUS_PICK', '0') or 0)
    if keep <= 0:
        return
    by = [name for name in os.environ.get('CORPUS_PICK_BY', '').split(',') if name]
    groups = {}
    for item in items:
        key = item.nodeid.split('[')[0]  # file::[Class::]function, parameters dropped
        params = getattr(getattr(item, 'callspec', None), 'params', {})
        key += ''.join('|%s=%r' % (name, params[name]) for name in by if name in params)
        groups.setdefault(key, []).append(item)
    chosen = set()
    for members in groups.values():
        chosen.update(id(members[i]) for i in spread(len(members), keep))
    deselected = [item for item in items if id(item) not in chosen]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if id(item) in chosen]
