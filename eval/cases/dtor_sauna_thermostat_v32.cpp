// Home sauna controller (negative). The heater relay is the controller's own
// class: close() switches the relay off, is idempotent, and setPower() throws
// once it is closed. A unique_ptr whose deleter calls close() owns the relay,
// and the session log (a unique_ptr with an fclose deleter) is declared
// before it, so when the controller is destroyed the relay is switched off and
// writes its last line while the log is still open (members are destroyed in
// reverse order). cooldown() closes the relay early; resume() replaces a
// closed relay before powering it. The bench probe is read under a ScopeExit
// that closes the descriptor once, when the function returns.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class HeaterRelay {
public:
  explicit HeaterRelay(std::FILE *log) : log_(log) {}
  void setPower(int percent) {
    if (closed_)
      throw std::runtime_error("heater relay closed");
    percent_ = percent;
    if (log_ != nullptr)
      std::fprintf(log_, "power %d%%\n", percent);
  }
  void close() {
    if (closed_)
      return;
    percent_ = 0;
    closed_ = true;
    if (log_ != nullptr)
      std::fputs("relay off\n", log_); // OK: the controller's log member outlives the relay
  }
  bool closed() const { return closed_; }

private:
  std::FILE *log_;
  int percent_ = 0;
  bool closed_ = false;
};

struct RelayOff {
  void operator()(HeaterRelay *r) const {
    r->close(); // OK: close() is idempotent after cooldown()
    delete r;
  }
};
struct LogCloser {
  void operator()(std::FILE *f) const {
    if (f != nullptr)
      std::fclose(f);
  }
};

class SaunaController {
public:
  explicit SaunaController(const std::string &logPath)
      : log_(std::fopen(logPath.c_str(), "a")), relay_(new HeaterRelay(log_.get())) {}

  void preheat(int targetC, int currentC) { relay_->setPower(currentC < targetC ? 100 : 30); }
  void cooldown() { relay_->close(); }
  void resume(int percent) {
    if (relay_->closed())
      relay_.reset(new HeaterRelay(log_.get()));
    relay_->setPower(percent); // OK: a closed relay was replaced above
  }

private:
  std::unique_ptr<std::FILE, LogCloser> log_;
  std::unique_ptr<HeaterRelay, RelayOff> relay_;
};

template <typename Fn> struct ScopeExit {
  Fn fn;
  ~ScopeExit() { fn(); }
};
template <typename Fn> ScopeExit<Fn> onScopeExit(Fn fn) { return ScopeExit<Fn>{std::move(fn)}; }

double averageBenchTemp(const std::string &probePath, int samples) {
  if (samples <= 0)
    return -1.0;
  int fd = ::open(probePath.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1.0;
  auto closeProbe = onScopeExit([fd] { ::close(fd); });
  double sum = 0.0;
  for (int i = 0; i < samples; ++i) {
    char buf[16] = {};
    if (::pread(fd, buf, sizeof buf - 1, 0) <= 0) // OK: the probe is closed only when the function returns
      return -1.0;
    sum += std::atof(buf);
  }
  return sum / samples;
}

void eveningSession(const std::string &logPath, const std::string &probePath) {
  SaunaController sauna(logPath);
  sauna.preheat(80, static_cast<int>(averageBenchTemp(probePath, 4)));
  sauna.cooldown();
  sauna.resume(60);
  sauna.cooldown();
}
