// Status files for the operators' dashboards: a snapshot replaced
// atomically, an append-only event file and the list of active alarms.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace histd {

struct LinkStatus {
  std::string id;
  bool up = false;
  uint64_t requests = 0;
  int64_t lastPollMicros = 0;
};

struct StatusSnapshot {
  int64_t tsMicros = 0;
  std::vector<LinkStatus> links;
  uint64_t samplesWritten = 0;
  uint64_t samplesDropped = 0;
  std::size_t pendingAlarms = 0;
  std::size_t exportJobs = 0;
  bool upstreamUp = false;
  std::vector<std::string> staleControllers;
};

class StatusReport {
public:
  explicit StatusReport(std::string path) : path_(std::move(path)) {}

  void write(const StatusSnapshot &snapshot);
  void appendEvent(const std::string &line);
  void dumpAlarms(const std::vector<std::string> &alarms);
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace histd
