// Controller for a hammock netting machine: a knotter session ties the mesh
// row by row, a tally writer records the knot count into the same session when
// it is destroyed, and raw descriptors for the tension rollers are guarded by
// a ScopeExit helper.
// Correct throughout: the scope guard closes only when the scope ends (after
// the last write) and is dismissed when the descriptor is handed to the
// caller; the knotter's close() is idempotent, so the destructor after an
// explicit close does nothing; and the tally writer is declared after the
// session, so it is destroyed (and writes) before the session closes.
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

namespace netting {

template <class F>
class ScopeExit {
 public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;
  ~ScopeExit() {
    if (active_) f_();
  }
  void dismiss() { active_ = false; }

 private:
  F f_;
  bool active_ = true;
};

class KnotterSession {
 public:
  explicit KnotterSession(int fd) : fd_(fd) {}
  ~KnotterSession() { close(); }  // OK: close() does nothing when already closed

  void tie(int row, int knots) {
    if (fd_ < 0) throw std::runtime_error("knotter session closed");
    std::string cmd = "TIE " + std::to_string(row) + " " + std::to_string(knots) + "\n";
    ::write(fd_, cmd.data(), cmd.size());
  }

  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class TallyWriter {
 public:
  explicit TallyWriter(KnotterSession& s) : session_(s) {}
  ~TallyWriter() { session_.tie(-1, total_); }  // OK: NetLoom destroys tally_ before session_
  void add(int knots) { total_ += knots; }

 private:
  KnotterSession& session_;
  int total_ = 0;
};

class NetLoom {
 public:
  explicit NetLoom(int fd) : session_(fd), tally_(session_) {}
  void weave(int rows, int knots_per_row) {
    for (int r = 0; r < rows; ++r) {
      session_.tie(r, knots_per_row);
      tally_.add(knots_per_row);
    }
  }

 private:
  KnotterSession session_;  // declared first: destroyed last
  TallyWriter tally_;
};

int tension_rollers(const char* dev, int passes) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  ScopeExit closer([fd] { ::close(fd); });
  for (int i = 0; i < passes; ++i) {
    if (::write(fd, "TENSION +1\n", 11) != 11) return -1;  // OK: the guard closes only when the function returns
  }
  return 0;
}

int adopt_roller(const char* dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  ScopeExit closer([fd] { ::close(fd); });
  if (::write(fd, "PING\n", 5) != 5) return -1;
  closer.dismiss();
  return fd;
}

void calibrate(const char* dev) {
  int fd = adopt_roller(dev);
  if (fd < 0) return;
  ::write(fd, "ZERO\n", 5);  // OK: adopt_roller() dismissed its guard on success
  ::close(fd);
}

void weave_hammock(int fd) {
  auto loom = std::make_unique<NetLoom>(fd);
  loom->weave(40, 24);
  int spare_fd = ::dup(fd);
  if (spare_fd < 0) return;
  KnotterSession spare(spare_fd);
  spare.tie(0, 1);
  spare.close();
  loom.reset();  // OK: the loom owns its own session; spare is a separate dup
}

}  // namespace netting
