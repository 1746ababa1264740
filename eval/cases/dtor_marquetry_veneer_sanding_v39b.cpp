// A marquetry workshop sands thin veneer panels in a booth with a dust
// extraction fan on a serial line and keeps a sanding log. Descriptors and
// FILE*s are owned by RAII types: a ScopeExit that closes the fan link at the
// end of the session, a UniqueFd that can release() its descriptor, and a
// unique_ptr with an fclose deleter that is moved into the Booth. Every use
// happens while an owner still holds the handle, a dismissed guard does not
// close, and each handle is closed exactly once. Negative case.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class ScopeExit {
 public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_) fn_();
  }
  void dismiss() { active_ = false; }

 private:
  std::function<void()> fn_;
  bool active_ = true;
};

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
    if (fd_ >= 0) ::close(fd_);  // OK: fd_ is -1 after release() or a move
    fd_ = -1;
  }

 private:
  int fd_;
};

struct Fclose {
  void operator()(FILE* f) const { std::fclose(f); }
};
using LogFile = std::unique_ptr<FILE, Fclose>;

class Booth {
 public:
  Booth(UniqueFd fan, LogFile log) : fan_(std::move(fan)), log_(std::move(log)) {}
  void sand(const std::string& panel, int grit) {
    ::write(fan_.get(), "FAN 3\n", 6);  // OK: Booth owns the moved-in descriptor
    std::fprintf(log_.get(), "%s grit %d\n", panel.c_str(), grit);  // OK: Booth owns the moved-in log
  }

 private:
  UniqueFd fan_;
  LogFile log_;
};

int sanding_session(const char* fan_dev, const std::string& panel) {
  int fan = ::open(fan_dev, O_WRONLY | O_NOCTTY);
  if (fan < 0) return -1;
  ScopeExit close_fan([fan] { ::close(fan); });
  ::write(fan, "FAN 3\n", 6);  // OK: closed only when the scope ends
  std::printf("sanding %s\n", panel.c_str());
  ::write(fan, "FAN 0\n", 6);  // OK: still inside the scope
  return 0;
}

int keep_fan_running(const char* fan_dev) {
  int fan = ::open(fan_dev, O_WRONLY | O_NOCTTY);
  if (fan < 0) return -1;
  ScopeExit close_fan([fan] { ::close(fan); });
  if (::write(fan, "FAN 1\n", 6) != 6) return -1;
  close_fan.dismiss();
  return fan;
}

void purge_booth(const char* fan_dev) {
  int fan = keep_fan_running(fan_dev);
  if (fan < 0) return;
  ::write(fan, "PURGE\n", 6);  // OK: the guard in keep_fan_running() was dismissed
  ::close(fan);
}

std::unique_ptr<Booth> open_booth(const char* fan_dev, const char* log_path) {
  UniqueFd fan(::open(fan_dev, O_WRONLY | O_NOCTTY));
  if (fan.get() < 0) return nullptr;
  LogFile log(std::fopen(log_path, "a"));
  if (!log) return nullptr;
  std::fprintf(log.get(), "booth opened\n");  // OK: owned here
  auto booth = std::make_unique<Booth>(std::move(fan), std::move(log));
  booth->sand("offcut", 240);
  return booth;
}

int detach_fan(const char* fan_dev) {
  UniqueFd fan(::open(fan_dev, O_WRONLY | O_NOCTTY));
  if (fan.get() < 0) return -1;
  int raw = fan.release();
  ::write(raw, "FAN 2\n", 6);  // OK: released, the UniqueFd will not close it
  return raw;
}
