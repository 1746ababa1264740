// ClientSession: one connected map client. Owns the non-blocking socket,
// frames request lines and buffers replies. Every operation on a closed
// session throws; close() itself may be called any number of times.
#pragma once

#include <string>
#include <string_view>

#include "common.h"
#include "fd.h"

namespace tilesrv {

enum class ReadResult { Drained, Eof, Overflow, Error };

class ClientSession {
public:
  enum class State { Handshake, Active, Closed };

  ClientSession(SessionId id, Fd sock, std::string peer);
  ~ClientSession();

  ClientSession(const ClientSession &) = delete;
  ClientSession &operator=(const ClientSession &) = delete;

  SessionId id() const { return id_; }
  int fd() const { return sock_.get(); }
  const std::string &peer() const { return peer_; }
  const std::string &token() const { return token_; }
  void setToken(std::string token) { token_ = std::move(token); }

  State state() const { return state_; }
  bool isOpen() const { return state_ != State::Closed; }
  Clock::time_point lastActivity() const { return lastActivity_; }
  unsigned &protocolErrors() { return protocolErrors_; }

  // Reads whatever the socket has; the caller then takes lines with nextLine().
  ReadResult readAvailable();
  bool nextLine(std::string &line);

  // Queues the payload and writes as much as the socket accepts.
  void send(std::string_view payload);
  // Writes queued bytes; false (and the session closed) on a socket error.
  bool flushOutbox();
  bool wantsWrite() const { return !outbox_.empty(); }

  void markActive();
  void close();

private:
  void ensureOpen(const char *operation) const;

  const SessionId id_;
  Fd sock_;
  const std::string peer_;
  std::string token_;
  State state_ = State::Handshake;
  Clock::time_point lastActivity_;
  std::string inbox_;
  std::string outbox_;
  unsigned protocolErrors_ = 0;
};

} // namespace tilesrv
