// Small POSIX socket helpers used by BackendConnection.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace objgw {
namespace netutil {

// Applies send/receive timeouts to fd and connects it to host:port (numeric
// IPv4 or "localhost"). On any failure fd is closed -- a socket whose connect()
// failed cannot be reused portably -- and false is returned with errno set.
bool connectFd(int fd, const std::string &host, std::uint16_t port, int timeoutMs);

// Writes all of data; returns false on error (the descriptor stays open).
bool sendAll(int fd, const std::string &data);

// Reads one line (without the '\n'); false on EOF, error, timeout, or when the
// line is longer than maxLen. The descriptor stays open.
bool recvLine(int fd, std::string &line, std::size_t maxLen = 4096);

// Reads exactly n bytes into out; false on EOF, error or timeout.
bool recvExact(int fd, std::size_t n, std::string &out);

} // namespace netutil
} // namespace objgw
