// ConnectionPool: idle SMTP connections keyed by destination host.
//
// acquire() checks out the host's idle connection if it is still open, or
// connects and greets a new one; the caller then owns the session exclusively
// until release(). release() resets the session (RSET) and parks the
// connection as the host's idle connection (a surplus one is quit); a
// connection whose reset fails is aborted and dropped. closeHost() closes
// and forgets the idle connection of one host. closeAll() quits every idle
// connection and empties the pool; it is idempotent. startReaper() runs a
// thread that closes connections idle for longer than maxIdle; stopReaper()
// joins it (idempotent). The destructor stops the reaper and calls closeAll().
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "mailq/smtp_connection.h"

namespace mailq {

class ConnectionPool {
public:
  ConnectionPool(std::uint16_t port, std::string helo);
  ~ConnectionPool();
  ConnectionPool(const ConnectionPool &) = delete;
  ConnectionPool &operator=(const ConnectionPool &) = delete;

  std::shared_ptr<SmtpConnection> acquire(const std::string &host);
  void release(const std::string &host, std::shared_ptr<SmtpConnection> conn);
  void closeHost(const std::string &host);
  void closeAll();
  void startReaper(std::chrono::seconds maxIdle);
  void stopReaper();
  std::size_t idleCount() const;

private:
  const std::uint16_t port_;
  const std::string helo_;
  mutable std::mutex mu_;
  std::condition_variable reaperCv_;
  std::unordered_map<std::string, std::shared_ptr<SmtpConnection>> idle_;
  std::thread reaper_;
  bool stopReaper_ = false;
};

} // namespace mailq
