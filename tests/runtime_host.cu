// tests/runtime_host.cu: the runtime's host-and-device helpers, checked on the CPU
// (nvcc, no GPU needed). The wrapping integer helpers (tl2cu_add, _sub, _mul, _neg,
// _abs, _shl, _shr) on every width and signedness, against two's complement computed from the
// low bits of 64-bit unsigned arithmetic, overflowing operands included. The bytewise top-bit comparisons (tl2cu_msb_*) against
// plain C on every pair of bytes, in every byte position of a word, with the other
// bytes random so that a carry or borrow leaking between bytes shows. The launchers' check
// of host tensor descriptors (tl2cu_tensordesc_valid) on each rule Triton's TensorDescriptor
// asserts. Python's // and % for launch grids and heuristics.
#include <cstdio>
#include <vector>
#include "tl2cu.cuh"

typedef uint32_t (*Msb4)(uint32_t, uint32_t);
typedef bool (*Scalar)(int, int);

static bool eq(int a, int b) { return a == b; }
static bool ne(int a, int b) { return a != b; }
static bool lt(int a, int b) { return a < b; }
static bool le(int a, int b) { return a <= b; }
static bool gt(int a, int b) { return a > b; }
static bool ge(int a, int b) { return a >= b; }

static uint32_t next_random(uint32_t &state) {  // xorshift32
  state ^= state << 13, state ^= state >> 17, state ^= state << 5;
  return state;
}

// The number of (a, b, position) cases where f disagrees with the scalar comparison.
static long check(Msb4 f, Scalar want, bool is_signed) {
  long wrong = 0;
  uint32_t state = 2463534242u;
  for (int a = 0; a < 256; a++)
    for (int b = 0; b < 256; b++)
      for (int pos = 0; pos < 4; pos++) {
        const int shift = 8 * pos;
        const uint32_t keep = ~(0xffu << shift);
        const uint32_t wa = (next_random(state) & keep) | (uint32_t)a << shift;
        const uint32_t wb = (next_random(state) & keep) | (uint32_t)b << shift;
        const uint32_t got = f(wa, wb);
        for (int k = 0; k < 4; k++) {  // every byte of the word, the random ones too
          const int x = (wa >> 8 * k) & 0xff, y = (wb >> 8 * k) & 0xff;
          const bool expect = is_signed ? want((int8_t)x, (int8_t)y) : want(x, y);
          wrong += ((got >> 8 * k) & 0xff) != (expect ? 0x80u : 0u);
        }
        wrong += tl2cu_msb_bool4(got) != (got >> 7);
      }
  return wrong;
}

// ---------------------------------------------------------------- wrapping integers
// The low bits of r as a value of T's width, sign-extended for signed types: Triton's
// two's complement result, spelled without the helpers' casts.
template <typename T>
static int64_t wrapped(uint64_t r) {
  const int bits = sizeof(T) * 8;
  const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1, low = r & mask;
  const bool negative = std::is_signed<T>::value && (low >> (bits - 1)) & 1;
  return negative ? (int64_t)(low | ~mask) : (int64_t)low;
}

// Triton's shifts on the H200: amounts of the width or more give 0, or the sign for >>
// (TRITON_SEMANTICS.md 3.1); the amount is read as unsigned.
template <typename T>
static int64_t shifted(T x, uint64_t s, bool left) {
  const uint64_t bits = sizeof(T) * 8, u = (uint64_t)x;
  const bool negative = std::is_signed<T>::value && x < T(0);
  if (s >= bits) return left || !negative ? 0 : -1;
  if (left) return wrapped<T>(u << s);
  if (negative) return wrapped<T>(~(~u >> s));  // ones shifted in
  return wrapped<T>((bits == 64 ? u : u & ((1ull << bits) - 1)) >> s);
}

static uint64_t next_random64(uint32_t &state) {
  const uint64_t hi = next_random(state);
  return hi << 32 | next_random(state);
}

// Operands: the edges (0, 1, -1, the extremes and their neighbours) paired with each
// other and with random bit patterns. Returns the number of wrong results.
template <typename T>
static long check_wrapping(const char *name) {
  const T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  std::vector<T> values = {T(0), T(1), T(-1), T(2), lo, hi, T(lo + 1), T(hi - 1), T(hi / 2 + 1)};
  uint32_t state = 88172645u;
  for (int i = 0; i < 300; i++) values.push_back((T)next_random64(state));
  long wrong = 0;
  for (T a : values) {
    const uint64_t ua = (uint64_t)a, bits = sizeof(T) * 8;
    wrong += tl2cu_neg(a) != wrapped<T>(0 - ua);
    wrong += tl2cu_abs(a) != (std::is_signed<T>::value && (int64_t)a < 0 ? wrapped<T>(0 - ua) : wrapped<T>(ua));
    for (T b : values) {
      const uint64_t ub = (uint64_t)b;
      wrong += tl2cu_add(a, b) != wrapped<T>(ua + ub);
      wrong += tl2cu_sub(a, b) != wrapped<T>(ua - ub);
      wrong += tl2cu_mul(a, b) != wrapped<T>(ua * ub);
      // what a compiler may fold to b < 0 if the add cannot overflow
      wrong += (tl2cu_add(a, b) < a) != (T(wrapped<T>(ua + ub)) < a);
    }
    const uint64_t amounts[] = {0, 1, bits - 1, bits, bits + 1, 40, 64, ~0ull};
    for (uint64_t k : amounts) {
      const T s = T(k);  // ~0: -1 in signed types, a huge amount read as unsigned
      wrong += tl2cu_shl(a, s) != shifted(a, (uint64_t)s, true);
      wrong += tl2cu_shr(a, s) != shifted(a, (uint64_t)s, false);
    }
  }
  if (wrong) printf("%s: %ld wrong results\n", name, wrong);
  return wrong;
}

// Each rule of a valid descriptor broken once; the number of verdicts that are wrong.
static int check_tensordesc() {
  alignas(16) static float data[64];
  const tl2cu_tensordesc good = {data, {4, 13}, {16, 1}, 0};
  struct {
    tl2cu_tensordesc d;
    int elem_bytes;
    bool nan_padding, want;
  } cases[] = {
      {good, 4, false, true},
      {{data, {4, 13}, {16, 1}, 1}, 4, true, true},    // NaN padding where it is supported
      {{data, {4, 13}, {16, 1}, 1}, 2, false, false},  // and where not
      {{data + 1, {4, 13}, {16, 1}, 0}, 4, false, false},  // base not 16-byte aligned
      {{data, {4, 13}, {13, 1}, 0}, 4, false, false},      // a row stride of 52 bytes
      {{data, {4, 13}, {8, 1}, 0}, 2, false, true},        // 16 bytes of fp16
      {{data, {4, 13}, {16, 2}, 0}, 4, false, false},      // last stride not 1
      {{data, {0, 13}, {16, 1}, 0}, 4, false, false},      // an empty dimension
      {{data, {4, 1ll << 31}, {16, 1}, 0}, 4, false, false},  // beyond int32
      {{data, {4, 13}, {16, 1}, 2}, 4, true, false},       // no such padding
  };
  int wrong = 0;
  for (auto &c : cases) wrong += tl2cu_tensordesc_valid(c.d, 2, c.elem_bytes, c.nan_padding) != c.want;
  if (wrong) printf("tl2cu_tensordesc_valid: %d wrong verdicts\n", wrong);
  return wrong;
}

// Python's // and % (tl2cu_floordiv, tl2cu_pymod: grids and heuristics) against values
// Python computed: integers of both signs (C truncates), floats as CPython's divmod.
static int check_python_arith() {
  struct { long long x, d, q, m; } ints[] = {
      {-2000LL, -1024LL, 1LL, -976LL},
      {-2000LL, -3LL, 666LL, -2LL},
      {-2000LL, -2LL, 1000LL, 0LL},
      {-2000LL, -1LL, 2000LL, 0LL},
      {-2000LL, 1LL, -2000LL, 0LL},
      {-2000LL, 2LL, -1000LL, 0LL},
      {-2000LL, 3LL, -667LL, 1LL},
      {-2000LL, 7LL, -286LL, 2LL},
      {-2000LL, 1024LL, -2LL, 48LL},
      {-977LL, -1024LL, 0LL, -977LL},
      {-977LL, -3LL, 325LL, -2LL},
      {-977LL, -2LL, 488LL, -1LL},
      {-977LL, -1LL, 977LL, 0LL},
      {-977LL, 1LL, -977LL, 0LL},
      {-977LL, 2LL, -489LL, 1LL},
      {-977LL, 3LL, -326LL, 1LL},
      {-977LL, 7LL, -140LL, 3LL},
      {-977LL, 1024LL, -1LL, 47LL},
      {-7LL, -1024LL, 0LL, -7LL},
      {-7LL, -3LL, 2LL, -1LL},
      {-7LL, -2LL, 3LL, -1LL},
      {-7LL, -1LL, 7LL, 0LL},
      {-7LL, 1LL, -7LL, 0LL},
      {-7LL, 2LL, -4LL, 1LL},
      {-7LL, 3LL, -3LL, 2LL},
      {-7LL, 7LL, -1LL, 0LL},
      {-7LL, 1024LL, -1LL, 1017LL},
      {-6LL, -1024LL, 0LL, -6LL},
      {-6LL, -3LL, 2LL, 0LL},
      {-6LL, -2LL, 3LL, 0LL},
      {-6LL, -1LL, 6LL, 0LL},
      {-6LL, 1LL, -6LL, 0LL},
      {-6LL, 2LL, -3LL, 0LL},
      {-6LL, 3LL, -2LL, 0LL},
      {-6LL, 7LL, -1LL, 1LL},
      {-6LL, 1024LL, -1LL, 1018LL},
      {-1LL, -1024LL, 0LL, -1LL},
      {-1LL, -3LL, 0LL, -1LL},
      {-1LL, -2LL, 0LL, -1LL},
      {-1LL, -1LL, 1LL, 0LL},
      {-1LL, 1LL, -1LL, 0LL},
      {-1LL, 2LL, -1LL, 1LL},
      {-1LL, 3LL, -1LL, 2LL},
      {-1LL, 7LL, -1LL, 6LL},
      {-1LL, 1024LL, -1LL, 1023LL},
      {0LL, -1024LL, 0LL, 0LL},
      {0LL, -3LL, 0LL, 0LL},
      {0LL, -2LL, 0LL, 0LL},
      {0LL, -1LL, 0LL, 0LL},
      {0LL, 1LL, 0LL, 0LL},
      {0LL, 2LL, 0LL, 0LL},
      {0LL, 3LL, 0LL, 0LL},
      {0LL, 7LL, 0LL, 0LL},
      {0LL, 1024LL, 0LL, 0LL},
      {1LL, -1024LL, -1LL, -1023LL},
      {1LL, -3LL, -1LL, -2LL},
      {1LL, -2LL, -1LL, -1LL},
      {1LL, -1LL, -1LL, 0LL},
      {1LL, 1LL, 1LL, 0LL},
      {1LL, 2LL, 0LL, 1LL},
      {1LL, 3LL, 0LL, 1LL},
      {1LL, 7LL, 0LL, 1LL},
      {1LL, 1024LL, 0LL, 1LL},
      {5LL, -1024LL, -1LL, -1019LL},
      {5LL, -3LL, -2LL, -1LL},
      {5LL, -2LL, -3LL, -1LL},
      {5LL, -1LL, -5LL, 0LL},
      {5LL, 1LL, 5LL, 0LL},
      {5LL, 2LL, 2LL, 1LL},
      {5LL, 3LL, 1LL, 2LL},
      {5LL, 7LL, 0LL, 5LL},
      {5LL, 1024LL, 0LL, 5LL},
      {7LL, -1024LL, -1LL, -1017LL},
      {7LL, -3LL, -3LL, -2LL},
      {7LL, -2LL, -4LL, -1LL},
      {7LL, -1LL, -7LL, 0LL},
      {7LL, 1LL, 7LL, 0LL},
      {7LL, 2LL, 3LL, 1LL},
      {7LL, 3LL, 2LL, 1LL},
      {7LL, 7LL, 1LL, 0LL},
      {7LL, 1024LL, 0LL, 7LL},
      {977LL, -1024LL, -1LL, -47LL},
      {977LL, -3LL, -326LL, -1LL},
      {977LL, -2LL, -489LL, -1LL},
      {977LL, -1LL, -977LL, 0LL},
      {977LL, 1LL, 977LL, 0LL},
      {977LL, 2LL, 488LL, 1LL},
      {977LL, 3LL, 325LL, 2LL},
      {977LL, 7LL, 139LL, 4LL},
      {977LL, 1024LL, 0LL, 977LL},
      {2000LL, -1024LL, -2LL, -48LL},
      {2000LL, -3LL, -667LL, -1LL},
      {2000LL, -2LL, -1000LL, 0LL},
      {2000LL, -1LL, -2000LL, 0LL},
      {2000LL, 1LL, 2000LL, 0LL},
      {2000LL, 2LL, 1000LL, 0LL},
      {2000LL, 3LL, 666LL, 2LL},
      {2000LL, 7LL, 285LL, 5LL},
      {2000LL, 1024LL, 1LL, 976LL},
      {1099511627779LL, -1024LL, -1073741825LL, -1021LL},
      {1099511627779LL, -3LL, -366503875927LL, -2LL},
      {1099511627779LL, -2LL, -549755813890LL, -1LL},
      {1099511627779LL, -1LL, -1099511627779LL, 0LL},
      {1099511627779LL, 1LL, 1099511627779LL, 0LL},
      {1099511627779LL, 2LL, 549755813889LL, 1LL},
      {1099511627779LL, 3LL, 366503875926LL, 1LL},
      {1099511627779LL, 7LL, 157073089682LL, 5LL},
      {1099511627779LL, 1024LL, 1073741824LL, 3LL},
      {-1099511627779LL, -1024LL, 1073741824LL, -3LL},
      {-1099511627779LL, -3LL, 366503875926LL, -1LL},
      {-1099511627779LL, -2LL, 549755813889LL, -1LL},
      {-1099511627779LL, -1LL, 1099511627779LL, 0LL},
      {-1099511627779LL, 1LL, -1099511627779LL, 0LL},
      {-1099511627779LL, 2LL, -549755813890LL, 1LL},
      {-1099511627779LL, 3LL, -366503875927LL, 2LL},
      {-1099511627779LL, 7LL, -157073089683LL, 2LL},
      {-1099511627779LL, 1024LL, -1073741825LL, 1021LL},
  };
  struct { double x, d, q, m; } floats[] = {
      {-7.5, -2.0, 0x1.8000000000000p+1, -0x1.8000000000000p+0},
      {-7.5, -0.75, 0x1.4000000000000p+3, -0x0.0p+0},
      {-7.5, 0.75, -0x1.4000000000000p+3, 0x0.0p+0},
      {-7.5, 2.0, -0x1.0000000000000p+2, 0x1.0000000000000p-1},
      {-7.5, 3.0, -0x1.8000000000000p+1, 0x1.8000000000000p+0},
      {-0.5, -2.0, 0x0.0p+0, -0x1.0000000000000p-1},
      {-0.5, -0.75, 0x0.0p+0, -0x1.0000000000000p-1},
      {-0.5, 0.75, -0x1.0000000000000p+0, 0x1.0000000000000p-2},
      {-0.5, 2.0, -0x1.0000000000000p+0, 0x1.8000000000000p+0},
      {-0.5, 3.0, -0x1.0000000000000p+0, 0x1.4000000000000p+1},
      {-0.0, -2.0, 0x0.0p+0, -0x0.0p+0},
      {-0.0, -0.75, 0x0.0p+0, -0x0.0p+0},
      {-0.0, 0.75, -0x0.0p+0, 0x0.0p+0},
      {-0.0, 2.0, -0x0.0p+0, 0x0.0p+0},
      {-0.0, 3.0, -0x0.0p+0, 0x0.0p+0},
      {0.0, -2.0, -0x0.0p+0, -0x0.0p+0},
      {0.0, -0.75, -0x0.0p+0, -0x0.0p+0},
      {0.0, 0.75, 0x0.0p+0, 0x0.0p+0},
      {0.0, 2.0, 0x0.0p+0, 0x0.0p+0},
      {0.0, 3.0, 0x0.0p+0, 0x0.0p+0},
      {0.5, -2.0, -0x1.0000000000000p+0, -0x1.8000000000000p+0},
      {0.5, -0.75, -0x1.0000000000000p+0, -0x1.0000000000000p-2},
      {0.5, 0.75, 0x0.0p+0, 0x1.0000000000000p-1},
      {0.5, 2.0, 0x0.0p+0, 0x1.0000000000000p-1},
      {0.5, 3.0, 0x0.0p+0, 0x1.0000000000000p-1},
      {3.25, -2.0, -0x1.0000000000000p+1, -0x1.8000000000000p-1},
      {3.25, -0.75, -0x1.4000000000000p+2, -0x1.0000000000000p-1},
      {3.25, 0.75, 0x1.0000000000000p+2, 0x1.0000000000000p-2},
      {3.25, 2.0, 0x1.0000000000000p+0, 0x1.4000000000000p+0},
      {3.25, 3.0, 0x1.0000000000000p+0, 0x1.0000000000000p-2},
      {7.5, -2.0, -0x1.0000000000000p+2, -0x1.0000000000000p-1},
      {7.5, -0.75, -0x1.4000000000000p+3, -0x0.0p+0},
      {7.5, 0.75, 0x1.4000000000000p+3, 0x0.0p+0},
      {7.5, 2.0, 0x1.8000000000000p+1, 0x1.8000000000000p+0},
      {7.5, 3.0, 0x1.0000000000000p+1, 0x1.8000000000000p+0},
      {10000000000.0, -2.0, -0x1.2a05f20000000p+32, -0x0.0p+0},
      {10000000000.0, -0.75, -0x1.8d5d42ab00000p+33, -0x1.0000000000000p-1},
      {10000000000.0, 0.75, 0x1.8d5d42aa80000p+33, 0x1.0000000000000p-2},
      {10000000000.0, 2.0, 0x1.2a05f20000000p+32, 0x0.0p+0},
      {10000000000.0, 3.0, 0x1.8d5d42aa00000p+31, 0x1.0000000000000p+0},
      {-0.001, -2.0, 0x0.0p+0, -0x1.0624dd2f1a9fcp-10},
      {-0.001, -0.75, 0x0.0p+0, -0x1.0624dd2f1a9fcp-10},
      {-0.001, 0.75, -0x1.0000000000000p+0, 0x1.7f7ced916872bp-1},
      {-0.001, 2.0, -0x1.0000000000000p+0, 0x1.ffbe76c8b4396p+0},
      {-0.001, 3.0, -0x1.0000000000000p+0, 0x1.7fdf3b645a1cbp+1},
  };
  int wrong = 0;
  for (auto &c : ints) {
    const long long q = tl2cu_floordiv((int64_t)c.x, (int64_t)c.d), m = tl2cu_pymod((int64_t)c.x, (int64_t)c.d);
    if (q != c.q || m != c.m) printf("%lld // %lld, %%: got %lld, %lld want %lld, %lld\n", c.x, c.d, q, m, c.q, c.m), wrong++;
  }
  for (auto &c : floats) {
    const double q = tl2cu_floordiv(c.x, c.d), m = tl2cu_pymod(c.x, c.d);
    if (memcmp(&q, &c.q, 8) || memcmp(&m, &c.m, 8)) printf("%g // %g, %%: got %a, %a want %a, %a\n", c.x, c.d, q, m, c.q, c.m), wrong++;
  }
  return wrong;
}

// tl2cu_scan_slot<S>: a permutation of every block of n = 32 .. 65536 elements (powers of
// two, as blocks are), for segments S = 1 .. n; 0 if so, else the failing cases.
template <int S>
static int check_scan_slot() {
  int wrong = 0;
  for (int n = 32; n <= 65536; n *= 2) {
    if (S > n) continue;
    std::vector<char> seen(n, 0);
    for (int i = 0; i < n; i++) {
      const int slot = tl2cu_scan_slot<S>(i);
      if (slot < 0 || slot >= n || seen[slot]++) {
        printf("tl2cu_scan_slot<%d> of %d elements: %d -> %d\n", S, n, i, slot);
        wrong++;
        break;
      }
    }
  }
  return wrong;
}

static int check_scan_slots() {
  return check_scan_slot<1>() + check_scan_slot<2>() + check_scan_slot<4>() + check_scan_slot<8>() +
         check_scan_slot<16>() + check_scan_slot<32>() + check_scan_slot<64>() + check_scan_slot<128>() +
         check_scan_slot<1024>() + check_scan_slot<65536>();
}

int main() {
  struct {
    const char *name;
    Msb4 f;
    Scalar want;
    bool is_signed;
  } cases[] = {
      {"tl2cu_msb_eq4", tl2cu_msb_eq4, eq, false},   {"tl2cu_msb_ne4", tl2cu_msb_ne4, ne, false},
      {"tl2cu_msb_ltu4", tl2cu_msb_ltu4, lt, false}, {"tl2cu_msb_leu4", tl2cu_msb_leu4, le, false},
      {"tl2cu_msb_gtu4", tl2cu_msb_gtu4, gt, false}, {"tl2cu_msb_geu4", tl2cu_msb_geu4, ge, false},
      {"tl2cu_msb_lts4", tl2cu_msb_lts4, lt, true},  {"tl2cu_msb_les4", tl2cu_msb_les4, le, true},
      {"tl2cu_msb_gts4", tl2cu_msb_gts4, gt, true},  {"tl2cu_msb_ges4", tl2cu_msb_ges4, ge, true},
  };
  int failed = 0;
  for (auto &c : cases) {
    const long wrong = check(c.f, c.want, c.is_signed);
    if (wrong) printf("%s: %ld wrong bytes\n", c.name, wrong), failed++;
  }
  // select: every (c, a, b) bit pattern of top-bit bools, bitwise
  for (uint32_t c = 0; c < 16; c++)
    for (uint32_t a = 0; a < 16; a++)
      for (uint32_t b = 0; b < 16; b++) {
        uint32_t wc = 0, wa = 0, wb = 0, want = 0;
        for (int k = 0; k < 4; k++) {
          const uint32_t bit = 0x80u << 8 * k;
          if (c >> k & 1) wc |= bit;
          if (a >> k & 1) wa |= bit;
          if (b >> k & 1) wb |= bit;
          if ((c >> k & 1) ? (a >> k & 1) : (b >> k & 1)) want |= bit;
        }
        if (tl2cu_msb_select4(wc, wa, wb) != want) printf("tl2cu_msb_select4 %x %x %x\n", c, a, b), failed++;
      }
  const int wrapping_failed = (check_wrapping<int8_t>("int8") != 0) + (check_wrapping<uint8_t>("uint8") != 0) +
                              (check_wrapping<int16_t>("int16") != 0) + (check_wrapping<uint16_t>("uint16") != 0) +
                              (check_wrapping<int32_t>("int32") != 0) + (check_wrapping<uint32_t>("uint32") != 0) +
                              (check_wrapping<int64_t>("int64") != 0) + (check_wrapping<uint64_t>("uint64") != 0);
  const int desc_wrong = check_tensordesc();
  const int arith_wrong = check_python_arith();
  const int slots_wrong = check_scan_slots();
  printf("%d of %d runtime byte helpers wrong, wrapping integer helpers wrong in %d of 8 types, "
         "%d wrong descriptor verdicts, %d wrong Python // and %%, %d scan slot maps not permutations\n", failed,
         (int)(sizeof cases / sizeof cases[0]) + 1, wrapping_failed, desc_wrong, arith_wrong, slots_wrong);
  return failed + wrapping_failed + desc_wrong + arith_wrong + slots_wrong != 0;
}
