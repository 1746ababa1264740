// Descent controller for a cave abseil: the anchor link reports load on the
// rope anchor, the descent log records pitches, and the belt radio talks to
// the surface team. The three classes differ in what their methods do:
// DescentLog::resume() returns quietly once the log is closed while append()
// throws; AnchorLink::close() throws when the link was already closed;
// BeltRadio::close() is documented and implemented as idempotent.
// Three mistakes: abort_descent() closes the anchor in on_rope_fault() and
// then again in teardown; finish_pitch() appends to the log after closing it;
// and surface_break() calls resume() as if it reopened the closed log.
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace abseil {

class DescentLog {
 public:
  explicit DescentLog(int fd) : fd_(fd) {}
  void append(const std::string& line) {
    if (closed_) throw std::runtime_error("descent log closed");
    if (paused_) return;
    std::string l = line + "\n";
    ::write(fd_, l.data(), l.size());
  }
  void pause() { paused_ = true; }
  void resume() {
    if (closed_) return;
    paused_ = false;
  }
  void close() {
    if (closed_) return;
    closed_ = true;
    ::close(fd_);
  }

 private:
  int fd_;
  bool closed_ = false;
  bool paused_ = false;
};

class AnchorLink {
 public:
  explicit AnchorLink(int fd) : fd_(fd) {}
  double load_kn() {
    if (fd_ < 0) throw std::runtime_error("anchor link closed");
    char buf[16] = {0};
    ::pread(fd_, buf, sizeof buf - 1, 0);
    return std::stod(std::string(buf).empty() ? "0" : buf);
  }
  bool is_open() const { return fd_ >= 0; }
  void close() {
    if (fd_ < 0) throw std::logic_error("anchor link already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

// close() may be called any number of times; only the first releases the radio.
class BeltRadio {
 public:
  explicit BeltRadio(int fd) : fd_(fd) {}
  void call(const std::string& msg) {
    if (fd_ < 0) throw std::runtime_error("belt radio off");
    ::write(fd_, msg.data(), msg.size());
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

static void on_rope_fault(AnchorLink& anchor, BeltRadio& radio) {
  radio.call("ROPE FAULT, HOLDING\n");
  anchor.close();
}

static void teardown(AnchorLink& anchor, BeltRadio& radio, DescentLog& log) {
  anchor.close();  // SAME: teardown
  radio.close();
  log.close();
}

void abort_descent(AnchorLink& anchor, BeltRadio& radio, DescentLog& log) {
  if (anchor.load_kn() > 9.0) on_rope_fault(anchor, radio);
  log.append("descent aborted");
  teardown(anchor, radio, log);  // BUG: double-close #teardown
}

void safe_abort(AnchorLink& anchor, BeltRadio& radio, DescentLog& log) {
  if (anchor.load_kn() > 9.0) on_rope_fault(anchor, radio);
  if (anchor.is_open()) anchor.close();  // OK: closes only if on_rope_fault() did not
  radio.close();
  radio.close();  // OK: BeltRadio::close() is idempotent
  log.close();
  log.resume();  // OK: resume() returns early once the log is closed
}

void finish_pitch(DescentLog& log, const std::vector<double>& depths) {
  log.pause();
  log.resume();
  for (double d : depths) log.append("pitch at " + std::to_string(d) + " m");  // OK: log is open here
  log.close();
  log.append("pitch complete");  // BUG: use-after-close
}

// The log is closed while the team is on the surface so that the surface
// laptop can copy it.
void surface_break(DescentLog& log, BeltRadio& radio) {
  log.append("surfacing");
  log.close();
  radio.call("ON SURFACE\n");
  log.resume();  // OK: resume() returns early on a closed log
  log.append("second descent");  // BUG: use-after-close
}

}  // namespace abseil
