// Cave survey: the dive-computer bridge records sonar distance pings from the
// survey reel into a capture file (framed records, closed by an END trailer)
// and keeps a copy of the raw serial stream for the post-dive audit. The
// capture objects own their descriptors and release them in destructors.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <utility>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o) {
      if (fd_ >= 0)
        ::close(fd_);
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

struct SonarPing {
  unsigned seq;
  float rangeM;
  float headingDeg;
  float depthM;
};

class FrameWriter {
public:
  explicit FrameWriter(int fd) : fd_(fd) {}
  ~FrameWriter() {
    static const char trailer[] = "END\n";
    ::write(fd_, trailer, sizeof trailer - 1); // BUG: use-after-close
  }
  bool frame(const SonarPing &p) {
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "P %u %.2f %.1f %.1f\n",
                                p.seq, p.rangeM, p.headingDeg, p.depthM);
    return ::write(fd_, buf, static_cast<size_t>(n)) == n;
  }

private:
  int fd_;
};

class DiveCapture {
public:
  explicit DiveCapture(const std::string &path)
      : dump_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640)) {
    if (dump_)
      writer_ = std::make_unique<FrameWriter>(dump_.get());
  }

  bool record(const SonarPing &p) { return writer_ && writer_->frame(p); }
  bool ok() const { return static_cast<bool>(dump_); }

private:
  std::unique_ptr<FrameWriter> writer_;
  UniqueFd dump_;
};

class RawSerialTap {
public:
  RawSerialTap(int serialFd, const std::string &auditPath)
      : serial_(serialFd),
        audit_(::open(auditPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640)) {}

  ssize_t pump(char *buf, size_t len) {
    ssize_t n = ::read(serial_.get(), buf, len);
    if (n > 0 && audit_)
      ::write(audit_.get(), buf, static_cast<size_t>(n)); // OK
    return n;
  }

  void stopAudit() { audit_ = UniqueFd(); }

  void rotateAudit(const std::string &newPath) {
    audit_ = UniqueFd(::open(newPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640));
    if (audit_)
      ::write(audit_.get(), "# rotated\n", 10); // OK
  }

  int handOffSerial() { return serial_.release(); }

private:
  UniqueFd serial_;
  UniqueFd audit_;
};

int closeOutDive(RawSerialTap &tap) {
  const int serial = tap.handOffSerial();
  if (serial < 0)
    return -1;
  ::tcdrain(serial);
  return ::close(serial); // OK
}

bool saveSurveyLeg(const std::string &path, const SonarPing *pings, size_t n) {
  DiveCapture capture(path);
  if (!capture.ok())
    return false;
  for (size_t i = 0; i < n; ++i)
    if (!capture.record(pings[i]))
      return false;
  return true;
}
