// Small helpers for blocking descriptors (admin socket, pid file, pipes).
#pragma once

#include <cstddef>
#include <string>

namespace tilesrv::io {

// Writes the whole buffer, retrying on EINTR and short writes.
bool writeAll(int fd, const char *data, std::size_t size);
inline bool writeAll(int fd, const std::string &data) {
  return writeAll(fd, data.data(), data.size());
}

// Reads one '\n'-terminated line (newline stripped). False on EOF, error or
// when the line is longer than maxBytes.
bool readLine(int fd, std::string &line, std::size_t maxBytes);

// close(2) that retries once when it was interrupted. Returns 0 or -errno.
int closeRetrying(int fd);

bool setNonBlocking(int fd);

} // namespace tilesrv::io
