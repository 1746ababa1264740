// A connection to one storage backend over a TCP socket. One request at a time:
// the gateway serializes all users of a connection with its backend mutex.
//
// Wire protocol (text headers, raw bodies):
//   PUT <key> <len>\n<body>  ->  +DONE
//   GET <key>\n              ->  +VALUE <len>\n<body>  |  -MISSING
//   DEL <key>\n              ->  +DONE  |  -MISSING
//   PING\n                   ->  +PONG
//
// Semantics: put(), get(), remove() and ping() throw std::runtime_error
// ("backend connection closed") once close() has been called; on an I/O or
// protocol failure they return false / std::nullopt and the connection stays
// open. close() releases the socket; calling close() a second time throws
// std::logic_error. The destructor releases the socket if close() never ran.
#pragma once
#include "objgw/Config.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace objgw {

class BackendConnection {
public:
  // Creates a socket and connects it; throws std::system_error on failure.
  static std::shared_ptr<BackendConnection> open(const Endpoint &ep, int timeoutMs);

  BackendConnection(int fd, Endpoint ep);
  ~BackendConnection();
  BackendConnection(const BackendConnection &) = delete;
  BackendConnection &operator=(const BackendConnection &) = delete;

  bool put(const std::string &key, const std::string &data);
  std::optional<std::string> get(const std::string &key);
  bool remove(const std::string &key);
  bool ping();

  void close();
  bool isOpen() const;
  const Endpoint &endpoint() const { return ep_; }

private:
  void requireOpenLocked(const char *op) const;
  bool requestLocked(const std::string &request, std::string &status);

  mutable std::mutex mu_;
  int fd_;
  bool closed_ = false;
  Endpoint ep_;
};

} // namespace objgw
