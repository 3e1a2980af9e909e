// names.c: the one namespace policy for the names tl2cu writes.
//
// Every name the emitter makes up for itself (loop indices _k, element indices
// _e, _tid, _lane, scratch arrays _buf, reduction registers _r0, conversions
// _x_cvt1, launcher parameters _stream/_gx, ...) starts with an underscore.
// User names keep their Python spelling, except those that would mean something
// else in CUDA C++: a name starting with "_" gets a leading "u" (_x -> u_x: no user name
// takes the emitter's prefix), and a C/C++ keyword, a CUDA built-in, a type,
// function or macro the generated code relies on, or a runtime name (tl2cu_*)
// gets a trailing "_" (new -> new_). The same spelling is used for the
// declaration, every use, the launchers and the -H header.
#include "tl2cu.h"

#include <string.h>

// C, C++ and CUDA words a user name must not take in generated code.
static const char *const reserved_words[] = {
    // C and C++ keywords and alternative operator spellings
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
    "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
    "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    // types and macros of the headers the generated code includes
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "uintptr_t",
    "intptr_t", "size_t", "ptrdiff_t", "half", "half2", "nv_bfloat16", "std", "NULL", "assert", "printf",
    "INT8_MIN", "INT8_MAX", "INT16_MIN", "INT16_MAX", "INT32_MIN", "INT32_MAX", "INT64_MIN", "INT64_MAX",
    "UINT8_MAX", "UINT16_MAX", "UINT32_MAX", "UINT64_MAX", "INFINITY", "NAN", "HUGE_VAL", "HUGE_VALF",
    // CUDA built-in variables, types and functions the generated code calls
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3", "cudaStream_t", "cudaError_t",
    "cudaSuccess", "cudaGetLastError", "cudaErrorInvalidValue", "cudaErrorInvalidConfiguration",
    "cudaErrorLaunchFailure", "fmaf",
};

// CUDA's vector types: float4, uchar2, longlong3, ...
static bool is_cuda_vector_type(const char *name) {
  static const char *const bases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                      "longlong", "ulonglong", "float", "double"};
  for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
    size_t n = strlen(bases[i]);
    if (!strncmp(name, bases[i], n) && name[n] >= '1' && name[n] <= '4' && !name[n + 1]) return true;
  }
  return false;
}

bool is_reserved_name(const char *name) {
  for (size_t i = 0; i < sizeof reserved_words / sizeof reserved_words[0]; i++)
    if (!strcmp(name, reserved_words[i])) return true;
  return !strncmp(name, "tl2cu_", 6) || !strncmp(name, "TL2CU_", 6) || is_cuda_vector_type(name);
}

const char *user_cname(const char *name) {
  if (name[0] == '_') return xprintf("u%s", name);
  if (is_reserved_name(name)) return xprintf("%s_", name);
  return name;
}
