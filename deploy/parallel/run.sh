#!/bin/sh
# Count classic N in M shards on this machine (or on several, with GNU parallel's --sshlogin), then
# merge. GNU parallel hands each job its number in PARALLEL_SEQ, which --shard auto/M reads; without
# GNU parallel, xargs passes the index as an argument.
#   deploy/parallel/run.sh 17 32 4      n=17, 32 shards, 4 at a time
set -eu
n=${1:-16} m=${2:-16} jobs=${3:-2}
out=${OUT:-shards-n$n}
mkdir -p "$out"
if command -v parallel >/dev/null 2>&1; then
  seq 0 $((m - 1)) | parallel -j "$jobs" \
    "queens solve -n $n --shard auto/$m --threads 1 --format json --quiet --checkpoint $out/shard-{}.ckpt > $out/shard-{}.json"
else
  seq 0 $((m - 1)) | xargs -P "$jobs" -I{} \
    sh -c "queens solve -n $n --shard {}/$m --threads 1 --format json --quiet --checkpoint $out/shard-{}.ckpt > $out/shard-{}.json"
fi
queens merge "$out"/shard-*.json
