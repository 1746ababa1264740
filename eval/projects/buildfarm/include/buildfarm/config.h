// The agent's configuration (agent.conf).
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace buildfarm {

struct AgentConfig {
  std::string agentId = "agent";
  std::string coordinator = "coordinator:7400";
  std::string leaseService = "coordinator:7401";
  std::string brokers = "kafka:9092";
  std::string artifactStore = "store:7500";
  std::string logTopic = "buildfarm.logs";
  std::string metricsTopic = "buildfarm.metrics";
  std::string workRoot = "/var/lib/buildfarm/work";
  std::string cacheRoot = "/var/cache/buildfarm";
  std::string runDir = "/run/buildfarm";
  std::string pidFile = "/run/buildfarm/agent.pid";
  unsigned uploadWorkers = 4;
  std::uint64_t cacheLimitBytes = 20ull << 30;
  std::chrono::seconds drainGrace{600};
  std::chrono::milliseconds pollTimeout{30000};
  std::chrono::milliseconds leaseInterval{10000};
  std::chrono::milliseconds metricsInterval{15000};
};

} // namespace buildfarm
