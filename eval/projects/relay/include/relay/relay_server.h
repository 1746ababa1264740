// The relay service: accepts clients, keeps their sessions, routes their
// messages upstream and logs what it does.
#pragma once
#include "relay/config.h"
#include "relay/log_file.h"
#include "relay/publisher.h"
#include "relay/router.h"
#include "relay/scheduler.h"
#include "relay/session_pool.h"

#include <memory>
#include <string>

namespace relay {

class RelayServer {
public:
  explicit RelayServer(const RelayConfig &config);
  ~RelayServer();

  void handleClient(std::unique_ptr<Connection> conn);
  void stop();
  SessionPool &sessions() { return sessions_; }
  LogFile &log() { return log_; }

private:
  RelayConfig config_;
  LogFile log_;
  Publisher publisher_;
  Router router_;
  SessionPool sessions_;
  Scheduler scheduler_;
  bool running_ = true;
};

} // namespace relay
