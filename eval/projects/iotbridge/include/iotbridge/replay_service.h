// ReplayService: re-publishes the records of closed OfflineBuffer segments.
//
// scheduleAll() posts one replay task per closed segment to the TaskCrew.
// A segment that replays completely is deleted; a segment with an
// undecodable line is quarantined (renamed "*.bad"); a segment whose records
// the sink refused (backlog full) is kept and remembered, and retryFailed()
// posts those again. verifySegment() only checks that a segment decodes.
#pragma once
#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace iotbridge {

class KafkaSink;
class TaskCrew;

class ReplayService {
 public:
  ReplayService(TaskCrew& crew, KafkaSink& sink, std::string bufferDir,
                unsigned skipSegment);

  std::size_t scheduleAll();
  void retryFailed();
  bool verifySegment(const std::string& path);

  std::size_t failedCount() const;
  std::size_t replayedRecords() const { return replayed_.load(); }

 private:
  bool replaySegment(const std::string& path);
  void rememberFailed(const std::string& path);

  TaskCrew& crew_;
  KafkaSink& sink_;
  const std::string bufferDir_;
  const unsigned skipSegment_;
  mutable std::mutex mu_;
  std::vector<std::string> failed_;
  std::atomic<std::size_t> replayed_{0};
};

}  // namespace iotbridge
