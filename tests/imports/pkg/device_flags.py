# Flags computed from the device at import (fla/utils/_device.py): a cached query tl2cu does not
# run, and a constant computed from it.
import functools

import triton


@functools.cache
def get_available_device():
    return triton.runtime.driver.active.get_current_target().backend


device_platform = get_available_device()
IS_AMD = device_platform == 'hip'
