// Verifies and publishes finished compaction outputs on its own thread. Jobs
// are kept in a table; submit() writes the job id into a pipe that the worker
// thread reads. The worker takes ownership of CompactionJob::fd and closes it.
// submit() throws std::runtime_error once stop() has been called; stop() is
// idempotent and closes the descriptors of jobs that were never picked up.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace kvlog {

struct CompactionJob {
  int fd = -1;
  std::string outputPath;
  std::vector<std::string> inputs;
};

class CompactionWorker {
public:
  using Publish = std::function<void(const CompactionJob &)>;

  ~CompactionWorker();
  bool start(Publish publish);
  void submit(CompactionJob job);
  void stop();

private:
  void run();

  int readFd_ = -1;
  int writeFd_ = -1;
  std::thread thread_;
  std::mutex mu_;
  std::unordered_map<std::uint64_t, CompactionJob> jobs_;
  std::uint64_t nextId_ = 1;
  bool started_ = false;
  bool stopped_ = false;
  Publish publish_;
};

} // namespace kvlog
