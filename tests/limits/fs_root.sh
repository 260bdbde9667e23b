#!/usr/bin/env bash
# fs_root.sh FIREPLANE CONFIG FS_ESCAPE PHASES: builds the folders
# sw/limits/fs_escape.c describes, runs it confined (--fs-root) and
# unconfined, and checks that nothing outside the root was read, made or
# changed; then a checkpoint whose open files lie outside a root must not
# restore under it (sw/checkpoint/phases keeps two files open).
set -euo pipefail
fireplane=$1 config=$2 program=$3 phases=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/outside" "$tmp/root/dir"
echo secret > "$tmp/outside/secret.txt"
echo inside > "$tmp/root/inside.txt"
ln -s "$tmp/outside/secret.txt" "$tmp/root/abs_link"
ln -s ../outside/secret.txt "$tmp/root/rel_link"
ln -s ../.. "$tmp/root/dir/up"
ln -s "$tmp/outside" "$tmp/root/dir_out"
ln -s /inside.txt "$tmp/root/root_link"
# Outside: every entry with its size, mode and time; inside: what is there.
snapshot() {
  (cd "$tmp" && find outside -printf '%p %s %m %T@\n' && find root -printf '%p %s %m\n') | sort
}
before=$(snapshot)

fail() { echo "FAIL: $*"; exit 1; }
# Started from outside the root: the guest starts at its "/".
out=$(cd "$tmp" && "$fireplane" run -q -c "$config" --fs-root root -- \
      "$program" confined "$tmp/outside/secret.txt") || fail "confined run: $out"
echo "$out"
grep -qx "all checks passed" <<<"$out" || fail "confined checks"
grep -q secret <<<"${out//secret.txt/}" && fail "the secret's contents reached the guest"
after=$(snapshot)
[ "$before" = "$after" ] || fail "files changed: $(diff <(echo "$before") <(echo "$after"))"

out=$("$fireplane" run -q -c "$config" -- "$program" host "$tmp/outside/secret.txt") ||
  fail "host run: $out"
grep -qx "all checks passed" <<<"$out" || fail "host checks: $out"

# A root that is no folder is a usage error.
set +e
err=$("$fireplane" run -q -c "$config" --fs-root "$tmp/missing" -- "$program" host x 2>&1)
code=$?
set -e
[ $code -eq 2 ] || fail "missing --fs-root exited $code"
grep -q "^fireplane: error: --fs-root '$tmp/missing': No such file or directory$" <<<"$err" ||
  fail "missing --fs-root said: $err"
# A checkpoint's descriptors reopen inside the root only.
(cd "$tmp/outside" && "$fireplane" run -q -c "$config" --checkpoint "$tmp/ck" --checkpoint-at magic \
   -- "$phases" 1000 >/dev/null) || fail "checkpointing phases"
set +e
err=$("$fireplane" run -q -c "$config" --fs-root "$tmp/root" --restore "$tmp/ck" 2>&1 >/dev/null)
code=$?
set -e
[ $code -eq 2 ] || fail "restoring under a root that lacks its files exited $code: $err"
grep -q "^fireplane: error: checkpoint: .*guest descriptor [0-9]*: '$tmp/outside/phases.log' lies outside the --fs-root folder '$tmp/root'" <<<"$err" ||
  fail "restoring under a root that lacks its files said: $err"
(cd "$tmp/outside" && "$fireplane" run -q -c "$config" --fs-root / --restore "$tmp/ck" >/dev/null) ||
  fail "restoring under a root that holds its files"
echo "fs_root: all passed"
