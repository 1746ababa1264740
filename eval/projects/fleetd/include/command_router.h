// CommandRouter: consumes dispatcher commands from Kafka on its own thread and
// delivers them to trucks through the session registry, using the worker
// pool so a slow session never stalls the consumer.
#pragma once
#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "export_api.h"
#include "messaging.h"

namespace fleetd {

class SessionRegistry;
class WorkerPool;
class ExportApi;
class Diagnostics;

struct DispatchCommand {
  enum class Kind { Send, Broadcast, Export };
  Kind kind = Kind::Send;
  std::string vin;
  std::string text;
  ExportRequest exportRequest;
};

std::optional<DispatchCommand> parseCommand(const std::string &line);

class CommandRouter {
public:
  CommandRouter(std::unique_ptr<RdKafka::KafkaConsumer> consumer, SessionRegistry &registry,
                WorkerPool &pool, ExportApi &exports, Diagnostics &diag);
  ~CommandRouter();
  CommandRouter(const CommandRouter &) = delete;
  CommandRouter &operator=(const CommandRouter &) = delete;

  void start(const std::string &topic);
  void stop();
  void broadcast(const std::string &command);

private:
  void poll();
  void handle(const DispatchCommand &cmd);
  void commitProgress();

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  SessionRegistry &registry_;
  WorkerPool &pool_;
  ExportApi &exports_;
  Diagnostics &diag_;
  std::atomic<bool> running_{false};
  std::size_t sinceCommit_ = 0;
  std::atomic<std::size_t> undeliverable_{0};
  std::thread poller_;
};

} // namespace fleetd
