// DNS-over-TCP listener: accept thread, per-client sessions, idle timers.
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "dnscache/metrics.h"
#include "dnscache/session_table.h"
#include "dnscache/thread_pool.h"
#include "dnscache/timer_wheel.h"

namespace dnscache {

/// The accept thread polls the listening socket and a wake pipe. Each client
/// becomes a TcpSession registered in the SessionTable and served in turns by
/// pool tasks; an idle timer on the TimerWheel closes quiet sessions.
/// stop() wakes and joins the accept thread and then closes the listening
/// socket exactly once (listenClosed_ exchange); the destructor calls stop().
class TcpListener {
public:
  using QueryHandler = std::function<std::string(const std::string &query, const std::string &peer)>;
  struct Options {
    std::string address;
    std::chrono::milliseconds idleTimeout{10000};
    std::chrono::milliseconds maxLifetime{600000};
    std::size_t maxSessions = 256;
    int backlog = 128;
  };

  TcpListener(Options opts, std::shared_ptr<SessionTable> sessions, ThreadPool &pool,
              TimerWheel &timers, Metrics &metrics, QueryHandler handler);
  ~TcpListener();
  TcpListener(const TcpListener &) = delete;
  TcpListener &operator=(const TcpListener &) = delete;

  bool open();
  void start();
  void stop();

private:
  void acceptLoop();
  void acceptOne();
  void serveSession(const std::shared_ptr<TcpSession> &session);
  void requeue(std::shared_ptr<TcpSession> session);
  void armIdleTimer(std::shared_ptr<TcpSession> session);

  Options opts_;
  std::shared_ptr<SessionTable> sessions_;
  ThreadPool &pool_;
  TimerWheel &timers_;
  Metrics &metrics_;
  QueryHandler handler_;
  int listenFd_ = -1;
  int wakeRead_ = -1;
  int wakeWrite_ = -1;
  int spareFd_ = -1;
  std::atomic<bool> running_{false};
  std::atomic<bool> listenClosed_{false};
  std::atomic<int> nextId_{1};
  TimerWheel::TimerId backlogTimer_ = 0;
  std::thread thread_;
};

} // namespace dnscache
