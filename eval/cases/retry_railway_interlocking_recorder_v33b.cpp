// Railway interlocking juridical recorder: signal and point events are
// appended to a segment file; at segment end the file descriptor and the
// RecorderSession are closed with retries. sealSegment() retries ::close()
// on every error, not only EINTR, so after an EIO close (which already freed
// the descriptor) it closes again. RecorderSession::close() marks itself
// closed before its final flush can throw, and the caller retries the close
// after that exception. EINTR-only retries and Busy refusals are correct.
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct InterlockingEvent {
  long long timestampMs = 0;
  std::string element;
  std::string aspect;
};

class RecorderSession {
public:
  explicit RecorderSession(std::string segment) : segment_(std::move(segment)) {}
  void append(const InterlockingEvent &e);
  bool close();
  bool isClosed() const { return closed_; }

private:
  void flushToCrashMemory();

  std::string segment_;
  std::vector<InterlockingEvent> pending_;
  bool closed_ = false;
  bool crashMemoryBusy_ = false;
};

class SegmentSealer {
public:
  bool sealSegment(int fd);
  bool closeSession(RecorderSession &session);
  bool closeIndex(int indexFd);
};

void RecorderSession::append(const InterlockingEvent &e) {
  if (closed_)
    throw std::runtime_error("recorder session closed: " + segment_);
  pending_.push_back(e);
}

void RecorderSession::flushToCrashMemory() {
  if (pending_.size() > 4096)
    throw std::runtime_error("crash memory full");
  pending_.clear();
}

bool RecorderSession::close() {
  if (closed_)
    throw std::runtime_error("recorder session already closed: " + segment_);
  if (crashMemoryBusy_)
    return false; // refused: nothing closed yet
  closed_ = true;
  flushToCrashMemory();
  return true;
}

bool SegmentSealer::sealSegment(int fd) {
  ::fsync(fd);
  int attempts = 0;
  while (::close(fd) != 0) { // BUG: double-close
    if (++attempts == 3)
      return false;
  }
  return true;
}

bool SegmentSealer::closeIndex(int indexFd) {
  int rc;
  do {
    rc = ::close(indexFd); // OK: repeated only after EINTR
  } while (rc != 0 && errno == EINTR);
  return rc == 0;
}

bool SegmentSealer::closeSession(RecorderSession &session) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    try {
      if (session.close()) // OK: a false return closed nothing
        return true;
    } catch (const std::runtime_error &) {
      session.close(); // BUG: double-close
      return false;
    }
  }
  return false;
}

int main() {
  int fd = ::open("/var/jru/segment-000412.bin", O_WRONLY | O_CREAT | O_APPEND, 0640);
  int indexFd = ::open("/var/jru/index.bin", O_WRONLY | O_CREAT | O_APPEND, 0640);
  RecorderSession session("segment-000412");
  session.append({1717300000123LL, "S14", "proceed"});
  session.append({1717300000456LL, "P7", "reverse"});
  SegmentSealer sealer;
  if (fd >= 0)
    sealer.sealSegment(fd);
  if (indexFd >= 0)
    sealer.closeIndex(indexFd);
  sealer.closeSession(session);
  if (!session.isClosed())
    session.close(); // OK: checked isClosed() first
  return 0;
}
