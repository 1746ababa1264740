// Gateway: TCP order-entry front end. An acceptor thread accepts clients, one
// reader thread per client parses lines, and parsed orders are handed to the
// I/O worker pool, which calls into the engine.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "matchd/engine.h"
#include "matchd/registry.h"
#include "matchd/scheduler.h"
#include "matchd/session.h"
#include "matchd/worker_pool.h"

namespace matchd {

struct GatewayConfig {
  std::uint16_t port = 9100;
  std::size_t maxSessions = 256;
  std::chrono::milliseconds heartbeat{1000};
};

class Gateway {
public:
  Gateway(const GatewayConfig &cfg, SessionRegistry &reg, Engine &engine, WorkerPool &ioPool,
          Scheduler &sched);
  ~Gateway();
  Gateway(const Gateway &) = delete;
  Gateway &operator=(const Gateway &) = delete;

  void start();
  void stop();

private:
  void acceptLoop();
  void readLoop(std::shared_ptr<Session> s);
  void dispatch(const std::shared_ptr<Session> &s, const std::string &line);
  void handleOrder(const std::shared_ptr<Session> &s, const Order &o);
  void onLogout(const std::shared_ptr<Session> &s);
  void startHeartbeat(const std::shared_ptr<Session> &s);

  const GatewayConfig cfg_;
  SessionRegistry &reg_;
  Engine &engine_;
  WorkerPool &pool_;
  Scheduler &sched_;

  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread acceptor_;
  std::mutex readersMu_;
  std::vector<std::thread> readers_;
  std::atomic<std::uint64_t> refused_{0};
};

} // namespace matchd
