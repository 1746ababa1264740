// One connected client. Outgoing lines are queued in an outbox and written to
// the socket by the session's own writer thread.
#pragma once

#include "chatd/mailbox.h"
#include "chatd/socket.h"

#include <string>
#include <thread>

namespace chatd {

class Session {
public:
  enum class State { Handshake, Active, Closed };

  Session(std::string nick, Socket socket);
  ~Session();

  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  const std::string &nick() const { return nick_; }
  State state() const { return state_; }
  bool isOpen() const { return state_ != State::Closed; }

  /// Starts the writer thread (Handshake -> Active).
  void start();
  /// Queues a line for the client. Throws std::runtime_error("session
  /// closed") once the session is closed.
  void send(const std::string &line);
  /// Reads the next line from the client (blocking).
  std::string readLine();
  /// Closes the outbox and the socket and stops the writer. Safe to call more
  /// than once.
  void close();

  Socket &socket() { return socket_; }

private:
  void writerLoop();

  std::string nick_;
  Socket socket_;
  Mailbox<std::string> outbox_;
  std::thread writer_;
  State state_ = State::Handshake;
};

} // namespace chatd
