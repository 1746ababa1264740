// Annulus backfill and tunnel ventilation on a tunnel boring machine. Grout is
// injected through the backfill pump link (fd; inject throws PressureFault on
// over-pressure, close() refuses to run twice) and the vent-duct fan is driven
// through a VentDuctFan whose controller rejects bad set-points with an
// exception. Error handling closes the link in catch handlers.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct PressureFault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class BackfillPumpLink {
public:
  explicit BackfillPumpLink(int fd) : fd_(fd) {}
  void inject(int port, double litres) {
    if (fd_ < 0)
      throw std::logic_error("backfill pump link closed");
    if (litres > 400.0)
      throw PressureFault("port " + std::to_string(port) + " over pressure");
    dprintf(fd_, "INJECT %d %.1f\n", port, litres);
  }
  void flushLines() {
    if (fd_ < 0)
      throw std::logic_error("backfill pump link closed");
    ::write(fd_, "FLUSH\n", 6);
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("backfill pump link already closed");
    ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class VentDuctFan {
public:
  explicit VentDuctFan(const char *logPath) : log_(std::fopen(logPath, "a")) {}
  void setFlow(double m3s) {
    if (m3s < 5.0 || m3s > 60.0)
      throw std::out_of_range("vent flow set-point " + std::to_string(m3s));
    std::fprintf(log_, "flow %.1f\n", m3s);
  }
  void report() { std::fprintf(log_, "duct pressure ok\n"); }
  void close() {
    if (log_)
      std::fclose(std::exchange(log_, nullptr));
  }

private:
  FILE *log_;
};

void injectRing(BackfillPumpLink &pump, const std::vector<double> &litresPerPort) {
  try {
    for (size_t port = 0; port < litresPerPort.size(); ++port)
      pump.inject(int(port), litresPerPort[port]);
  } catch (...) {
    pump.close();
    throw;
  }
  pump.flushLines(); // OK
}

bool backfillShift(BackfillPumpLink &pump, const std::vector<double> &ring) {
  try {
    injectRing(pump, ring);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ring aborted: %s\n", e.what());
    return false;
  }
  pump.flushLines(); // OK
  return true;
}

void backfillWithCleanup(BackfillPumpLink &pump, const std::vector<double> &ring) {
  try {
    injectRing(pump, ring);
  } catch (const PressureFault &f) {
    std::fprintf(stderr, "pressure fault: %s\n", f.what());
    pump.close(); // BUG: double-close
  }
}

void purgeLines(BackfillPumpLink &pump) {
  try {
    pump.inject(0, 450.0);
  } catch (const PressureFault &f) {
    std::fprintf(stderr, "purge: %s\n", f.what());
    pump.close();
  }
  pump.flushLines(); // BUG: use-after-close
}

bool ventCycle(VentDuctFan &fan, double m3s) {
  try {
    fan.setFlow(m3s);
  } catch (const std::out_of_range &e) {
    std::fprintf(stderr, "vent: %s\n", e.what());
    fan.close();
    return false;
  }
  fan.report(); // OK
  return true;
}
