// POSIX helpers shared by the trip index, the archiver, the signal pipe and
// main(): full writes, close with error reporting, index file creation.
#pragma once
#include <cstddef>
#include <string>

namespace fleetd {

class Diagnostics;

// Writes len bytes, retrying on EINTR and short writes.
bool writeAll(int fd, const void *data, std::size_t len);

// fsync()s and closes fd. The descriptor is closed whatever happens; the
// result is false if either call failed (the failure is logged).
bool syncAndClose(int fd, Diagnostics &diag, const char *what);

// close() that tries a second time when the first attempt was interrupted.
// Returns 0 or the errno of the failing call.
int closeRetryingEintr(int fd);

// Opens (creating if needed) an append-only index file and checks that it is
// a regular file. Returns the descriptor, or -1 with `error` set; on failure
// no descriptor is left open.
int openIndexFile(const std::string &path, std::string &error);

} // namespace fleetd
