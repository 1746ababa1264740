// ClientListener: accepts PostgreSQL clients and reads their messages.
// One thread polls the listening socket plus the socket of every Idle session.
// New clients go through the startup handshake and become Sessions; a query
// marks its session Busy and is pushed to the request queue for the workers.
// The listener also reaps closed sessions on every turn.
//  - start() binds and listens, then starts the thread (std::runtime_error on
//    failure).
//  - stop() joins the thread, then closes the listening socket. Idempotent;
//    the destructor calls it.
#pragma once
#include "sqlproxy/BoundedQueue.h"
#include "sqlproxy/Request.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>

namespace sqlproxy {

class SessionManager;
class Router;

class ClientListener {
public:
  ClientListener(uint16_t port, std::shared_ptr<BoundedQueue<Request>> requests,
                 std::shared_ptr<SessionManager> sessions, std::shared_ptr<Router> router,
                 std::size_t maxResultBytes);
  ~ClientListener();
  ClientListener(const ClientListener &) = delete;
  ClientListener &operator=(const ClientListener &) = delete;

  void start();
  void stop();

private:
  void run();
  void acceptOne();

  const uint16_t port_;
  std::shared_ptr<BoundedQueue<Request>> requests_;
  std::shared_ptr<SessionManager> sessions_;
  std::shared_ptr<Router> router_;
  const std::size_t maxResultBytes_;
  int listenFd_ = -1;
  uint64_t nextSessionId_ = 1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace sqlproxy
