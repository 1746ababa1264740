// Glassblowing hot shop: the gaffer's gloryhole burner is a serial descriptor kept behind a
// pimpl (GloryholeBurner::Impl hangs it up, idempotently, from close() and from the
// destructor); the punty log is a FILE* owned by a unique_ptr with a closing deleter; the
// marver heater is switched on through a descriptor that a GafferScopeExit closes when the
// command fails. Two destructor mistakes: GafferBench declares its shift tally before the
// punty log, so the log's deleter runs first and the tally's destructor writes its summary
// to a closed stream; and marver_heater_on() arms its close-on-failure guard inside the retry
// loop, so a failed first attempt closes the descriptor and the next attempt writes to it and
// closes it again.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class GafferScopeExit {
public:
  explicit GafferScopeExit(F f) : f_(std::move(f)) {}
  ~GafferScopeExit() {
    if (armed_)
      f_();
  }
  GafferScopeExit(const GafferScopeExit &) = delete;
  GafferScopeExit &operator=(const GafferScopeExit &) = delete;
  void release() { armed_ = false; }

private:
  F f_;
  bool armed_ = true;
};

struct PuntyLogCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using PuntyLogPtr = std::unique_ptr<FILE, PuntyLogCloser>;

class GloryholeBurner {
public:
  explicit GloryholeBurner(const char *dev);
  ~GloryholeBurner();
  void setTemperature(int celsius);
  void close();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct GloryholeBurner::Impl {
  int fd = -1;
  void command(const std::string &line) {
    if (fd < 0)
      throw std::runtime_error("gloryhole burner hung up");
    if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
      throw std::runtime_error("gloryhole burner: short write");
  }
  void hang_up() {
    if (fd >= 0) {
      ::close(fd); // OK: fd is reset below, so the destructor's call is a no-op
      fd = -1;
    }
  }
};

GloryholeBurner::GloryholeBurner(const char *dev) : impl_(std::make_unique<Impl>()) {
  impl_->fd = ::open(dev, O_WRONLY | O_NOCTTY);
}
GloryholeBurner::~GloryholeBurner() { impl_->hang_up(); }
void GloryholeBurner::setTemperature(int celsius) { impl_->command("SET " + std::to_string(celsius) + "\n"); }
void GloryholeBurner::close() { impl_->hang_up(); }

class GafferShiftTally {
public:
  explicit GafferShiftTally(FILE *log) : log_(log) {}
  ~GafferShiftTally() {
    std::fprintf(log_, "shift closed: %d pieces on the punty\n", pieces_); // BUG: use-after-close
  }
  void piece() { ++pieces_; }

private:
  FILE *log_;
  int pieces_ = 0;
};

class GafferBench {
public:
  explicit GafferBench(const std::string &logPath) : punty_(std::fopen(logPath.c_str(), "a")) {
    if (!punty_)
      throw std::runtime_error("cannot open punty log " + logPath);
    tally_ = std::make_unique<GafferShiftTally>(punty_.get());
  }
  void gather(const std::string &colour) {
    std::fprintf(punty_.get(), "gather %s\n", colour.c_str()); // OK: the bench owns the open log
    tally_->piece();
  }

private:
  std::unique_ptr<GafferShiftTally> tally_; // destroyed after punty_
  PuntyLogPtr punty_;
};

int marver_heater_on(const char *dev) {
  int fd = ::open(dev, O_WRONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  for (int attempt = 0; attempt < 3; ++attempt) {
    GafferScopeExit hang_up([fd] { ::close(fd); }); // BUG: double-close
    if (::write(fd, "HEAT ON\n", 8) == 8) { // BUG: use-after-close
      hang_up.release();
      return fd;
    }
  }
  return -1;
}

int marver_heater_off(const char *dev) {
  int fd = ::open(dev, O_WRONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  GafferScopeExit hang_up([fd] { ::close(fd); });
  ssize_t n = ::write(fd, "HEAT OFF\n", 9); // OK: the guard closes only when the function returns
  return n == 9 ? 0 : -1;
}

void hot_shop_morning(const char *burnerDev, const char *marverDev) {
  GafferBench bench("/var/log/hotshop/punty.log");
  GloryholeBurner burner(burnerDev);
  burner.setTemperature(1090);
  bench.gather("cobalt");
  bench.gather("clear");
  int marver = marver_heater_on(marverDev);
  if (marver >= 0) {
    ::write(marver, "HOLD 450\n", 9); // OK: marver_heater_on() released its guard on success
    ::close(marver);
  }
  burner.close();
  marver_heater_off(marverDev);
} // the burner destructor hangs up again; Impl::hang_up checks fd first
