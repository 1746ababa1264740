// Hot spring spa pool monitoring. Each outdoor pool has a temperature/mineral
// probe on the spa's fieldbus; probes are closed and re-dialled when they
// drift, and the attendants' shift log is rotated at shift change.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace spa {

class PoolProbe {
public:
  explicit PoolProbe(std::string address) : address_(std::move(address)) {}

  double temperature() {
    if (closed_)
      throw std::runtime_error("probe closed: " + address_);
    return 38.5 + static_cast<double>(address_.size() % 5);
  }

  void close() { closed_ = true; }
  const std::string &address() const { return address_; }

private:
  std::string address_;
  bool closed_ = false;
};

class ShiftLog {
public:
  explicit ShiftLog(const std::string &path) : out_(std::fopen(path.c_str(), "a")) {
    if (!out_)
      throw std::runtime_error("cannot open shift log " + path);
  }
  ShiftLog(const ShiftLog &) = delete;
  ShiftLog &operator=(const ShiftLog &) = delete;
  ~ShiftLog() {
    if (out_)
      std::fclose(out_);
  }
  void write(const std::string &line) {
    if (!out_)
      throw std::runtime_error("shift log closed");
    std::fprintf(out_, "%s\n", line.c_str());
  }
  void close() {
    if (out_)
      std::fclose(out_);
    out_ = nullptr;
  }

private:
  FILE *out_;
};

double recalibrate(PoolProbe &probe, bool drifted) {
  const std::string address = probe.address();
  probe.close();
  if (drifted)
    probe = PoolProbe(address + "?recal=1");
  else
    probe = PoolProbe(address);
  return probe.temperature(); // OK
}

void soakCycle(std::vector<PoolProbe> &probes, double limit) {
  for (PoolProbe &probe : probes) {
    double t = probe.temperature();
    probe.close();
    if (t > limit)
      probe = PoolProbe(probe.address());
    std::printf("%s %.1f\n", probe.address().c_str(), probe.temperature()); // BUG: use-after-close
  }
}

void redialAll(std::vector<PoolProbe> &probes) {
  for (PoolProbe &probe : probes) {
    probe.close();
    probe = PoolProbe(probe.address());
  }
  for (PoolProbe &probe : probes)
    std::printf("%s ok %.1f\n", probe.address().c_str(), probe.temperature()); // OK
}

void shiftChange(const std::string &dir, int shift, bool rotate) {
  auto log = std::make_unique<ShiftLog>(dir + "/shift.log");
  log->write("shift " + std::to_string(shift) + " ends");
  log->close();
  if (rotate)
    log = std::make_unique<ShiftLog>(dir + "/shift-" + std::to_string(shift + 1) + ".log");
  log->write("shift " + std::to_string(shift + 1) + " begins"); // BUG: use-after-close
}

void handover(const std::string &dir, int shift) {
  auto log = std::make_unique<ShiftLog>(dir + "/shift.log");
  log->write("handover " + std::to_string(shift));
  log->close();
  log.reset();
  log = std::make_unique<ShiftLog>(dir + "/handover.log");
  log->write("handover complete"); // OK
  log->close();
  log->close(); // OK
}

} // namespace spa
