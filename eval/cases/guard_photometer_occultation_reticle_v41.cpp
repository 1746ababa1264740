// Asteroid occultation timing station: a PhotometerLink samples the star's flux (sample()
// after close() throws), the guide reticle frames arrive on a ReticleSocket descriptor, the
// GPS time-inserter is an OccultationStamper with an explicit operator bool, and the event
// report is a std::optional<OccultationReport>. Negative case: every use sits behind a guard
// people write: a null-or-closed early return, a while (sock.valid()) loop whose body closes
// and continues, the stamper's operator bool, a closed() query stored in a local after the
// last close, a checked optional that is reset on close, and weak_ptr::lock() plus closed().
#include <cerrno>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class PhotometerLink {
public:
  double sample() {
    if (closed_)
      throw std::runtime_error("photometer link closed");
    return 1.0;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  bool closed_ = false;
};

class ReticleSocket {
public:
  explicit ReticleSocket(int fd) : fd_(fd) {}
  bool valid() const { return fd_ >= 0; }
  ssize_t read_frame(char *buf, size_t len) {
    ssize_t n;
    do
      n = ::read(fd_, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
  }
  void close() {
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class OccultationStamper {
public:
  explicit operator bool() const { return open_; }
  void stamp(const std::string &what) {
    if (!open_)
      throw std::runtime_error("time inserter closed");
    marks_.push_back(what);
  }
  void close() { open_ = false; }

private:
  std::vector<std::string> marks_;
  bool open_ = true;
};

struct OccultationReport {
  std::vector<double> flux;
  void append(double f) { flux.push_back(f); }
};

void record_disappearance(PhotometerLink *phot, std::optional<OccultationReport> &report) {
  if (!phot || phot->closed())
    return;
  double f = phot->sample(); // OK: null-or-closed returned above
  if (report)
    report->append(f); // OK: the optional is checked
}

int stream_reticle(ReticleSocket &sock, OccultationStamper &stamper) {
  char frame[1024];
  int frames = 0;
  while (sock.valid()) {
    ssize_t n = sock.read_frame(frame, sizeof frame); // OK: the loop re-checks valid() after a close
    if (n <= 0) {
      sock.close();
      continue;
    }
    ++frames;
    if (stamper)
      stamper.stamp("frame " + std::to_string(frames)); // OK: operator bool is false once closed
  }
  return frames;
}

void end_of_event(PhotometerLink &phot, OccultationStamper &stamper, std::optional<OccultationReport> &report,
                  bool cloudedOut) {
  if (cloudedOut) {
    phot.close();
    stamper.close();
    report.reset();
  }
  const bool photometerUp = !phot.closed();
  if (photometerUp)
    phot.sample(); // OK: the query was taken after the only close
  if (stamper)
    stamper.stamp("reappearance"); // OK: guarded by operator bool
  if (report)
    report->append(0.0); // OK: reset() emptied it on the clouded-out path
}

void watch_from_remote(const std::weak_ptr<PhotometerLink> &remote) {
  if (auto p = remote.lock())
    if (!p->closed())
      p->sample(); // OK: locked and checked open
}
