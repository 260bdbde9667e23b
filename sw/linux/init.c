// /init of the initramfs that scripts/build-linux makes: the first process
// Linux starts on configs/sun4u.yaml. It mounts proc and sysfs, prints the
// CPUs and memory Linux found, runs the programs /tests/list names (one per
// line: the program, then its arguments), each between marker lines, prints
// a last marker and powers the machine off. The markers let a test cut the
// console into one section per program and compare each with qemu-sparc64.
// Two magic instructions (no-ops on real hardware) mark, for the run's
// summary, when /init starts and when its programs are done.
#include "fireplane_magic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MARK "@@fireplane-init "

static void mount_or_warn(const char* source, const char* target, const char* type) {
    mkdir(target, 0755);
    if (mount(source, target, type, 0, NULL) != 0)
        printf(MARK "warning: mounting %s on %s: %s\n", type, target, strerror(errno));
}

// Prints the lines of `path` that start with one of `keys` (all when none).
static void print_lines(const char* path, const char* const* keys) {
    FILE* f = fopen(path, "r");
    if (!f) {
        printf(MARK "warning: %s: %s\n", path, strerror(errno));
        return;
    }
    char line[256];
    while (fgets(line, sizeof line, f)) {
        int wanted = keys[0] == NULL;
        for (const char* const* k = keys; *k && !wanted; ++k)
            wanted = strncmp(line, *k, strlen(*k)) == 0;
        if (wanted) printf("%s", line);
    }
    fclose(f);
}

// Runs one line of /tests/list; returns its exit status as the shell shows it.
static int run_line(char* line) {
    char* argv[16];
    int argc = 0;
    for (char* word = strtok(line, " \t\n"); word && argc < 15; word = strtok(NULL, " \t\n"))
        argv[argc++] = word;
    argv[argc] = NULL;
    if (argc == 0) return -1;

    printf(MARK "run %s\n", argv[0]);
    fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        execv(argv[0], argv);
        printf(MARK "error: exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child) {
        printf(MARK "error: fork or wait for %s: %s\n", argv[0], strerror(errno));
        return 126;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf(MARK "exit %s %d\n", argv[0], code);
    return code;
}

int main(void) {
    FIREPLANE_MARK(); // mark 1: Linux started /init
    setvbuf(stdout, NULL, _IOLBF, 0);
    mount_or_warn("proc", "/proc", "proc");
    mount_or_warn("sysfs", "/sys", "sysfs");
    printf(MARK "start\n");

    static const char* const cpu_keys[] = {"cpu\t", "fpu\t", "ncpus", "Cpu0ClkTck", NULL};
    static const char* const mem_keys[] = {"MemTotal", NULL};
    print_lines("/proc/cpuinfo", cpu_keys);
    print_lines("/proc/meminfo", mem_keys);

    int failures = 0;
    FILE* list = fopen("/tests/list", "r");
    if (!list) {
        printf(MARK "error: /tests/list: %s\n", strerror(errno));
        ++failures;
    } else {
        char line[512];
        while (fgets(line, sizeof line, list))
            if (line[0] != '#' && run_line(line) > 0) ++failures;
        fclose(list);
    }

    FIREPLANE_MARK(); // mark 2: the programs are done
    printf(MARK "done, %d program(s) failed\n", failures);
    fflush(stdout);
    sync();
    reboot(RB_POWER_OFF);
    printf(MARK "error: power-off returned: %s\n", strerror(errno));
    return 1;
}
