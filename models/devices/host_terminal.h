#pragma once
// Raw mode for the host terminal a device reads its input from (the console
// UART with `input: stdin`). Raw mode is always undone: by leave_raw() at the
// end of the run, at exit(), and on a signal that ends the process (SIGINT,
// SIGTERM, SIGHUP, SIGQUIT and the crash signals), which is then delivered as
// before. Output processing stays on, so the guest's "\n" still starts a line.
namespace fireplane::host_terminal {

// Puts `fd` in raw mode (no echo, no line editing, no signals from keys: Ctrl-C
// is a byte for the guest). Returns false, changing nothing, when `fd` is not
// a terminal or not this process's foreground terminal (a background job must
// not touch it). Only one terminal at a time.
bool enter_raw(int fd);

// Restores the terminal's settings from before enter_raw(); does nothing when
// it is not in raw mode. Async-signal-safe.
void leave_raw();

bool in_raw_mode();

} // namespace fireplane::host_terminal
