// DeviceSession: one device's TCP connection; owns the socket descriptor.
//
// Semantics:
//  - send() writes the whole payload and returns false on an I/O error (peer
//    reset, broken pipe); it throws std::runtime_error once the session has
//    been closed.
//  - readLine() and readAvailable() also throw std::runtime_error once closed.
//  - close() closes the descriptor. Calling close() a second time throws
//    std::logic_error: the descriptor number may already belong to another
//    connection.
//  - The destructor closes the descriptor only if close() never ran.
//  - Only the closed flag is atomic: a session has one owning thread at a
//    time (the accept thread during the handshake, then the ingest loop).
#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iotbridge {

class DeviceSession {
 public:
  DeviceSession(std::string peer, int fd);
  ~DeviceSession();
  DeviceSession(const DeviceSession&) = delete;
  DeviceSession& operator=(const DeviceSession&) = delete;

  // Peer address until bindDevice() names the session after its HELLO.
  const std::string& deviceId() const { return deviceId_; }
  const std::string& peer() const { return peer_; }
  void bindDevice(const std::string& deviceId) { deviceId_ = deviceId; }
  int fd() const { return fd_; }

  bool send(const std::string& payload);
  // Waits up to timeoutMs for one complete line; nullopt on timeout or EOF.
  std::optional<std::string> readLine(int timeoutMs);
  // Reads what is available without blocking and appends the complete lines
  // to `frames`. Returns false when the peer has gone (EOF or error).
  bool readAvailable(std::vector<std::string>& frames);

  void close();
  bool closed() const { return closed_.load(); }

  void touch();
  std::int64_t lastSeenMs() const { return lastSeenMs_.load(); }
  int lastError() const { return lastErrno_.load(); }

 private:
  bool takeLine(std::string& line);

  std::string peer_;
  std::string deviceId_;
  const int fd_;
  std::atomic<bool> closed_{false};
  std::atomic<std::int64_t> lastSeenMs_;
  std::string rxBuf_;
  std::atomic<int> lastErrno_{0};
};

}  // namespace iotbridge
