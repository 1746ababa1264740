// Line-based admin console on a loopback port: who, kick, metrics, export.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace chatd {

class SessionRegistry;
class WorkerPool;
class HistoryStore;

class AdminConsole {
public:
  AdminConsole(SessionRegistry &sessions, WorkerPool &pool,
               HistoryStore &history, std::string metricsBrokers);
  ~AdminConsole();

  AdminConsole(const AdminConsole &) = delete;
  AdminConsole &operator=(const AdminConsole &) = delete;

  bool listen(std::uint16_t port);
  /// Accepts and serves a pending admin connection, if any. Non-blocking when
  /// nobody is connecting.
  void poll();
  void closeListener();

  /// Disconnects the client with this nick and tells it why.
  void kick(const std::string &nick, const std::string &reason);
  /// Pushes a metrics line to Kafka from the worker pool.
  void pushMetrics(const std::string &payload);
  /// Same, but waits until the line has been handed to the producer.
  void pushMetricsAndWait(const std::string &payload);

private:
  void acceptClient();
  /// Serves one admin connection until "quit" or EOF. Takes ownership of fd:
  /// it is closed when serveClient returns.
  void serveClient(int fd);
  std::string statsLine();

  SessionRegistry &sessions_;
  WorkerPool &pool_;
  HistoryStore &history_;
  std::string metricsBrokers_;
  int adminFd_ = -1;
  bool closed_ = true;
  std::atomic<bool> exporting_{false};
};

} // namespace chatd
