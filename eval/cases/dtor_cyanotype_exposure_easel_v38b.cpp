// Exposure-easel controller for a cyanotype (sun-print) studio: a UV lamp
// bank on a serial descriptor is switched on for a timed exposure and every
// print is noted in the exposure log. Descriptors are owned by UniqueFd, the
// log by a unique_ptr with an fclose deleter, and ScopeExit runs cleanups.
// expose_print() keeps the raw descriptor past the guard's scope and sends the
// OFF command after the destructor closed it; rinse_note() resets the log
// owner and then writes through the raw pointer it saved. Handing the
// descriptor out with release(), moving a guard, and uses inside the guarded
// scope are correct.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(UniqueFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) {
      reset();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class ScopeExit {
 public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() { if (fn_) fn_(); }

 private:
  std::function<void()> fn_;
};

struct FcloseDeleter {
  void operator()(FILE* f) const { if (f) std::fclose(f); }
};
using LogPtr = std::unique_ptr<FILE, FcloseDeleter>;

static void lamp_cmd(int fd, const char* cmd) {
  ::write(fd, cmd, std::char_traits<char>::length(cmd));
}

void expose_print(const char* dev, unsigned seconds) {
  int lamp = -1;
  {
    UniqueFd guard(::open(dev, O_RDWR | O_NOCTTY));
    if (guard.get() < 0) return;
    lamp = guard.get();
    lamp_cmd(lamp, "UV ON\r");  // OK: guard still owns the open descriptor
    ::sleep(seconds);
  }
  ::write(lamp, "UV OFF\r", 7);  // BUG: use-after-close
}

void rinse_note(const std::string& print_id, int rinse_minutes) {
  LogPtr log(std::fopen("/var/cyanotype/exposures.log", "a"));
  if (!log) return;
  FILE* raw = log.get();
  std::fprintf(raw, "%s exposed\n", print_id.c_str());  // OK: owner still holds the stream
  log.reset();
  std::fprintf(raw, "%s rinsed %d min\n", print_id.c_str(), rinse_minutes);  // BUG: use-after-close
}

int open_lamp_for_daemon(const char* dev) {
  UniqueFd guard(::open(dev, O_RDWR | O_NOCTTY));
  if (guard.get() < 0) return -1;
  lamp_cmd(guard.get(), "HELLO\r");
  return guard.release();
}

void daemon_session(const char* dev) {
  int fd = open_lamp_for_daemon(dev);
  if (fd < 0) return;
  lamp_cmd(fd, "STATUS\r");  // OK: release() handed the descriptor out without closing it
  UniqueFd owner(fd);
  UniqueFd moved(std::move(owner));
  lamp_cmd(moved.get(), "UV OFF\r");  // OK: the moved-from guard gave up the descriptor
}

void timed_batch(const char* dev, int prints) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return;
  LogPtr log(std::fopen("/var/cyanotype/batch.log", "a"));
  ScopeExit closer([fd] { ::close(fd); });
  for (int i = 0; i < prints; ++i) {
    lamp_cmd(fd, "UV ON\r");  // OK: ScopeExit closes only when the function returns
    ::sleep(600);
    lamp_cmd(fd, "UV OFF\r");
    if (log) std::fprintf(log.get(), "batch print %d\n", i);  // OK: log owner alive until return
  }
}
