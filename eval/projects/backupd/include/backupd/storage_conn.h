// StorageConn: one TCP connection to a storage server, over a POSIX socket
// descriptor.
//
// Semantics:
//   - connect() opens the socket; it returns false on failure and the
//     connection stays closed.
//   - reconnect() closes the current socket (if any) and connects again; on
//     failure it returns false and the connection is left CLOSED.
//   - send()/recvLine() throw std::runtime_error("storage connection closed")
//     once closed; an I/O error also throws std::runtime_error but does NOT
//     close the connection (the owner decides).
//   - close() throws std::logic_error if the connection is already closed
//     (closing twice is a caller bug).
//   - the destructor closes the socket only if it is still open.
// Not thread-safe: callers serialize access (the pool hands a connection to
// one thread at a time).
#pragma once
#include <cstdint>
#include <string>

namespace backupd {

class StorageConn {
public:
  StorageConn(std::string host, std::uint16_t port);
  ~StorageConn();
  StorageConn(const StorageConn &) = delete;
  StorageConn &operator=(const StorageConn &) = delete;

  bool connect();
  bool reconnect();
  void send(const std::string &frame);
  std::string recvLine();
  void close();

  bool isOpen() const { return fd_ >= 0; }
  explicit operator bool() const { return isOpen(); }
  std::string endpoint() const;

private:
  std::string host_;
  std::uint16_t port_;
  int fd_ = -1;
  std::string rbuf_;
};

} // namespace backupd
