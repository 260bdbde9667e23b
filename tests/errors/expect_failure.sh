#!/usr/bin/env bash
# Runs one command that is given bad input and checks how it fails:
#
#   expect_failure.sh [options] <exit-code> <stderr-regex> -- <command> [args...]
#
# Passes when the command exits with <exit-code> and some stderr line matches
# <stderr-regex> (grep -E). Whatever else is expected, a host crash always
# fails the test: the command killed by a signal, or stderr mentioning an
# abort, a core dump, a sanitizer report or std::terminate.
#
# Options:
#   --count N          exactly N stderr lines match the regex (default: at least one)
#   --stderr-lines N   stderr has exactly N lines in all (e.g. 1 for a one-line error)
#   --stdout REGEX     some stdout line matches REGEX
#   --stdout-count N   exactly N stdout lines match the --stdout regex
#   --timeout S        give the command S seconds instead of 60
#   --known-bug TEXT   the expectation is known not to hold yet (TEXT says why):
#                      if it fails, print TEXT and exit 77, which ctest reports
#                      as skipped (SKIP_RETURN_CODE); a host crash still fails,
#                      a timeout does not (a known hang must not stall the suite)
#
# stdin is /dev/null. Exits 0 on success, 1 on a
# failed expectation or a usage error, 77 for a known bug.
set -uo pipefail

readonly SKIP=77
me=${0##*/}

usage() {
    echo "usage: $me [--count N] [--stderr-lines N] [--stdout REGEX] [--stdout-count N]" \
        "[--timeout S] [--known-bug TEXT] <exit-code> <stderr-regex> -- <command> [args...]" >&2
    exit 1
}

timeout_s=60 count='' stderr_lines='' stdout_regex='' stdout_count='' known_bug=''
while [[ $# -gt 0 && $1 == --* ]]; do
    [[ $# -ge 2 ]] || usage
    case $1 in
    --count) count=$2 ;;
    --stderr-lines) stderr_lines=$2 ;;
    --stdout) stdout_regex=$2 ;;
    --stdout-count) stdout_count=$2 ;;
    --timeout) timeout_s=$2 ;;
    --known-bug) known_bug=$2 ;;
    *) usage ;;
    esac
    shift 2
done
[[ $# -ge 4 && $3 == -- ]] || usage
expected_code=$1 stderr_regex=$2
shift 3
for n in "$expected_code" "$timeout_s" "$count" "$stderr_lines" "$stdout_count"; do
    [[ -z $n || $n =~ ^[0-9]+$ ]] || usage
done

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# perl reports how the command ended: bash cannot tell exit(139) from death
# by SIGSEGV, and a guest killed by SIGSEGV legitimately exits with 139.
STATUS_FILE=$work/status perl -e '
    my $seconds = shift;
    my $pid = fork() // die "fork: $!";
    if ($pid == 0) { exec { $ARGV[0] } @ARGV; exit 127; }
    my $timed_out = 0;
    $SIG{ALRM} = sub { $timed_out = 1; kill "KILL", $pid; };
    alarm $seconds;
    waitpid($pid, 0);
    my $s = $?;
    alarm 0;
    open(my $f, ">", $ENV{STATUS_FILE}) or die "cannot write status: $!";
    print $f ($timed_out ? "timeout after $seconds s" : ($s & 127) ? "signal " . ($s & 127) : "exit " . ($s >> 8));
' "$timeout_s" "$@" </dev/null >"$work/out" 2>"$work/err"
status=$(cat "$work/status" 2>/dev/null || echo "unknown (the runner failed)")

# Under scripts/test --sanitize, ASan warns (three lines) when an exception
# leaves code that ran on a SystemC stack it cannot see. That is the
# sanitizer's note about the runtime, not the program's output: set it aside.
if grep -q 'ASan is ignoring requested __asan_handle_no_return' "$work/err"; then
    grep -vE 'ASan is ignoring requested __asan_handle_no_return|^False positive error reports may follow$|^For details see https://github.com/google/sanitizers/issues/189$' \
        "$work/err" >"$work/err.program"
    mv "$work/err.program" "$work/err"
fi

show() {
    echo "command: $*"
    echo "status:  $status"
    echo "--- stderr ---"
    head -n 40 "$work/err"
    echo "--- stdout ---"
    head -n 20 "$work/out"
    echo "--------------"
}

# Never excusable: the host must survive any input.
crash=''
[[ $status == exit\ * || $status == timeout* ]] || crash="the command did not exit normally ($status)"
if grep -qE 'Aborted|core dumped|Segmentation fault|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|terminate called' "$work/err"; then
    crash="stderr shows a host crash"
fi
if [[ -n $crash ]]; then
    echo "$me: FAIL: $crash"
    show "$@"
    exit 1
fi

problems=()
if [[ $status == timeout* ]]; then
    problems+=("the command hung: $status")
elif [[ ${status#exit } != "$expected_code" ]]; then
    problems+=("exit code ${status#exit }, expected $expected_code")
fi

matches=$(grep -cE -- "$stderr_regex" "$work/err")
if [[ -n $count ]]; then
    [[ $matches == "$count" ]] ||
        problems+=("$matches stderr lines match /$stderr_regex/, expected exactly $count")
elif [[ $matches == 0 ]]; then
    problems+=("no stderr line matches /$stderr_regex/")
fi

if [[ -n $stderr_lines ]]; then
    lines=$(wc -l <"$work/err")
    [[ $lines == "$stderr_lines" ]] || problems+=("stderr has $lines lines, expected $stderr_lines")
fi

if [[ -n $stdout_regex ]]; then
    out_matches=$(grep -cE -- "$stdout_regex" "$work/out")
    if [[ -n $stdout_count ]]; then
        [[ $out_matches == "$stdout_count" ]] ||
            problems+=("$out_matches stdout lines match /$stdout_regex/, expected exactly $stdout_count")
    elif [[ $out_matches == 0 ]]; then
        problems+=("no stdout line matches /$stdout_regex/")
    fi
fi

if [[ ${#problems[@]} -eq 0 ]]; then
    [[ -z $known_bug ]] || echo "$me: note: passes although marked as a known bug: $known_bug"
    exit 0
fi
for p in "${problems[@]}"; do echo "$me: FAIL: $p"; done
show "$@"
if [[ -n $known_bug ]]; then
    echo "$me: KNOWN BUG (reported as skipped): $known_bug"
    exit $SKIP
fi
exit 1
