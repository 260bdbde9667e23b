#!/bin/bash
# The program's environment (fireplane run --clear-env, --env NAME=VALUE):
# args_env prints FIREPLANE_TEST_VAR, which the host sets here.
#   check_env.sh FIREPLANE ARGS_ENV
set -u
fireplane=$1 program=$2
export FIREPLANE_TEST_VAR=from-the-host
fail=0
expect() { # expect WHAT LINE -- RUN OPTIONS...
    local what=$1 line=$2
    shift 3
    local out
    out=$("$fireplane" run -q "$@" -- "$program" 2>&1)
    if ! grep -qxF "$line" <<<"$out"; then
        echo "FAIL: $what: no line '$line' in:"
        echo "$out"
        fail=1
    fi
}
expect "the host's environment by default" "FIREPLANE_TEST_VAR = from-the-host" --
expect "--clear-env leaves it out" "FIREPLANE_TEST_VAR = (unset)" -- --clear-env
expect "--env replaces the host's value" "FIREPLANE_TEST_VAR = given" -- \
    --env FIREPLANE_TEST_VAR=given
expect "--env after --clear-env" "FIREPLANE_TEST_VAR = a=b" -- --clear-env \
    --env FIREPLANE_TEST_VAR=a=b
# With --clear-env nothing of the host's reaches the program: two runs under
# different host environments print the same.
tmp=$(mktemp -d)
"$fireplane" run -q --clear-env -- "$program" >"$tmp/1" 2>&1
FIREPLANE_TEST_VAR=x OTHER=y "$fireplane" run -q --clear-env -- "$program" >"$tmp/2" 2>&1
cmp -s "$tmp/1" "$tmp/2" || { echo "FAIL: --clear-env runs differ"; fail=1; }
rm -rf "$tmp"
# Not NAME=VALUE: a usage error, exit 2.
for bad in NOVALUE =value; do
    "$fireplane" run -q --env "$bad" -- "$program" >/dev/null 2>&1
    code=$?
    [ $code -eq 2 ] || { echo "FAIL: --env $bad exited $code, not 2"; fail=1; }
done
[ $fail -eq 0 ] && echo "PASS: the program's environment"
exit $fail
