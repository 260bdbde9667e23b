# A throwaway one-node SLURM cluster on the loopback, for tests: sourced, then
#   slurm_cluster_start DIR   writes DIR/slurm.conf, starts slurmctld and slurmd,
#                             exports SLURM_CONF, waits until the node is idle
#   slurm_cluster_stop        stops both daemons by their pids
# Authentication is auth/none (no munge): fine on a loopback-only test
# cluster, never on a real one (docs/sweeps.md says how to run with munge).

slurm_free_port() { # one the kernel has free now; the daemons take it a moment later
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

slurm_cluster_start() {
  SLURM_DIR=$1
  local host ctld_port slurmd_port
  host=$(hostname -s)
  ctld_port=$(slurm_free_port)
  slurmd_port=$(slurm_free_port)
  while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(slurm_free_port); done
  mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool"
  cat >"$SLURM_DIR/slurm.conf" <<EOF
ClusterName=sweeptest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=sweeptest Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$SLURM_DIR/slurm.conf
  # -i: ignore state from an earlier run; both daemons go to the background.
  slurmctld -f "$SLURM_CONF" -i || return 1
  slurmd -f "$SLURM_CONF" || return 1
  local i state
  for i in $(seq 1 60); do
    state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1)
    if [ "$state" = idle ]; then return 0; fi
    sleep 0.5
  done
  echo "slurm: the node did not become idle (state '$state'); logs:" >&2
  tail -n 20 "$SLURM_DIR/slurmctld.log" "$SLURM_DIR/slurmd.log" >&2
  return 1
}

slurm_stop_pid_file() {
  local pid_file=$1 pid i
  [ -f "$pid_file" ] || return 0
  pid=$(cat "$pid_file")
  [ -n "$pid" ] || return 0
  kill "$pid" 2>/dev/null || return 0
  for i in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}

slurm_cluster_stop() {
  [ -n "${SLURM_DIR:-}" ] || return 0
  slurm_stop_pid_file "$SLURM_DIR/slurmd.pid"
  slurm_stop_pid_file "$SLURM_DIR/slurmctld.pid"
}
