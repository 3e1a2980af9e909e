"""Stand-in for the easydict package (not on the corpus's GPU machine): lightllm reads its
environment settings into an EasyDict, a dict whose keys are also attributes. Only on the
PYTHONPATH of the programs that name this folder."""


class EasyDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, EasyDict):
                self[key] = EasyDict(value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = value
