"""Stand-in for the frozendict package (not on the corpus's GPU machine): lightllm uses it as an
immutable, hashable key of its kernel-configuration caches."""


class frozendict(dict):
    def _immutable(self, *args, **kwargs):
        raise TypeError('frozendict is immutable')

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _immutable

    def __hash__(self):
        return hash(frozenset(self.items()))
