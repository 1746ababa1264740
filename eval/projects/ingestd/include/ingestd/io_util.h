// Small POSIX I/O helpers shared by the listener, the admin socket and the
// thumbnail worker. None of them takes ownership of the descriptor it gets.
#pragma once
#include <cstddef>
#include <string>

namespace ingestd {
namespace io {

// Writes all of data, retrying on EINTR and polling on EAGAIN.
bool writeAll(int fd, const void *data, std::size_t len);
// Sends line + '\n' on a socket (MSG_NOSIGNAL).
bool sendLine(int fd, const std::string &line);
// Reads up to '\n' (not included) within timeoutMs; false on EOF/timeout.
bool readLine(int fd, std::string &line, std::size_t maxLen, int timeoutMs);
// Reads exactly len bytes within timeoutMs.
bool readExact(int fd, void *buf, std::size_t len, int timeoutMs);
// Reads until EOF.
std::string readAll(int fd);
// Closes fd and ignores errors. The caller's copy of fd is left as it was.
void closeQuietly(int fd) noexcept;
// Closes fd when it is >= 0 and sets it to -1; a second call does nothing.
void closeAndReset(int &fd) noexcept;
bool setNonBlocking(int fd);
bool setCloexec(int fd);
// "address:port" of the socket's peer, "?" when unknown.
std::string peerName(int fd);
// Writes bytes to path.tmp and renames it over path.
bool writeFileAtomic(const std::string &path, const std::string &bytes);

} // namespace io
} // namespace ingestd
