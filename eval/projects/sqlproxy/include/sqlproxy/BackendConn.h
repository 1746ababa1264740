// BackendConn: one TCP connection from the proxy to a PostgreSQL backend.
//
// Life cycle: Fresh -> (open) -> Open -> (close) -> Closed. A connection is
// never reopened: a new BackendConn is made instead.
//  - open() may only be called on a Fresh connection (std::logic_error
//    otherwise). When it fails it closes the socket it made, leaves the
//    connection Closed and throws BackendIoError.
//  - authenticate() runs the startup handshake. On any failure it closes the
//    connection itself and then throws (BackendAuthError when the backend
//    refused us, BackendIoError when the socket failed).
//  - send(), recvMessage(), readResult(), drainResult() and ping() throw
//    std::logic_error("... is closed") unless the connection is Open. I/O
//    failures throw BackendIoError and leave the connection Open (the caller
//    decides to close or discard it). An ErrorResponse to a query makes
//    readResult() throw BackendQueryError after ReadyForQuery was read, so the
//    connection is still usable.
//  - close() sends Terminate and closes the socket. close() on a connection
//    that is already Closed is an error: it throws std::logic_error.
//  - the destructor closes the socket only if the connection is still Open.
// Not thread-safe: one thread uses a connection at a time (the pool hands a
// connection to one borrower). isOpen()/state() may be read from any thread.
#pragma once
#include "sqlproxy/ProxyConfig.h"
#include "sqlproxy/WireProtocol.h"
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace sqlproxy {

class BackendIoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class BackendAuthError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class BackendQueryError : public std::runtime_error {
public:
  BackendQueryError(std::string sqlstate, const std::string &message);
  const std::string &sqlstate() const;

private:
  std::string sqlstate_;
};

class BackendConn {
public:
  enum class State { Fresh, Open, Closed };

  BackendConn(uint64_t id, BackendAddr addr);
  ~BackendConn();
  BackendConn(const BackendConn &) = delete;
  BackendConn &operator=(const BackendConn &) = delete;

  static uint64_t allocateId();

  void open(std::chrono::milliseconds timeout);
  void authenticate(const std::string &user, const std::string &database,
                    const std::string &password);

  void send(const std::string &frame);
  wire::Message recvMessage();
  QueryResult readResult();
  bool drainResult(); // reads up to ReadyForQuery; false if an ErrorResponse came
  bool ping();        // "SELECT 1"; false if the backend answered with an error

  void close();

  bool isOpen() const { return state_.load() == State::Open; }
  State state() const { return state_.load(); }
  uint64_t id() const { return id_; }
  const BackendAddr &addr() const { return addr_; }
  Clock::time_point lastUsed() const { return lastUsed_; }

private:
  [[noreturn]] void throwClosed(const char *operation) const;

  const uint64_t id_;
  const BackendAddr addr_;
  int fd_ = -1;
  std::atomic<State> state_{State::Fresh};
  Clock::time_point lastUsed_;
};

} // namespace sqlproxy
