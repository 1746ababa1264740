// Small descriptor helpers shared by the socket classes.
#pragma once
#include <cstddef>
#include <string>

namespace dnscache {

/// Closes fd (if it is >= 0) and ignores errors; errno is preserved.
/// The caller's copy of the number is left as it was: a caller that keeps the
/// number in a member must reset it itself (or use closeAndReset()).
void closeQuietly(int fd);

/// Closes fd if it is >= 0 and sets it to -1. Calling it again is a no-op.
void closeAndReset(int &fd);

/// Reads and discards whatever the peer already sent (without blocking), then
/// closes fd. Used before dropping a client so the kernel does not answer the
/// unread bytes with a RST. Returns close()'s result. The caller's copy of fd is
/// not reset.
bool drainAndClose(int fd);

bool setNonBlocking(int fd);

/// Writes all len bytes (MSG_NOSIGNAL). Returns false on error; fd stays open.
bool sendAll(int fd, const void *data, std::size_t len);

/// Reads exactly len bytes. Returns false on EOF, timeout or error; fd stays open.
bool recvAll(int fd, void *data, std::size_t len);

/// "address:port" of the connected peer, or "?" if it cannot be determined.
std::string describePeer(int fd);

} // namespace dnscache
