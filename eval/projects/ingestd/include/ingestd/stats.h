// Process-wide counters plus an optional CSV file that the health monitor
// appends a snapshot line to every interval. The counters are atomics and
// stay readable for the whole life of the object. closeFile() is idempotent;
// appendSnapshot() after closeFile() does nothing (checked under the mutex).
#pragma once
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace ingestd {

class Stats {
public:
  Stats() = default;
  ~Stats();
  Stats(const Stats &) = delete;
  Stats &operator=(const Stats &) = delete;

  bool openFile(const std::string &path);
  void appendSnapshot();
  void closeFile();
  std::string toJson() const;

  std::atomic<std::uint64_t> accepted{0};
  std::atomic<std::uint64_t> handshakeFailures{0};
  std::atomic<std::uint64_t> rejected{0};
  std::atomic<std::uint64_t> kicks{0};
  std::atomic<std::uint64_t> reaped{0};
  std::atomic<std::uint64_t> segments{0};
  std::atomic<std::uint64_t> uploads{0};
  std::atomic<std::uint64_t> uploadFailures{0};
  std::atomic<std::uint64_t> droppedKeyframes{0};
  std::atomic<std::uint64_t> thumbnails{0};

private:
  std::mutex mu_;
  std::FILE *fp_ = nullptr;
};

} // namespace ingestd
