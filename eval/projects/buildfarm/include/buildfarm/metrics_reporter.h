// Publishes agent metrics and keeps the status file current.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace buildfarm {

class ReconnectingProducer;
class ShutdownRegistry;
class StatusFile;

struct AgentStats {
  std::string agentId;
  std::string state;
  std::string currentJob;
  std::uint64_t jobsRun = 0;
  std::uint64_t jobsFailed = 0;
  std::uint64_t cacheBytes = 0;
};

// Every interval the reporter thread samples the agent, sends the sample to
// the metrics topic and rewrites the status file. start() starts the
// thread; stop() stops and joins it and is idempotent; registerHooks() adds
// a shutdown hook that calls stop().
class MetricsReporter {
public:
  MetricsReporter(ReconnectingProducer &producer, std::string topic,
                  StatusFile &status, std::function<AgentStats()> sample,
                  std::chrono::milliseconds interval);
  ~MetricsReporter();

  void start();
  void stop();
  void registerHooks(ShutdownRegistry &hooks);
  std::uint64_t published() const;

private:
  void loop();

  ReconnectingProducer &producer_;
  std::string topic_;
  StatusFile &status_;
  std::function<AgentStats()> sample_;
  std::chrono::milliseconds interval_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t published_ = 0;
  std::thread thread_;
};

std::string toJson(const AgentStats &stats);

} // namespace buildfarm
