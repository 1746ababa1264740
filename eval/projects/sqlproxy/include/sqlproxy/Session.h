// Session: one client connection (the frontend side of the proxy).
//
// Phases: Idle (the listener thread polls and reads the client socket), Busy
// (a worker owns the session while one of its queries runs) and Closed.
//  - reply(frame) writes a frame to the client. It throws std::logic_error once
//    the session is closed, and ClientIoError when the client socket fails.
//  - sendError(sqlstate, msg) writes ErrorResponse + ReadyForQuery; once the
//    session is closed it does nothing and returns false.
//  - readMessage() reads the next client frame (listener thread, Idle phase).
//    std::nullopt on EOF or a malformed frame; std::logic_error once closed.
//  - deliver(result) streams a result set to the client (worker thread). A
//    result larger than maxResultBytes aborts the session: the client gets a
//    FATAL ErrorResponse and the socket is dropped; the session is Closed.
//    deliver() on a session that is already closed does nothing.
//  - close() closes the client socket. Idempotent.
//  - the destructor closes the client socket if it is still open.
// Every method is thread-safe (one mutex per session).
#pragma once
#include "sqlproxy/WireProtocol.h"
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

namespace sqlproxy {

class ClientIoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Session {
public:
  enum class Phase { Idle, Busy, Closed };

  Session(uint64_t id, int clientFd, wire::StartupInfo info, std::size_t maxResultBytes);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  uint64_t id() const { return id_; }
  const wire::StartupInfo &info() const { return info_; }
  int fd() const;
  bool isIdle() const;
  bool closed() const;
  bool tryMarkBusy(); // Idle -> Busy
  void markIdle();    // Busy -> Idle; ignored once closed

  std::optional<wire::Message> readMessage();
  void reply(const std::string &frame);
  bool sendError(const std::string &sqlstate, const std::string &message);
  void deliver(const QueryResult &result);
  void close();

private:
  void writeLocked(const std::string &frame);
  void abortLocked(const std::string &reason);

  const uint64_t id_;
  const wire::StartupInfo info_;
  const std::size_t maxResultBytes_;
  mutable std::mutex mu_;
  int clientFd_;
  Phase phase_ = Phase::Idle;
};

} // namespace sqlproxy
