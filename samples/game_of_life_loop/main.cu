// game_of_life_loop: the Game of Life step of ../game_of_life, its kernel written as a loop.
// usage: game_of_life_loop [N] [--small]      (N = 65536 means 4 GiB per buffer)
#include "kernel.h"
#include "../life.h"

int main(int argc, char **argv) {
  return life_main("game_of_life_loop", argc, argv, [](int8_t *x, int8_t *out, int64_t n) {
    return gol_loop_kernel(0, x, out, n, n);  // row stride n, size n
  });
}
