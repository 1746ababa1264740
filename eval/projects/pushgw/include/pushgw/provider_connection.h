// A connection to a push provider over a TCP socket.
// Protocol (see provider_connection.cpp):
//   Idle --open()--> Open --I/O error--> Broken;  any --close()--> Closed.
//   send()/sendControl()/ping() throw ConnectionClosed once close() was called
//   (std::system_error while Broken). close() is NOT idempotent: a second
//   close() throws std::logic_error. The destructor closes only if needed.
// No BUG markers here: declarations only.
#pragma once
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>

#include "pushgw/credentials.h"
#include "pushgw/notification.h"

namespace pushgw {

/// Thrown by operations on a connection after close().
class ConnectionClosed : public std::logic_error {
public:
  ConnectionClosed(const std::string &tenant, std::uint64_t id);
};

/// The provider answered a PUSH with something other than ACK: do not retry.
class DeliveryRejected : public std::runtime_error {
public:
  explicit DeliveryRejected(const std::string &why);
};

class ProviderConnection {
public:
  enum class State { Idle, Open, Broken, Closed };

  ProviderConnection(std::string tenant, Endpoint endpoint, std::string apiKey);
  ~ProviderConnection();
  ProviderConnection(const ProviderConnection &) = delete;
  ProviderConnection &operator=(const ProviderConnection &) = delete;

  void open();
  void send(const Notification &n);
  void sendControl(const std::string &line);
  /// false when the provider does not answer PONG (the connection is then Broken).
  bool ping();
  void close();

  bool isOpen() const;
  bool isClosed() const;
  State state() const;
  std::uint64_t id() const { return id_; }
  const std::string &tenant() const { return tenant_; }

private:
  void requireOpenLocked(const char *op) const;
  void markBrokenLocked();
  [[noreturn]] void breakLocked(int err, const char *op);

  const std::string tenant_;
  const Endpoint endpoint_;
  const std::string apiKey_;
  const std::uint64_t id_;
  mutable std::mutex mu_;
  State state_ = State::Idle;
  int fd_ = -1;
};

} // namespace pushgw
