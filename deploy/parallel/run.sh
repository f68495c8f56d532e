#!/bin/sh
# Count classic n-queens of side N in M shards with GNU parallel, on this machine or on several, then
# merge:
#
#   deploy/parallel/run.sh N [M] [JOBS]        M shards (default 16), JOBS at once on each host
#                                               (default: one per core)
#   HOSTS=8/node1,8/node2 deploy/parallel/run.sh 20 256      on two hosts, 8 at once on each
#
# HOSTS is GNU parallel's --sshlogin list (":" is this machine); without GNU parallel, xargs runs the
# shards here. Each run has a folder of its own, results/nN-mM under the current folder (or OUT=DIR), so
# that another n or M never mixes with it. Every command names that folder by its absolute path: a remote
# host's shell starts in its home folder, where a relative path points elsewhere. With HOSTS the folder
# must be on storage every host sees at the same path (NFS, say), and queens must be on every host's
# PATH. Rerun the same command after a failure: finished shards are kept, the others resume from their
# checkpoints.
set -eu
usage="usage: [HOSTS=LOGINS] [OUT=DIR] run.sh N [M] [JOBS]"
n=${1:-} m=${2:-16} jobs=${3:-}
for v in "N=$n" "M=$m" ${jobs:+"JOBS=$jobs"}; do
  case ${v#*=} in
  '' | *[!0-9]* | 0*)
    echo "run.sh: $v: want a whole number from 1; $usage" >&2
    exit 2
    ;;
  esac
done
out=${OUT:-results/n$n-m$m}
case $out in
/*) ;;
*) out=$PWD/$out ;;
esac
case $out in
*\'*)
  echo "run.sh: OUT=$out: a folder whose name holds a quote cannot be passed to the hosts' shells" >&2
  exit 2
  ;;
esac
mkdir -p "$out"
# One shard: skipped when its result is there; written whole (to .tmp, then renamed) or not at all.
shard="cd / && mkdir -p '$out' && if [ ! -s '$out/shard-{}.json' ]; then
  queens solve -n $n --shard {}/$m --threads 1 --quiet --checkpoint '$out/shard-{}.ckpt' > '$out/shard-{}.json.tmp' &&
  mv '$out/shard-{}.json.tmp' '$out/shard-{}.json'; fi"
if command -v parallel >/dev/null 2>&1; then
  # shellcheck disable=SC2086
  seq 0 $((m - 1)) | parallel ${HOSTS:+-S "$HOSTS"} ${jobs:+-j "$jobs"} "$shard" || failed=$?
elif [ -n "${HOSTS:-}" ]; then
  echo "run.sh: HOSTS needs GNU parallel (Debian: apt-get install parallel)" >&2
  exit 2
else
  seq 0 $((m - 1)) | xargs -P "${jobs:-2}" -I{} sh -c "$shard" || failed=$?
fi
if [ -n "${failed:-}" ]; then
  echo "run.sh: some shards failed (exit $failed); rerun the same command: finished shards are kept, the others resume from $out" >&2
  exit 1
fi
queens merge "$out"
