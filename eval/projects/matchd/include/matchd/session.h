// Session: one logged-on client of the order gateway, over a TcpConnection.
// All state changes and sends happen under mu_. The send*() methods throw
// std::logic_error once the session is closed; the try*/…IfActive variants
// check the state under the lock and do nothing on a closed session.
// disconnect() and failProtocol() are idempotent.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "matchd/connection.h"
#include "matchd/types.h"

namespace matchd {

class Session : public std::enable_shared_from_this<Session> {
public:
  enum class State { Pending, Active, Closed };

  explicit Session(TcpConnection conn);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  std::uint64_t id() const;
  State state() const;
  bool connected() const;

  // Pending -> Active; returns false if the session is not Pending.
  bool logon(std::uint64_t account);

  void sendText(const std::string &line);
  void sendExecReport(const ExecReport &r);
  void sendReject(std::uint64_t orderId, const std::string &reason);
  void sendHeartbeat();

  bool trySendText(const std::string &line);
  bool trySendExecReport(const ExecReport &r);
  void heartbeatIfActive();

  // Reader thread: waits briefly for input. nullopt on timeout, 0 on EOF or
  // once the session is closed.
  std::optional<std::size_t> readSome(char *buf, std::size_t len);

  // Sends a LOGOUT with the reason (best effort) and closes the session.
  void failProtocol(const std::string &reason);
  void disconnect();

private:
  void sendLocked(const std::string &line);
  void closeLocked();

  mutable std::mutex mu_;
  std::uint64_t id_ = 0;
  State state_ = State::Pending;
  TcpConnection conn_;
};

} // namespace matchd
