// AdminServer: a line-based admin port (think "psql -h ... -p 6433 pgbouncer",
// but plain text). One thread accepts admin clients and serves them one at a
// time. Commands: SHOW POOLS, SHOW SESSIONS, KILL <id>, ROTATE, SHRINK,
// RELOAD, SHUTDOWN, QUIT.
//  - start() binds the admin port and starts the thread (std::runtime_error on
//    failure).
//  - stop() stops the thread, then closes the listening socket. Idempotent.
//  - the destructor stops the server if needed and closes the listening socket
//    if it is still open.
//  - onReload(cb) / onShutdown(cb) are called on the admin thread.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace sqlproxy {

class Router;
class SessionManager;
class QueryLog;

class AdminServer {
public:
  AdminServer(uint16_t port, std::shared_ptr<Router> router,
              std::shared_ptr<SessionManager> sessions, std::shared_ptr<QueryLog> log);
  ~AdminServer();
  AdminServer(const AdminServer &) = delete;
  AdminServer &operator=(const AdminServer &) = delete;

  void start();
  void stop();
  void onReload(std::function<void()> cb);
  void onShutdown(std::function<void()> cb);

private:
  void run();
  void handleClient(int fd);
  std::string execute(const std::string &line);

  const uint16_t port_;
  std::shared_ptr<Router> router_;
  std::shared_ptr<SessionManager> sessions_;
  std::shared_ptr<QueryLog> log_;
  std::function<void()> onReload_;
  std::function<void()> onShutdown_;
  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace sqlproxy
