// Observatory dome shutter controller. A SerialLine wraps the POSIX descriptor of
// the shutter motor board; a LineLease (RAII) closes the line when it goes out of
// scope. openShutter() keeps talking to the board after its lease's block ended,
// and weatherAbort() writes through a raw FILE* whose owning unique_ptr (with an
// fclose deleter) was already reset.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

class SerialLine {
public:
  explicit SerialLine(const char *device);
  ~SerialLine();
  SerialLine(const SerialLine &) = delete;
  SerialLine &operator=(const SerialLine &) = delete;
  void write(const std::string &command);
  void close();
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

SerialLine::SerialLine(const char *device)
    : fd_(::open(device, O_RDWR | O_NOCTTY)) {}

SerialLine::~SerialLine() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() resets fd_, so a closed line is not closed again
}

void SerialLine::write(const std::string &command) {
  if (fd_ < 0)
    throw std::runtime_error("shutter serial line is closed");
  ::write(fd_, command.data(), command.size());
}

void SerialLine::close() {
  if (fd_ < 0)
    throw std::runtime_error("shutter serial line already closed");
  ::close(fd_);
  fd_ = -1;
}

class LineLease {
public:
  explicit LineLease(SerialLine &line) : line_(line) {}
  ~LineLease();
  SerialLine *operator->() { return &line_; }

private:
  SerialLine &line_;
};

LineLease::~LineLease() {
  if (line_.isOpen())
    line_.close(); // OK: only while the line is still open
}

struct LogCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using WeatherLog = std::unique_ptr<FILE, LogCloser>;

class DomeController {
public:
  explicit DomeController(const char *device) : line_(device) {}
  void openShutter();
  void parkSequence(int azimuth);
  void weatherAbort(const char *logPath, double windKmh);

private:
  SerialLine line_;
};

void DomeController::openShutter() {
  {
    LineLease lease(line_);
    lease->write("SHUTTER OPEN\r");
  }
  line_.write("STATUS?\r"); // BUG: use-after-close
}

void DomeController::parkSequence(int azimuth) {
  line_.write("SLEW " + std::to_string(azimuth) + "\r");
  if (azimuth == 0) {
    LineLease lease(line_);
    lease->write("PARK\r"); // OK: the lease closes the line only at the end of the block
    return;
  }
  line_.write("HOLD\r"); // OK: no lease was taken on this path
}

void DomeController::weatherAbort(const char *logPath, double windKmh) {
  WeatherLog log(std::fopen(logPath, "a"));
  if (!log)
    return;
  FILE *raw = log.get();
  std::fprintf(raw, "abort: wind %.1f km/h\n", windKmh);
  log.reset();
  std::fprintf(raw, "abort: shutter closing\n"); // BUG: use-after-close
}

int main() {
  DomeController dome("/dev/ttyUSB0");
  dome.parkSequence(0);
  DomeController annex("/dev/ttyUSB1");
  annex.weatherAbort("/var/log/dome-weather.log", 61.0);
  annex.openShutter();
  return 0;
}
