// Socket: a connected or listening TCP socket owned through a UniqueFd.
// Move-only; every I/O call throws std::runtime_error once it is closed.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/types.h>

#include "status.h"
#include "unique_fd.h"

namespace bmsd {

class Socket {
public:
  Socket() = default;
  Socket(UniqueFd fd, std::string peer);

  Socket(Socket &&) noexcept = default;
  Socket &operator=(Socket &&) noexcept = default;

  int fd() const { return fd_.get(); }
  bool isOpen() const { return fd_.valid(); }
  const std::string &peer() const { return peer_; }

  void sendAll(const std::string &data);
  // Returns what recv() returned: >0 bytes, 0 on orderly shutdown, -1 with
  // errno set (EAGAIN on a non-blocking socket with nothing to read).
  ssize_t receiveSome(char *buf, std::size_t cap);
  bool waitReadable(int timeoutMs);

  void close();
  int release();

private:
  void ensureOpen(const char *op) const;
  void waitWritable();

  UniqueFd fd_;
  std::string peer_;
};

Status listenTcp(std::uint16_t port, int backlog, Socket &out);

} // namespace bmsd
