// Small POSIX helpers shared by the listener, the admin console and sockets.
#pragma once

#include <string>

namespace chatd {

/// Closes fd if it is a valid descriptor, ignoring errors. Used on teardown
/// paths where nothing useful can be done about a failed close().
void closeQuietly(int fd);

/// Closes fd, retrying while the call is interrupted by a signal.
/// Returns 0 on success, -1 with errno set otherwise.
int closeRetrying(int fd);

/// Writes all of data to fd, looping over short writes. Returns false on error.
bool writeAll(int fd, const std::string &data);

/// Reads one '\n'-terminated line from fd (without the terminator).
/// Returns an empty string on EOF or error.
std::string readLine(int fd);

/// Applies the options every client socket needs (TCP_NODELAY, close-on-exec).
/// On failure the descriptor is closed and false is returned: the caller must
/// not use fd again.
bool configureSocket(int fd);

std::string trim(const std::string &s);

/// Milliseconds since the epoch, for log lines.
long long nowMillis();

} // namespace chatd
