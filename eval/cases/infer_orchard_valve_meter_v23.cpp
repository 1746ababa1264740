// Orchard irrigation: a block controller drives solenoid valves over a
// ValveBus and reads water usage from a FlowMeterPort.
//  - ValveBus::command() throws std::runtime_error once closed; close() is
//    idempotent (a second close is a no-op).  flushLines() runs the
//    end-of-season line flush and powers the bus down (closes it) when done.
//  - FlowMeterPort::readLitres() throws once closed; close() throws
//    std::logic_error when the port is already closed, because the serial
//    descriptor must be released exactly once.
// Defects: endOfSeason() commands a valve after flushLines() closed the bus,
// and shutdownBlock() closes a meter port that the fault handler already
// closed.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

enum class ValveCmd { Open, Shut };

class ValveBus {
public:
  explicit ValveBus(std::string port) : port_(std::move(port)) {}
  void command(int valve, ValveCmd cmd) {
    if (closed_)
      throw std::runtime_error("valve bus closed: " + port_);
    state_[valve] = cmd;
  }
  // Opens every valve to purge the lines, shuts them, then powers the bus down.
  void flushLines(const std::vector<int> &valves) {
    for (int v : valves)
      command(v, ValveCmd::Open);
    for (int v : valves)
      command(v, ValveCmd::Shut);
    close();
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
    state_.clear();
  }

private:
  std::string port_;
  std::map<int, ValveCmd> state_;
  bool closed_ = false;
};

class FlowMeterPort {
public:
  explicit FlowMeterPort(const std::string &dev)
      : fd_(::open(dev.c_str(), O_RDONLY | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open flow meter " + dev);
  }
  ~FlowMeterPort() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  FlowMeterPort(const FlowMeterPort &) = delete;
  FlowMeterPort &operator=(const FlowMeterPort &) = delete;

  double readLitres() {
    if (fd_ < 0)
      throw std::runtime_error("flow meter port closed");
    char buf[32] = {};
    ssize_t n = ::read(fd_, buf, sizeof buf - 1);
    return n > 0 ? std::atof(buf) : 0.0;
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("flow meter port closed twice");
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class BlockController {
public:
  BlockController(std::string block, const std::string &busPort, const std::string &meterDev)
      : block_(std::move(block)), bus_(busPort), meter_(meterDev) {}
  ~BlockController() { bus_.close(); } // OK: ValveBus::close() is idempotent

  void irrigate(const std::vector<int> &valves, int samples) {
    double start = meter_.readLitres();
    for (int v : valves)
      bus_.command(v, ValveCmd::Open);
    double used = 0;
    for (int i = 0; i < samples; ++i)
      used = meter_.readLitres() - start;
    for (int v : valves)
      bus_.command(v, ValveCmd::Shut);
    std::printf("%s: %.1f L\n", block_.c_str(), used);
  }

  void endOfSeason(const std::vector<int> &valves) {
    bus_.flushLines(valves);
    bus_.command(valves.front(), ValveCmd::Shut); // BUG: use-after-close
  }

  void handleMeterFault() {
    std::fprintf(stderr, "%s: flow meter fault, releasing port\n", block_.c_str());
    meter_.close();
  }

  void shutdownBlock() {
    bus_.close();
    meter_.close(); // SAME: meter_twice
  }

private:
  std::string block_;
  ValveBus bus_;
  FlowMeterPort meter_;
};

int main() {
  try {
    BlockController honeycrisp("block-7", "/dev/ttyS1", "/dev/ttyUSB0");
    honeycrisp.irrigate({3, 4, 5}, 10);
    honeycrisp.endOfSeason({3, 4, 5});
  } catch (const std::exception &e) {
    std::fprintf(stderr, "block-7: %s\n", e.what());
  }
  try {
    BlockController gala("block-9", "/dev/ttyS2", "/dev/ttyUSB1");
    gala.irrigate({1, 2}, 10);
    gala.handleMeterFault();
    gala.shutdownBlock(); // BUG: double-close #meter_twice
  } catch (const std::exception &e) {
    std::fprintf(stderr, "block-9: %s\n", e.what());
  }
  return 0;
}
