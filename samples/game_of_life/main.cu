// game_of_life: one step of Conway's Game of Life on an N x N int8 grid of 0/1 cells.
// usage: game_of_life [N] [--small]      (N = 65536 means 4 GiB per buffer)
#include "kernel.h"
#include "../life.h"

int main(int argc, char **argv) {
  return life_main("game_of_life", argc, argv, [](int8_t *x, int8_t *out, int64_t n) {
    return gol_triton_2d_kernel(0, x, out, n, n);  // row stride n, size n
  });
}
