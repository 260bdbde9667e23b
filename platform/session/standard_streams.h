#pragma once
// The guest's standard streams are the host's (platform/linux/fd_table.h), and
// what they are is part of the program's environment: the C library asks
// (fstat) before its first write, and buffers a terminal, a pipe or a file
// each its own way. A live point measured in another process must see the
// kind of stream the run that saved it saw, or its unit may run other code.
#include <string>

namespace fireplane {

// What the host's descriptor `fd` is: "char" (a terminal, /dev/null), "pipe",
// "file", "socket", "closed" or "other".
std::string stream_kind(int fd);

// Makes `fd` a stream of that kind that goes nowhere: /dev/null, a pipe whose
// read end stays open (1 MiB of writes fit), an unlinked file, one end of a
// socket pair. Throws std::runtime_error when the host cannot make one.
void stand_in_stream(int fd, const std::string& kind);

} // namespace fireplane
