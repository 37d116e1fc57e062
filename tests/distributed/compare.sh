# tests/distributed/compare.sh — sourced by run.sh and run_mpi.sh: compare_ranks NAME N DIR HOW
# diffs each rank's output in DIR/rank{k}.txt with PyTorch's (expected/NAME/N/rank{k}.txt), says
# which differ (HOW names the launch) or that all agree, and returns 0 only when all agree.
compare_ranks() {
  local name=$1 n=$2 dir=$3 how=$4 status=0 k
  for ((k = 0; k < n; ++k)); do
    if ! diff -u "$here/expected/$name/$n/rank$k.txt" "$dir/rank$k.txt"; then
      echo "FAIL: $name, rank $k of $n$how differs from PyTorch's"; status=1
    fi
  done
  [[ $status == 0 ]] && echo "ok: $name on $n ranks$how"
  return $status
}
