// Ice-core drilling: hauling a core barrel up the borehole on the Kevlar
// cable. HaulTelemetry streams cable tension to the surface recorder over a
// serial line; its close() throws when the telemetry is already closed, as the
// vendor library does. Every haul is written to the run's logbook
// (std::fstream), and the deuterium sub-samples cut at the surface are
// registered in the same logbook. Barrel faults are reported as exceptions.
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace haulage {

struct BarrelFault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class HaulTelemetry {
public:
  explicit HaulTelemetry(const std::string &dev)
      : fd_(::open(dev.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC)) {}
  ~HaulTelemetry() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  HaulTelemetry(const HaulTelemetry &) = delete;
  HaulTelemetry &operator=(const HaulTelemetry &) = delete;

  void streamTension(double kn) {
    if (fd_ < 0)
      throw std::logic_error("haul telemetry closed");
    const std::string line = "T " + std::to_string(kn) + "\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("haul telemetry write failed");
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("haul telemetry already closed");
    ::close(std::exchange(fd_, -1));
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

void checkBarrelLatch(const std::vector<double> &tensions) {
  for (double t : tensions)
    if (t > 18.0)
      throw BarrelFault("latch overload at " + std::to_string(t) + " kN");
}

void haulBarrel(HaulTelemetry &tel, const std::vector<double> &tensions) {
  try {
    for (double t : tensions)
      tel.streamTension(t);
    tel.close();
    checkBarrelLatch(tensions);
  } catch (const std::exception &) {
    tel.close(); // BUG: double-close
    throw;
  }
}

void haulBarrelSafely(HaulTelemetry &tel, const std::vector<double> &tensions) {
  try {
    for (double t : tensions)
      tel.streamTension(t);
    tel.close();
    checkBarrelLatch(tensions);
  } catch (const std::exception &) {
    if (tel.isOpen())
      tel.close(); // OK
    throw;
  }
}

void logHaul(const std::string &logbookPath, int run, const std::vector<double> &tensions) {
  std::fstream book(logbookPath, std::ios::out | std::ios::app);
  try {
    checkBarrelLatch(tensions);
    book << "run " << run << ": " << tensions.size() << " tension samples\n";
  } catch (const BarrelFault &fault) {
    book << "run " << run << ": FAULT " << fault.what() << '\n';
    book.close();
  }
  book << "run " << run << " hauled\n"; // BUG: use-after-close
}

void registerDeuteriumSamples(const std::string &logbookPath, int run,
                              const std::vector<double> &depths) {
  std::fstream book(logbookPath, std::ios::out | std::ios::app);
  try {
    for (double d : depths)
      if (d < 0.0)
        throw std::invalid_argument("negative sample depth");
  } catch (...) {
    book << "run " << run << ": deuterium samples rejected\n";
    book.close();
    throw;
  }
  for (double d : depths)
    book << "run " << run << ": dD sample at " << d << " m\n"; // OK
  book.close();
}

} // namespace haulage
