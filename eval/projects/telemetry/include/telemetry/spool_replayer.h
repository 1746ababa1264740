// SpoolReplayer: sends the lines of spool segments left by earlier runs (or
// by an upstream outage) to the broker, from tasks on the worker pool.
#pragma once
#include "messaging.h"

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace telemetry {

class WorkerPool;

class SpoolReplayer {
public:
  SpoolReplayer(std::string spoolDir, std::string brokers, std::string topic,
                WorkerPool &pool, std::size_t parallelism);

  /// Replays every segment; returns how many were replayed completely.
  std::size_t replayAll(const std::vector<std::string> &segments);
  /// Replays one segment ahead of everything else.
  void replayUrgent(const std::string &segment);

private:
  bool replaySegment(const std::string &path, kafka::KafkaProducer &producer);
  std::FILE *openCursor();
  void recordProgress(const std::string &segment);

  std::string spoolDir_;
  std::string brokers_;
  std::string topic_;
  std::string cursorPath_;
  WorkerPool &pool_;
  std::size_t parallelism_;
};

} // namespace telemetry
