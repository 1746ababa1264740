// Duplication bench for a microfiche / aperture-card archive: the duplicator
// head is driven over a descriptor, jobs are logged to a FILE*, and the
// cleanup is left to destructors. The code is correct: FicheHead::close() is
// idempotent and the destructor only closes what is still open; the log's
// unique_ptr is reset and immediately given a new stream before the next
// write; the inner scope's guard closes its own head, not the outer one; the
// optional head is re-emplaced before it is used again; and a dismissed
// ScopeGuard does not close the descriptor it was watching.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>

class FicheHead {
 public:
  explicit FicheHead(const char* dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {}
  FicheHead(const FicheHead&) = delete;
  FicheHead& operator=(const FicheHead&) = delete;
  ~FicheHead() { close(); }

  bool ok() const { return fd_ >= 0; }
  void expose(int frame) {
    if (fd_ < 0) return;
    std::string cmd = "EXP " + std::to_string(frame) + "\r";
    ::write(fd_, cmd.data(), cmd.size());  // OK: checked fd_ above
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

template <typename F>
class ScopeGuard {
 public:
  explicit ScopeGuard(F f) : f_(std::move(f)) {}
  ~ScopeGuard() {
    if (active_) f_();
  }
  void dismiss() { active_ = false; }

 private:
  F f_;
  bool active_ = true;
};

struct Fcloser {
  void operator()(FILE* f) const { std::fclose(f); }
};

void duplicate_card(const char* dev, int frames) {
  FicheHead head(dev);
  if (!head.ok()) return;
  for (int i = 0; i < frames; ++i) head.expose(i);
  head.close();
  head.expose(frames);  // OK: expose() does nothing once the head is closed
}  // the destructor's close() sees fd_ == -1

void rotate_job_log(int jobs) {
  std::unique_ptr<FILE, Fcloser> log(std::fopen("/var/fiche/jobs.0.log", "a"));
  if (!log) return;
  std::fprintf(log.get(), "jobs %d\n", jobs);
  log.reset(std::fopen("/var/fiche/jobs.1.log", "a"));
  if (!log) return;
  std::fprintf(log.get(), "rotated after %d jobs\n", jobs);  // OK: reset() installed a new stream
}

void two_heads(const char* master_dev, const char* copy_dev) {
  FicheHead master(master_dev);
  {
    FicheHead copy(copy_dev);
    copy.expose(1);
  }  // copy's destructor closes only its own descriptor
  master.expose(2);  // OK: master is a different head from the one closed above
}

void optional_head(const char* dev) {
  std::optional<FicheHead> head;
  head.emplace(dev);
  head->expose(1);
  head.reset();
  head.emplace(dev);
  head->expose(2);  // OK: a new head was emplaced after reset()
}

int handoff_fd(const char* dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  ScopeGuard guard([fd] { ::close(fd); });
  if (::write(fd, "PING\r", 5) != 5) return -1;
  guard.dismiss();
  return fd;
}

void run_handoff(const char* dev) {
  int fd = handoff_fd(dev);
  if (fd < 0) return;
  ::write(fd, "EXP 0\r", 6);  // OK: the guard was dismissed before handoff_fd returned
  ::close(fd);
}
