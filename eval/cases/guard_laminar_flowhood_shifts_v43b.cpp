// Sowing shifts at the laminar-flow hoods of an orchid propagation lab.
// Each hood's fan and UV lamp are driven by a controller on a serial
// descriptor; a shift works through the flasks queued for its hood and
// closes the controller when the queue runs dry or a contamination alarm
// trips. The lab-wide UV sterilisation cycle runs over every hood.
// Negative case: every use of a controller is behind a guard that sees the
// close — operator bool (the descriptor is set to -1 on close), the shift's
// closed() loop condition re-evaluated each round, an early return in the
// lambda passed to std::for_each, or a close() that returns when already
// closed.
#include <algorithm>
#include <deque>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace flowhood {

class HoodController {
public:
  explicit HoodController(const std::string &dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {}
  HoodController(HoodController &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  HoodController(const HoodController &) = delete;
  HoodController &operator=(const HoodController &) = delete;
  ~HoodController() { close(); }

  explicit operator bool() const { return fd_ >= 0; }

  void fan(int percent) { send("FAN " + std::to_string(percent)); }
  void uv(bool on) { send(on ? "UV 1" : "UV 0"); }
  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::logic_error("hood controller closed, cannot send " + cmd);
    std::string line = cmd + "\n";
    ::write(fd_, line.data(), line.size());
  }
  int fd_;
};

struct SowingJob {
  std::string flask;
  bool alarm = false; // particle counter tripped while sowing
};

class SowingShift {
public:
  SowingShift(const std::string &dev, std::deque<SowingJob> jobs)
      : hood_(dev), jobs_(std::move(jobs)) {
    if (!hood_)
      closed_ = true;
  }

  bool closed() const { return closed_; }

  void step() {
    if (jobs_.empty() || jobs_.front().alarm) {
      finish();
      return;
    }
    hood_.fan(85); // OK: finish() returned above when the shift ends
    jobs_.pop_front();
  }

  void finish() {
    if (closed_)
      return;
    hood_.fan(0);
    hood_.close();
    closed_ = true;
  }

private:
  HoodController hood_;
  std::deque<SowingJob> jobs_;
  bool closed_ = false;
};

void run_shift(SowingShift &shift) {
  while (!shift.closed())
    shift.step(); // OK: loop condition re-checked after every step
  shift.finish(); // OK: finish() returns when already closed
}

void uv_cycle(std::vector<HoodController> &hoods) {
  std::for_each(hoods.begin(), hoods.end(), [](HoodController &h) {
    if (!h)
      return;
    h.uv(true); // OK: closed controllers are skipped
  });
}

void close_faulty_then_uv(std::vector<HoodController> &hoods, const std::vector<bool> &faulty) {
  for (std::size_t i = 0; i < hoods.size() && i < faulty.size(); ++i)
    if (faulty[i])
      hoods[i].close();
  uv_cycle(hoods); // OK: the lambda's guard skips the closed ones
  for (HoodController &h : hoods)
    if (h)
      h.fan(40); // OK: operator bool is false after close()
}

void add_hood(std::vector<HoodController> &hoods, const std::string &dev) {
  hoods.emplace_back(dev);
  if (hoods.front())
    hoods.front().fan(20); // OK: reallocation moved the controllers
}

} // namespace flowhood
