// Public aquarium life-support recorder: the ORP/pH probe on each exhibit
// tank is read over a serial device, samples go to a per-tank log, and each
// day's sample segment is handed to the archiver. Descriptors are owned by a
// small UniqueFd and FILE* logs by unique_ptr with an fclose deleter.
// Correct: the recorder's destructor body flushes the tail into the log
// before its members are destroyed, a moved-from UniqueFd holds -1 and is
// checked before use, swapping probes closes only the old descriptor, and the
// scope guard in openSegment is dismissed once the descriptor is returned.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

namespace lifesupport {

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(o.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // OK
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

struct Sample {
  long ts = 0;
  double orpMv = 0;
  double ph = 0;
};

class ProbeRecorder {
public:
  ProbeRecorder(std::string tank, const std::string &logPath)
      : tank_(std::move(tank)), log_(std::fopen(logPath.c_str(), "a")) {}
  ~ProbeRecorder() { flushTail(); }

  bool attach(const std::string &device) {
    UniqueFd fresh(::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
    if (!fresh)
      return false;
    probe_ = std::move(fresh);
    return ::write(probe_.get(), "R\r", 2) == 2; // OK
  }

  void poll(long now) {
    if (!probe_)
      return;
    char buf[64] = {};
    ssize_t n = ::read(probe_.get(), buf, sizeof buf - 1);
    if (n <= 0) {
      probe_.reset();
      return;
    }
    Sample s;
    s.ts = now;
    if (std::sscanf(buf, "%lf,%lf", &s.orpMv, &s.ph) == 2)
      tail_.push_back(s);
    if (tail_.size() >= 32)
      flushTail();
  }

private:
  void flushTail() {
    if (!log_)
      return;
    for (const Sample &s : tail_)
      std::fprintf(log_.get(), "%s,%ld,%.1f,%.2f\n", tank_.c_str(), s.ts, s.orpMv, s.ph); // OK
    tail_.clear();
    std::fflush(log_.get());
  }

  std::string tank_;
  std::unique_ptr<FILE, FileCloser> log_;
  UniqueFd probe_;
  std::vector<Sample> tail_;
};

static bool shipToArchive(UniqueFd segment, const std::string &queuePath) {
  if (::fsync(segment.get()) != 0)
    return false;
  off_t size = ::lseek(segment.get(), 0, SEEK_END);
  UniqueFd queue(::open(queuePath.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640));
  if (!queue || size < 0)
    return false;
  std::string line = std::to_string(size) + "\n";
  return ::write(queue.get(), line.data(), line.size()) == static_cast<ssize_t>(line.size());
}

UniqueFd openSegment(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0)
    return UniqueFd();
  bool handed = false;
  struct Guard {
    int fd;
    bool &handed;
    ~Guard() {
      if (!handed)
        ::close(fd); // OK
    }
  } guard{fd, handed};
  if (::lseek(fd, 0, SEEK_END) < 0)
    return UniqueFd();
  handed = true;
  return UniqueFd(fd);
}

bool rollDay(const std::string &segmentPath, const std::string &archiveQueue) {
  UniqueFd segment = openSegment(segmentPath);
  if (!segment)
    return false;
  ::write(segment.get(), "#EOD\n", 5);
  bool shipped = shipToArchive(std::move(segment), archiveQueue);
  if (segment)
    ::write(segment.get(), "#UNSHIPPED\n", 11); // OK
  return shipped;
}

} // namespace lifesupport
