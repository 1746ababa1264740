// Seismic station sample spool. The acquisition loop pushes raw samples into
// a pipe; a drain thread reads the pipe and appends the samples to the
// day file on disk. stop() closes the write end so that the drain thread sees
// EOF, joins it, then closes the rest; abort() is the fast path used when the
// digitiser faults. The event detector gets its own dup() of the day-file
// descriptor to stamp trigger markers.
// Defects: abort() closes the day file while the drain thread may still be
// writing to it (it is joined only afterwards); stop() closes the read end
// without resetting it, so the destructor closes it a second time.
#include <cstdint>
#include <fcntl.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace seismic {

class SampleSpool {
public:
  ~SampleSpool() {
    if (pipe_[0] >= 0)
      ::close(pipe_[0]); // SAME: spool_dtor
    if (pipe_[1] >= 0)
      ::close(pipe_[1]);
    if (diskFd_ >= 0)
      ::close(diskFd_);
  }

  bool start(const std::string &dayFile) {
    if (::pipe(pipe_) != 0)
      return false;
    diskFd_ = ::open(dayFile.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (diskFd_ < 0)
      return false;
    drain_ = std::thread([this] {
      char buf[4096];
      ssize_t n;
      while ((n = ::read(pipe_[0], buf, sizeof buf)) > 0)
        ::write(diskFd_, buf, static_cast<size_t>(n)); // BUG: use-after-close #abort_race
    });
    return true;
  }

  bool push(const std::vector<int32_t> &samples) {
    if (pipe_[1] < 0)
      return false;
    size_t bytes = samples.size() * sizeof(int32_t);
    return ::write(pipe_[1], samples.data(), bytes) == static_cast<ssize_t>(bytes); // OK: returns early once the write end is closed
  }

  int tapForDetector() const { return ::dup(diskFd_); }

  void stop() {
    ::close(pipe_[1]);
    pipe_[1] = -1;
    if (drain_.joinable())
      drain_.join();
    ::close(pipe_[0]);
    ::close(diskFd_);
    diskFd_ = -1;
  }

  void abort() {
    ::close(diskFd_); // SAME: abort_race
    diskFd_ = -1;
    ::close(pipe_[1]);
    pipe_[1] = -1;
    if (drain_.joinable())
      drain_.join();
  }

private:
  int pipe_[2] = {-1, -1};
  int diskFd_ = -1;
  std::thread drain_;
};

class EventDetector {
public:
  explicit EventDetector(int fd) : fd_(fd) {}
  ~EventDetector() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  void trigger(int64_t epochMs) {
    std::string marker = "#TRIGGER " + std::to_string(epochMs) + "\n";
    ::write(fd_, marker.data(), marker.size()); // OK: its own dup() stays open after the spool closed the original
  }

private:
  int fd_;
};

} // namespace seismic

void recordDay(const std::vector<std::vector<int32_t>> &blocks, bool digitiserFault) {
  seismic::SampleSpool spool;
  if (!spool.start("/data/seismo/STA1.day"))
    return;
  seismic::EventDetector detector(spool.tapForDetector());
  for (const auto &block : blocks)
    spool.push(block);
  if (digitiserFault) {
    spool.abort();
    return;
  }
  spool.stop();
  spool.push(blocks.empty() ? std::vector<int32_t>{} : blocks.back()); // OK: push() checks the write end
  detector.trigger(1719792000000);
} // BUG: double-close #spool_dtor
