#!/usr/bin/env bash
# The multi-host fault matrix (`bin/hadoopopt faults`): each fault injected into a WordCount job
# (combiner and two reducers: hash grouping on the map side, the fingerprint merge on the reduce
# side) on a `bin/cluster --hosts N` cluster, once with every plugin on (--plugins) and once on stock,
# each on a fresh cluster. Per run it records the outcome, whether the answer equals an independent
# count of the input (awk), the part files' MD5s (plugins against stock), the job's counters, the map
# outputs each host's ShuffleHandler served, and what was left after `bin/cluster stop` (processes,
# namespaces, links, sockets, /dev/shm segments). Rows are appended to OUT/host-faults.tsv; OUT/host-faults.md
# is rebuilt from all rows after each run (so the matrix can be run in parts with --only). OUT defaults to
# benchmarks/results/hosts (committed); the input, clusters, logs and counters go to WORK (default
# build/fault-work).
#
#   bin/hadoopopt faults [--only CASE,..] [--modes plugins,stock] [--hosts N] [--out DIR] [--work DIR]
#                        [--base-port P] [--net-prefix NAME] [--mb MB] [--timeout S]
#
# CASES: none (no fault; also the scan job that shows direct reads per host), nm-map (a NodeManager and
# its containers killed mid-map), nm-shuffle (killed while the reducers shuffle), dn-read (a DataNode
# killed mid-read), link-shuffle (a host's link cut for 25 s during the shuffle, then restored),
# corrupt (one replica of an input block corrupted on one host before the job); bad input, each
# on host 2's DataNode restarted before the job: clock (its clock 15 h ahead, past the block tokens'
# 10 h lifetime; needs libfaketime), address (it names itself by host 3's address), sockdir (its
# socket folder set to host 1's); with plugins, corrupt and the bad-input cases also read the whole input
# on every host (DirectIoCheck) before the job: bytes equal to the input's, direct bytes, fallbacks to
# streaming and another host's replies, per host, in the fault column. Streaming: streaming (no fault) and shm-nm-map (a NodeManager killed
# mid-map) run the Python WordCount of shmstreaming over shared memory (-io shm) with plugins, over
# pipes on stock. load (no fault; run it under benchlock): 3 WordCount jobs at once and, on each host, 2
# readers at once (DirectIoCheck over the whole input), each timed; OUT/host-load.tsv gets a row per
# job and reader (host, seconds, MB/s, direct bytes), the matrix a row with every answer checked.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
H=$HADOOPOPT_HOME
CASES_ALL=(none nm-map nm-shuffle dn-read link-shuffle corrupt clock address sockdir streaming shm-nm-map load)
only=""; modes="plugins,stock"; hosts=3; out="$H/benchmarks/results/hosts"; work="$H/build/fault-work"; base=28100; prefix=""; mb=24; timeout=600
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=${2:?}; shift 2 ;;
    --modes) modes=${2:?}; shift 2 ;;
    --hosts) hosts=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    --base-port) base=${2:?}; shift 2 ;;
    --net-prefix) prefix=${2:?}; shift 2 ;;
    --mb) mb=${2:?}; shift 2 ;;
    --timeout) timeout=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) hadoopopt_die "faults: unknown option '$1' (--help)" ;;
  esac
done
cases=("${CASES_ALL[@]}")
if [ -n "$only" ]; then
  cases=()
  for c in ${only//,/ }; do
    [[ " ${CASES_ALL[*]} " == *" $c "* ]] || hadoopopt_die "faults --only: unknown case '$c' (cases: ${CASES_ALL[*]})"
    cases+=("$c")
  done
fi
[ -n "$prefix" ] || prefix="hof$base"
for t in curl python3 ip awk md5sum; do command -v $t >/dev/null || hadoopopt_die "faults needs $t"; done
[ "$(id -u)" -eq 0 ] || hadoopopt_die "faults needs root (bin/cluster --hosts makes network namespaces)"
EXAMPLES=$(ls ~/.m2/repository/org/apache/hadoop/hadoop-mapreduce-examples/"$HADOOPOPT_HADOOP_VERSION"/hadoop-mapreduce-examples-"$HADOOPOPT_HADOOP_VERSION".jar 2>/dev/null) ||
  hadoopopt_die "faults needs hadoop-mapreduce-examples $HADOOPOPT_HADOOP_VERSION in the Maven repository (mvn dependency:get)"
DIO_JAR="$H/hdfs-directio/target/hadoopopt-hdfs-directio-0.1.0-SNAPSHOT.jar"
STREAMING=$(ls ~/.m2/repository/org/apache/hadoop/hadoop-streaming/"$HADOOPOPT_HADOOP_VERSION"/hadoop-streaming-"$HADOOPOPT_HADOOP_VERSION".jar 2>/dev/null) ||
  hadoopopt_die "faults needs hadoop-streaming $HADOOPOPT_HADOOP_VERSION in the Maven repository"
PY="$H/shmstreaming/src/main/python"

mkdir -p "$out" "$work"; out=$(cd "$out" && pwd); work=$(cd "$work" && pwd)
tsv="$out/host-faults.tsv"
[ -f "$tsv" ] || printf 'case\tmode\toutcome\tseconds\tanswer_equal\tparts_md5\tfailed_maps\tkilled_maps\tfailed_reduces\tkilled_reduces\thash_grouped\tfp_merged\tshuffle_outputs_by_host\treduce_hosts\tfault\tleft\tdate\tcommit\tload\n' > "$tsv"
log() { echo "[faults $(date +%H:%M:%S)] $*" >&2; }

# ---- input and its independent answer ----
input="$work/input"
if [ ! -f "$input/expected.txt" ] || [ "$(cat "$input/mb" 2>/dev/null)" != "$mb" ]; then
  log "generating $mb MB of words and their count (awk)"
  rm -rf "$input"; mkdir -p "$input"
  for f in 0 1; do
    awk -v seed=$((f + 7)) -v bytes=$((mb * 1048576 / 2)) 'BEGIN { srand(seed); n = 0;
      while (n < bytes) { line = ""; for (i = 0; i < 12; i++) { w = sprintf("w%d", int(rand() * rand() * 50000));
        line = line (i ? " " : "") w }; print line; n += length(line) + 1 } }' > "$input/part$f.txt"
  done
  cat "$input"/part*.txt | tr ' ' '\n' | LC_ALL=C sort | uniq -c | awk '{print $2 "\t" $1}' | LC_ALL=C sort > "$input/expected.txt"
  echo "$mb" > "$input/mb"
fi

# ---- one run ----
cdir=""; conf=""; hadoop() { HADOOP_CONF_DIR="$conf" "$H/bin/hadoop" "$@"; }
master_ip() { awk '$1 == "host" && $2 == 1 {print $3}' <<<"$("$H/bin/cluster" hosts --dir "$cdir")"; }
host_ip() { awk -v k="$1" '$1 == "host" && $2 == k {print $3}' <<<"$("$H/bin/cluster" hosts --dir "$cdir")"; }
rm_url() { echo "http://$(master_ip):$((base + 14))"; }
jhs_url() { echo "http://$(master_ip):$((base + 31))"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); $1" 2>/dev/null; }

app_id() { # the running application's id (our one job)
  curl -sf --max-time 5 "$(rm_url)/ws/v1/cluster/apps?states=RUNNING" | json 'print(d["apps"]["app"][0]["id"])' || true
}
am_host() { # address of the host running the job's ApplicationMaster
  curl -sf --max-time 5 "$(rm_url)/ws/v1/cluster/apps/$1" | json 'print(d["app"]["amHostHttpAddress"].split(":")[0])' || true
}
job_state() { # mapsTotal mapsCompleted mapsRunning reducesRunning reduceProgress, from the AM through the RM proxy
  curl -sf --max-time 5 "$(rm_url)/proxy/$1/ws/v1/mapreduce/jobs" |
    json 'j=d["jobs"]["job"][0]; print(j["mapsTotal"], j["mapsCompleted"], j["mapsRunning"], j["reducesRunning"], int(j["reduceProgress"]))' || true
}
host_index() { # host_index ADDRESS -> K
  awk -v a="$1" '$1 == "host" && $3 == a {print $2}' <<<"$("$H/bin/cluster" hosts --dir "$cdir")"
}
victim() { # a host other than the AM's (the fault must not take the job's master with it): K
  local am k; am=$(host_index "$(am_host "$1")")
  for ((k = hosts; k >= 1; k--)); do [ "$k" = "$am" ] || { echo $k; return; }; done
}
procs_under() { # procs_under DIR: pids whose command line names DIR or whose working folder is in it
  local p
  { pgrep -f -- "$1" || true
    for p in /proc/[0-9]*; do [[ "$(readlink "$p/cwd" 2>/dev/null)" == "$1"* ]] && echo "${p#/proc/}"; done; } | sort -u
}
kill_nm() { # kill_nm K: the NodeManager of host K and every container process it started (a host's YARN gone)
  local i=$(($1 - 1)) pid
  kill -9 "$(cat "$cdir/pids/nodemanager-$i.pid")" 2>/dev/null || true
  for pid in $(procs_under "$cdir/data/nm-local-$i/"); do kill -9 "$pid" 2>/dev/null || true; done
}

# inject CASE APPID: waits for the moment of the case's fault, injects it, prints what it did.
inject() {
  local c=$1 app=$2 st k deadline=$((SECONDS + timeout))
  while [ $SECONDS -lt $deadline ]; do
    st=$(job_state "$app"); set -- $st
    if [ $# -eq 5 ]; then
      case "$c" in
        nm-map|dn-read|shm-nm-map)
          if [ "$3" -ge 1 ] && [ "$2" -ge 1 ] && [ "$2" -lt "$1" ]; then
            k=$(victim "$app")
            if [ "$c" != dn-read ]; then kill_nm "$k"; echo "NodeManager of host $k and its containers killed at $2/$1 maps done"
            else kill -9 "$(cat "$cdir/pids/datanode-$((k - 1)).pid")"; echo "DataNode of host $k killed at $2/$1 maps done, $3 running"; fi
            return
          fi ;;
        nm-shuffle|link-shuffle)
          if [ "$4" -ge 1 ] && [ "$2" -ge 1 ] && [ "$5" -lt 33 ]; then
            k=$(victim "$app")
            if [ "$c" = nm-shuffle ]; then kill_nm "$k"; echo "NodeManager of host $k and its containers killed in the shuffle ($2/$1 maps done, reduce ${5}%)"
            else
              "$H/bin/cluster" link --dir "$cdir" --host "$k" down; sleep 25; "$H/bin/cluster" link --dir "$cdir" --host "$k" up
              echo "link of host $k cut for 25 s in the shuffle ($2/$1 maps done, reduce ${5}%), then restored"
            fi
            return
          fi ;;
      esac
    fi
    sleep 0.5
  done
  echo "fault not injected: the job never reached its moment"
}

corrupt_replica() { # flips bytes in one replica of the first block of part0.txt: prints what it did
  local blk file i
  blk=$(hadoop org.apache.hadoop.hdfs.tools.DFSck /in/part0.txt -files -blocks -locations 2>/dev/null | grep -o 'blk_[0-9]*' | head -n 1)
  file=$(find "$cdir/data" -name "$blk" -path '*datanode-*' | head -n 1)
  [ -n "$file" ] || { echo "no replica file of $blk found"; return; }
  i=$(sed -n 's#.*/datanode-\([0-9]*\)/.*#\1#p' <<<"$file")
  printf 'CORRUPTED-BY-THE-FAULT-MATRIX' | dd of="$file" bs=1 seek=1000 conv=notrunc status=none
  echo "$blk: 29 bytes at offset 1000 of the replica on host $((i + 1)) overwritten"
}

readers_check() { # the whole input read on every host with direct reads on: prints what the readers saw
  local k rc ok=0 total=0 direct=0 fallbacks=0 foreign=0 refused=0 want o t d f r x
  want=$(md5sum "$input"/part0.txt "$input"/part1.txt | cut -d' ' -f1 | tr '\n' ' ')
  for ((k = 1; k <= hosts; k++)); do
    o="$work/readers-h$k.out"; rc=0
    "$H/bin/cluster" exec --dir "$cdir" --host $k env HADOOP_CLASSPATH="$DIO_JAR" "$H/bin/hadoop" \
      org.hadoopopt.directio.tools.DirectIoCheck /in/part0.txt /in/part1.txt > "$o" 2> "$work/readers-h$k.err" || rc=$?
    [ "$rc" = 0 ] && [ "$(cut -f4 "$o" | tr '\n' ' ')" = "$want" ] && ok=$((ok + 1))
    read -r t d f r x < <(awk -F'\t' '{t += $3; d += $5; f += $7; r += $8; x += $9} END {print t + 0, d + 0, f + 0, r + 0, x + 0}' "$o")
    total=$((total + t)); direct=$((direct + d)); fallbacks=$((fallbacks + f)); foreign=$((foreign + r)); refused=$((refused + x))
  done
  echo "readers on $ok of $hosts hosts read every byte right ($direct of $total bytes direct, $fallbacks fallbacks to streaming, $foreign replies naming another host, $refused direct opens refused by a DataNode)"
}

live_datanodes() {
  curl -sf --max-time 5 "http://$(master_ip):$((base + 1))/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState" |
    json 'print(d["beans"][0]["NumLiveDataNodes"])' || echo 0
}

# relaunch_dn K SED_EXPR [VAR=VALUE...]: host K's DataNode stopped and started again with the same
# command line, its hdfs-site.xml edited by SED_EXPR (none if empty) and VAR=VALUE in its environment;
# returns once the NameNode counts every DataNode live again.
relaunch_dn() {
  local k=$1 expr=$2 i=$(($1 - 1)) pid args=(); shift 2
  local pidf="$cdir/pids/datanode-$i.pid" site="$cdir/conf/datanode-$i/hdfs-site.xml"
  local reports; reports=$(grep -c "Successfully sent block report" "$cdir/logs/datanode-$i.log" || true)
  pid=$(cat "$pidf"); mapfile -d '' args < "/proc/$pid/cmdline"
  kill "$pid"; for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done; kill -9 "$pid" 2>/dev/null || true
  [ -z "$expr" ] || sed -i "$expr" "$site"
  nohup ip netns exec "${prefix}-h$k" env "$@" "${args[@]}" >> "$cdir/logs/datanode-$i.log" 2>&1 </dev/null &
  echo $! > "$pidf"
  # live again once the new process has sent its first block report (the NameNode still counts the old one live)
  for _ in $(seq 1 120); do
    [ "$(grep -c "Successfully sent block report" "$cdir/logs/datanode-$i.log" || true)" -gt "$reports" ] &&
      [ "$(live_datanodes)" = "$hosts" ] && return 0
    sleep 1
  done
  echo "(host $k's DataNode did not come back live)"
}

bad_input() { # bad_input CASE: breaks host 2's DataNode as the case says; prints what it did
  local ip1 ip2 ip3 lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
  ip1=$(host_ip 1); ip2=$(host_ip 2); ip3=$(host_ip 3)
  case "$1" in
    clock)
      [ -f "$lib" ] || { echo "clock not skewed: no $lib (apt-get install libfaketime)"; return; }
      relaunch_dn 2 "" LD_PRELOAD="$lib" FAKETIME=+15h FAKETIME_DONT_FAKE_MONOTONIC=1
      echo "host 2's DataNode restarted with its clock 15 h ahead (libfaketime), past the 10 h block token lifetime" ;;
    address)
      relaunch_dn 2 "s#<name>dfs.datanode.hostname</name><value>$ip2<#<name>dfs.datanode.hostname</name><value>$ip3<#"
      echo "host 2's DataNode restarted naming itself $ip3 (host 3's address), bound to $ip2" ;;
    sockdir)
      relaunch_dn 2 "s#$cdir/directio/_HOST#$cdir/directio/$ip1#"
      echo "host 2's DataNode restarted with host 1's socket folder ($(grep -c 'another live DataNode listens' "$cdir/logs/datanode-1.log" || true) refusals to take over host 1's socket in its log)" ;;
  esac
}

counter() { # counter JSON GROUP-SUFFIX NAME -> value (0 if absent)
  python3 -c "
import json,sys
d=json.load(open(sys.argv[1])); v=0
for g in d.get('jobCounters',{}).get('counterGroup',[]):
  if g['counterGroupName'].endswith(sys.argv[2]):
    for c in g['counter']:
      if c['name']==sys.argv[3]: v=c['totalCounterValue']
print(v)" "$1" "$2" "$3" 2>/dev/null || echo 0
}

shuffle_outputs() { # outputs each host's ShuffleHandler served: h1=N h2=N ...
  local k s=""
  for ((k = 1; k <= hosts; k++)); do
    s="$s h$k=$(curl -sf --max-time 5 "http://$(host_ip $k):$((base + 22))/jmx?qry=Hadoop:service=NodeManager,name=ShuffleMetrics" |
      json 'print(d["beans"][0]["ShuffleOutputsOK"])' || echo -)"
  done
  echo "${s# }"
}

reduce_hosts() { # hosts whose attempts ran the job's reduces (successful ones)
  local job=$1
  curl -sf --max-time 10 "$(jhs_url)/ws/v1/history/mapreduce/jobs/$job/tasks?type=r" |
    json 'print(" ".join(t["successfulAttempt"] for t in d["tasks"]["task"]))' | tr ' ' '\n' | while read -r a; do
      [ -n "$a" ] || continue
      t=${a%_*}; t=${t/attempt_/task_}
      curl -sf --max-time 10 "$(jhs_url)/ws/v1/history/mapreduce/jobs/$job/tasks/$t/attempts/$a" 2>/dev/null |
        json 'print(d["taskAttempt"]["nodeHttpAddress"].split(":")[0])' || true
    done | sort -u | tr '\n' ' ' | sed 's/ $//'
}

leftovers() { # what the stopped cluster left: processes, namespaces, links, sockets, shm segments of its jobs
  local left=() n ts=$1
  n=$(procs_under "$cdir/" | wc -l); [ "$n" -eq 0 ] || left+=("$n processes")
  n=$(ip netns list 2>/dev/null | grep -c "^$prefix-" || true); [ "$n" -eq 0 ] || left+=("$n namespaces")
  n=$(ip -o link show 2>/dev/null | grep -c ": $prefix" || true); [ "$n" -eq 0 ] || left+=("$n links")
  n=$(find "$cdir" -type s 2>/dev/null | wc -l); [ "$n" -eq 0 ] || left+=("$n sockets")
  n=$(ls /dev/shm 2>/dev/null | grep -c "$ts" || true); [ "$n" -eq 0 ] || left+=("$n shm segments")
  [ ${#left[@]} -eq 0 ] && echo nothing || (IFS=,; echo "${left[*]}")
}

# The load run: 3 jobs at once, 2 readers a host at once; each timed. Prints its summary for the fault column.
load_run() {
  local mode=$1 lt="$out/host-load.tsv" j k r t0 pids=() ok=0 jobs=3 readers=2 files=(/in/part0.txt /in/part1.txt)
  [ -f "$lt" ] || printf 'mode\twhat\thost\tseconds\tMB_per_s\tbytes\tdirect_bytes\tanswer_equal\tdate\tcommit\tload\n' > "$lt"
  local total; total=$(cat "$input"/part0.txt "$input"/part1.txt | wc -c)
  t0=$SECONDS
  for ((j = 1; j <= jobs; j++)); do
    ( s=$SECONDS rc=0; hadoop jar "$EXAMPLES" wordcount -D mapreduce.job.reduces=2 /in "/load$j" > "$work/load-job$j.log" 2>&1 || rc=$?
      echo "$rc $((SECONDS - s))" > "$work/load-job$j.rc" ) &
    pids+=($!)
  done
  for ((k = 1; k <= hosts; k++)); do
    for ((r = 1; r <= readers; r++)); do
      ( s=$(date +%s.%N) rc=0
        "$H/bin/cluster" exec --dir "$cdir" --host $k env HADOOP_CLASSPATH="$DIO_JAR" "$H/bin/hadoop" \
          org.hadoopopt.directio.tools.DirectIoCheck "${files[@]}" > "$work/load-reader-$k-$r.out" 2>"$work/load-reader-$k-$r.err" || rc=$?
        echo "$rc $(echo "$(date +%s.%N) - $s" | bc)" > "$work/load-reader-$k-$r.rc" ) &
      pids+=($!)
    done
  done
  wait "${pids[@]}" || true
  local rc secs eq bytes direct sum_direct=0 sum_bytes=0
  for ((j = 1; j <= jobs; j++)); do
    read -r rc secs < "$work/load-job$j.rc"; eq=no
    [ "$rc" != 0 ] || { hadoop fs -cat "/load$j/part-*" 2>/dev/null | LC_ALL=C sort | cmp -s - "$input/expected.txt" && eq=yes && ok=$((ok + 1)); }
    printf '%s\tjob %s\t-\t%s\t%s\t%s\t-\t%s\t%s\t%s\t%s\n' "$mode" "$j" "$secs" "$(echo "scale=1; $total / 1048576 / $secs" | bc)" "$total" "$eq" \
      "$(date -u +%FT%TZ)" "$(git -C "$H" rev-parse --short HEAD)" "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$lt"
  done
  for ((k = 1; k <= hosts; k++)); do
    for ((r = 1; r <= readers; r++)); do
      read -r rc secs < "$work/load-reader-$k-$r.rc"
      bytes=$(awk -F'\t' '{s += $3} END {print s + 0}' "$work/load-reader-$k-$r.out")
      direct=$(awk -F'\t' '{s += $5} END {print s + 0}' "$work/load-reader-$k-$r.out")
      eq=$([ "$rc" = 0 ] && [ "$(cut -f4 "$work/load-reader-$k-$r.out" | tr '\n' ' ')" = "$(md5sum "$input"/part0.txt "$input"/part1.txt | cut -d' ' -f1 | tr '\n' ' ')" ] && echo yes || echo no)
      [ "$eq" = yes ] && ok=$((ok + 1))
      sum_direct=$((sum_direct + direct)); sum_bytes=$((sum_bytes + bytes))
      printf '%s\treader %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$r" "$k" "$secs" "$(echo "scale=1; $bytes / 1048576 / $secs" | bc)" "$bytes" "$direct" "$eq" \
        "$(date -u +%FT%TZ)" "$(git -C "$H" rev-parse --short HEAD)" "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$lt"
    done
  done
  echo "$jobs jobs and $((hosts * readers)) readers ($readers a host) at once in $((SECONDS - t0)) s; $ok of $((jobs + hosts * readers)) answers right; readers read $sum_direct of $sum_bytes bytes directly (host-load.tsv)"
  [ $ok -eq $((jobs + hosts * readers)) ] && echo 0 > "$work/job.rc" || echo 1 > "$work/job.rc"
}

run_case() { # run_case CASE MODE
  local c=$1 mode=$2 opts=() started app job outcome=FAILED secs ans md5s fault="-" t0 state left ts
  cdir="$work/cluster-$mode"
  "$H/bin/cluster" stop --dir "$cdir" >/dev/null 2>&1 || true
  rm -rf "$cdir"
  [ "$mode" = plugins ] && opts=(--plugins)
  log "$c / $mode: starting ${hosts} hosts"
  started=$("$H/bin/cluster" start --hosts "$hosts" --dir "$cdir" --base-port "$base" --net-prefix "$prefix" ${opts[@]+"${opts[@]}"} \
    --set dfs.blocksize=4194304 2>"$work/start.log") || { tail -n 30 "$work/start.log" >&2; hadoopopt_die "cluster start failed"; }
  conf=${started#export HADOOP_CONF_DIR=}
  hadoop fs -mkdir -p /in 2>/dev/null
  hadoop fs -put "$input"/part0.txt "$input"/part1.txt /in/ 2>/dev/null
  [ "$c" != corrupt ] || fault=$(corrupt_replica)
  case "$c" in clock|address|sockdir) fault=$(bad_input "$c") ;; esac
  case "$c/$mode" in corrupt/plugins|clock/plugins|address/plugins|sockdir/plugins) fault="$fault; $(readers_check)" ;; esac
  ts=$(curl -sf "$(rm_url)/ws/v1/cluster/info" | json 'print(d["clusterInfo"]["startedOn"])')
  t0=$SECONDS
  local job_cmd=(jar "$EXAMPLES" wordcount -D mapreduce.job.reduces=2 /in /out)
  if [[ "$c" == streaming || "$c" == shm-nm-map ]]; then
    job_cmd=(jar "$STREAMING" -D mapreduce.job.reduces=2 -files "$PY/examples/wordcount.py,$PY/examples/_path.py,$PY/hadoopopt_smstream.py")
    [ "$mode" != plugins ] || job_cmd+=(-io shm)
    job_cmd+=(-input /in -output /out -mapper "/usr/bin/python3 wordcount.py map" -reducer "/usr/bin/python3 wordcount.py reduce")
  fi
  if [[ "$c" == streaming || "$c" == shm-nm-map ]]; then
    if [ "$mode" = plugins ]; then fault="Python WordCount over shared memory (-io shm)"; else fault="Python WordCount over pipes"; fi
  fi
  log "$c / $mode: ${job_cmd[1]##*/}"
  local jobpid
  rm -f "$work/job.rc" "$work"/load-*.rc # no exit code of an earlier run may stand in for this one
  if [ "$c" = load ]; then
    ( load_run "$mode" > "$work/load-summary.txt" ) & jobpid=$!
  else
    ( rc=0; hadoop "${job_cmd[@]}" > "$work/job-$c-$mode.log" 2>&1 || rc=$?; echo $rc > "$work/job.rc" ) & jobpid=$!
  fi
  if [[ " nm-map nm-shuffle dn-read link-shuffle shm-nm-map " == *" $c "* ]]; then
    app=""; for _ in $(seq 1 240); do app=$(app_id); [ -n "$app" ] && break; sleep 0.5; done
    if [ -n "$app" ]; then
      if [ "$fault" = - ]; then fault=$(inject "$c" "$app"); else fault="$fault; $(inject "$c" "$app")"; fi
    fi
    log "$c / $mode: $fault"
  fi
  local deadline=$((SECONDS + timeout))
  while kill -0 $jobpid 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 1; done
  if kill -0 $jobpid 2>/dev/null; then
    outcome=HUNG; kill $jobpid 2>/dev/null || true
  elif [ "$(cat "$work/job.rc" 2>/dev/null)" = 0 ]; then outcome=SUCCEEDED; fi
  secs=$((SECONDS - t0))
  if [ $outcome = FAILED ]; then # the job's own reason, as its client printed it
    local why; why=$(grep -o -m 1 'failed with state [A-Z]* due to: .*' "$work/job-$c-$mode.log" 2>/dev/null |
      sed 's/^failed with state [A-Z]* due to: //' | tr '\t|' '  ' | cut -c1-160 || true)
    [ -z "$why" ] || outcome="FAILED ($why)"
  fi
  job=$(grep -o 'job_[0-9]*_[0-9]*' "$work/job-$c-$mode.log" | head -n 1 || true)
  ans=no; md5s=-
  if [ "$c" = load ]; then
    fault=$(head -n 1 "$work/load-summary.txt"); ans=$([ $outcome = SUCCEEDED ] && echo yes || echo no); job=$(grep -ho 'job_[0-9]*_[0-9]*' "$work"/load-job1.log | head -n 1 || true)
  elif [ $outcome = SUCCEEDED ]; then
    hadoop fs -cat '/out/part-*' 2>/dev/null | LC_ALL=C sort | cmp -s - "$input/expected.txt" && ans=yes
    md5s=$(for p in $(hadoop fs -ls -C '/out/part-*' 2>/dev/null); do hadoop fs -cat "$p" 2>/dev/null | md5sum | cut -c1-8; done | tr '\n' ' ' | sed 's/ $//')
  fi
  local cj="$work/counters-$c-$mode.json" shuffle reducers
  shuffle=$(shuffle_outputs)
  curl -sf --max-time 10 "$(jhs_url)/ws/v1/history/mapreduce/jobs/$job/counters" > "$cj" 2>/dev/null || echo '{}' > "$cj"
  reducers=$(reduce_hosts "$job" || true)
  [ "$c" != none ] || [ "$mode" != plugins ] || scan_hosts_proof
  "$H/bin/cluster" stop --dir "$cdir" > "$work/stop.log" 2>&1 || true
  left=$(leftovers "$ts")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$mode" "$outcome" "$secs" "$ans" "$md5s" \
    "$(counter "$cj" JobCounter NUM_FAILED_MAPS)" "$(counter "$cj" JobCounter NUM_KILLED_MAPS)" \
    "$(counter "$cj" JobCounter NUM_FAILED_REDUCES)" "$(counter "$cj" JobCounter NUM_KILLED_REDUCES)" \
    "$(counter "$cj" HashGroupCounter RECORDS_HASHED)" "$(counter "$cj" FingerprintMergeCounter SEGMENTS_MERGED)" \
    "$shuffle" "${reducers:--}" "$fault" "$left" "$(date -u +%FT%TZ)" "$(git -C "$H" rev-parse --short HEAD)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$tsv"
  log "$c / $mode: $outcome in ${secs}s, answer equal: $ans, left: $left"
}

# With every plugin on and no fault: ScanHostsJob (hdfs-directio's no-op scan), each map's HDFS bytes
# split into direct and streamed beside the map's host and its block's replica hosts: it shows that
# only replicas on the map's own host were read directly.
# A copy of part0.txt with its only replicas on the last host makes maps elsewhere read remote blocks.
scan_hosts_proof() {
  local sj="$work/scan.log"
  hadoop fs -mkdir -p /scan-in 2>/dev/null
  "$H/bin/cluster" exec --dir "$cdir" --host "$hosts" "$H/bin/hadoop" fs -D dfs.replication=1 -put "$input/part0.txt" \
    "/scan-in/only-on-host-$hosts.txt" 2>/dev/null
  HADOOP_CLASSPATH="$DIO_JAR" hadoop jar "$DIO_JAR" org.hadoopopt.directio.tools.ScanHostsJob /in,/scan-in /scan > "$sj" 2>"$work/scan.err" ||
    log "scan job: direct reads off the map's host, or it failed (see $sj, $work/scan.err)"
  { echo "# ScanHostsJob on $hosts hosts, every plugin on: $(date -u +%FT%TZ), commit $(git -C "$H" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
    cat "$sj"; } > "$out/scan-per-host.txt"
}

write_md() { # the table of every run so far, by case (in the matrix's order), mode and date
  python3 - "$tsv" "$out/host-faults.md" "${CASES_ALL[*]}" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
order = {c: i for i, c in enumerate(sys.argv[3].split())}
def job(case):  # the same job on the same input under every fault: its parts are one answer
    return "streaming" if case in ("streaming", "shm-nm-map") else "wordcount"
stock = {}  # newest stock parts of each job, for the plugins' runs to be compared with
for r in rows:
    if r["mode"] == "stock" and r["parts_md5"] not in ("", "-"):
        stock[job(r["case"])] = r["parts_md5"]
rows.sort(key=lambda r: (order.get(r["case"], 99), r["mode"] != "plugins", r["date"]))
with open(sys.argv[2], "w") as f:
    f.write("# Multi-host fault matrix (bin/hadoopopt faults)\n\n")
    f.write("Every run, from host-faults.tsv (which also holds the counters' raw values). Parts = stock's: the\n"
            "plugins' part files byte for byte against stock's newest of the same job (WordCount or Streaming).\n\n")
    f.write("| fault | plugins/stock | outcome | s | answer = count | parts = stock's | failed/killed maps | failed/killed reduces | hash-grouped records | fp-merged segments | shuffle outputs served per host (ShuffleOutputsOK) | reduce hosts | what was done | left after stop | date | commit | load |\n")
    f.write("|" + "---|" * 17 + "\n")
    for r in rows:
        same = "-"
        if r["mode"] == "plugins" and job(r["case"]) in stock and r["parts_md5"] not in ("", "-"):
            same = "yes" if r["parts_md5"] == stock[job(r["case"])] else "NO"
        f.write("| %s | %s | %s | %s | %s | %s | %s/%s | %s/%s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
            r["case"], r["mode"], r["outcome"], r["seconds"], r["answer_equal"], same, r["failed_maps"], r["killed_maps"],
            r["failed_reduces"], r["killed_reduces"], r["hash_grouped"], r["fp_merged"], r["shuffle_outputs_by_host"],
            r["reduce_hosts"], r["fault"], r["left"], r["date"], r["commit"], r["load"]))
PY
}

IFS=, read -r -a mode_list <<<"$modes"
for c in "${cases[@]}"; do
  for m in "${mode_list[@]}"; do
    case "$m" in plugins|stock) ;; *) hadoopopt_die "faults --modes: plugins or stock, got '$m'" ;; esac
    run_case "$c" "$m"
    write_md
  done
done
log "results: $tsv and $out/host-faults.md"
