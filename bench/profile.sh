#!/bin/bash
# bench/profile.sh NAME...: ncu counters of the Triton and tl2cu kernels of each sample.
cd "$(dirname "$0")/.." || exit 1
make -s -C samples -j"$(nproc)" compile >/dev/null 2>&1 || { echo "build failed"; exit 1; }
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,smsp__inst_executed.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,launch__block_size,launch__grid_size,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__throughput.avg.pct_of_peak_sustained_active,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_op_write.sum
ncu --profile-from-start off --clock-control none --metrics "$metrics" --csv --page raw \
  python3 bench/profile.py "$@" 2>/dev/null >/tmp/ncu.csv
[ -n "${OUT:-}" ] && cp /tmp/ncu.csv "$OUT/ncu.csv"
python3 bench/ncu_table.py "$metrics" </tmp/ncu.csv
