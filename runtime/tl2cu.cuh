// tl2cu.cuh: the whole header-only runtime of tl2cu, for code that wants all of it.
//
// Generated files include only the parts they use: tl2cu_device.cuh (the device
// helpers), tl2cu_launch.cuh (the launchers' host helpers) and, where a kernel
// autotunes, tl2cu_autotune.cuh (the host autotuner, with the STL). This header
// includes the three, and the C++ library headers it always has, so that
// `#include "tl2cu.cuh"` keeps working as before.
// Build generated code without -ftz=true and without --use_fast_math.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "tl2cu_device.cuh"
#include "tl2cu_launch.cuh"
#include "tl2cu_autotune.cuh"
