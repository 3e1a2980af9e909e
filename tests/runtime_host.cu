// tests/runtime_host.cu: the runtime's host-and-device helpers, checked on the CPU
// (nvcc, no GPU needed). The bytewise top-bit comparisons (tl2cu_msb_*) against
// plain C on every pair of bytes, in every byte position of a word, with the other
// bytes random so that a carry or borrow leaking between bytes shows.
#include <cstdio>
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
  printf("%d of %d runtime byte helpers wrong\n", failed, (int)(sizeof cases / sizeof cases[0]) + 1);
  return failed != 0;
}
