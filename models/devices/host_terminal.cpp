#include "host_terminal.h"

#include <csignal>
#include <cstdlib>
#include <termios.h>
#include <unistd.h>

namespace fireplane::host_terminal {

namespace {

struct termios saved;                   // the settings to restore
volatile std::sig_atomic_t raw_fd = -1; // the terminal in raw mode, or -1
bool handlers_installed = false;

constexpr int kSignals[] = {SIGINT,  SIGTERM, SIGHUP, SIGQUIT, SIGABRT,
                            SIGSEGV, SIGBUS,  SIGFPE, SIGILL};
struct sigaction previous[NSIG];

// Restores the terminal, then lets the signal do what it did before.
void on_signal(int sig) {
    leave_raw();
    sigaction(sig, &previous[sig], nullptr);
    raise(sig);
}

void install_handlers() {
    if (handlers_installed) return;
    handlers_installed = true;
    std::atexit(leave_raw);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    for (int sig : kSignals)
        sigaction(sig, &action, &previous[sig]);
}

} // namespace

bool enter_raw(int fd) {
    if (raw_fd >= 0 || !isatty(fd) || tcgetpgrp(fd) != getpgrp()) return false;
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return false;
    saved = t;
    // cfmakeraw's input and local flags; the output flags stay as they were.
    t.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    t.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    t.c_cflag &= ~tcflag_t(CSIZE | PARENB);
    t.c_cflag |= CS8;
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    install_handlers();
    raw_fd = fd;
    if (tcsetattr(fd, TCSANOW, &t) != 0) {
        raw_fd = -1;
        return false;
    }
    return true;
}

void leave_raw() {
    const int fd = raw_fd;
    if (fd < 0) return;
    raw_fd = -1;
    tcsetattr(fd, TCSANOW, &saved);
}

bool in_raw_mode() {
    return raw_fd >= 0;
}

} // namespace fireplane::host_terminal
