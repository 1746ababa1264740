// Greenhouse irrigation controller. Zone valves are switched over a ValveBus;
// soil-moisture telemetry is appended to a FILE*; the controller can be shut
// down by the operator console thread, by the frost alarm and by main() at the
// end of the season, possibly at the same time.
// Negative case: the telemetry file is closed through std::call_once and every
// record() checks closed_ under the same mutex; shutdown() lets exactly one
// caller through with an atomic exchange; park() closes the bus from a switch
// on the controller state, and the Closed state is never closed again;
// flushZones() closes the shared pump descriptor only in the first iteration.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// RS-485 valve bus. send() throws std::logic_error once closed; close() twice
// throws std::logic_error.
class ValveBus {
public:
  explicit ValveBus(int fd) : fd_(fd) {}
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::logic_error("valve bus closed");
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("valve bus closed twice");
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class MoistureTelemetry {
public:
  explicit MoistureTelemetry(std::FILE *fp) : fp_(fp) {}
  void record(int zone, double vwc) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    std::fprintf(fp_, "zone=%d vwc=%.3f\n", zone, vwc); // OK: closed_ checked under mu_
  }
  void close() {
    std::call_once(closeOnce_, [this] {
      std::lock_guard<std::mutex> lk(mu_);
      closed_ = true;
      std::fclose(fp_); // OK: std::call_once runs this once
    });
  }

private:
  std::FILE *fp_;
  std::mutex mu_;
  bool closed_ = false;
  std::once_flag closeOnce_;
};

enum class State { Idle, Watering, Closed };

class IrrigationController {
public:
  IrrigationController(int busFd, std::FILE *telemetry)
      : bus_(busFd), telemetry_(telemetry) {}

  void water(int zone, double vwc) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed)
      return;
    state_ = State::Watering;
    bus_.send("OPEN " + std::to_string(zone) + "\n"); // OK: state_ is not Closed
    telemetry_.record(zone, vwc);
  }

  void shutdown() {
    if (stopped_.exchange(true))
      return;
    park();
    telemetry_.close();
  }

  void frostAlarm() { shutdown(); }

private:
  void park() {
    std::lock_guard<std::mutex> lk(mu_);
    switch (state_) {
    case State::Watering:
      bus_.send("ALL CLOSE\n");
      [[fallthrough]];
    case State::Idle:
      bus_.close(); // OK: reached only from Idle/Watering, the state becomes Closed
      state_ = State::Closed;
      break;
    case State::Closed:
      break;
    }
  }

  std::mutex mu_;
  ValveBus bus_;
  MoistureTelemetry telemetry_;
  State state_ = State::Idle;
  std::atomic<bool> stopped_{false};
};

// Zones share the pump descriptor; each zone also owns a flow-meter descriptor.
void flushZones(int pumpFd, const std::vector<int> &flowMeterFds) {
  for (std::size_t i = 0; i < flowMeterFds.size(); ++i) {
    if (i == 0) {
      ::write(pumpFd, "STOP\n", 5);
      ::close(pumpFd); // OK: only in the first iteration
    }
    ::close(flowMeterFds[i]); // OK: a different descriptor each iteration
  }
}

void season(int busFd, std::FILE *telemetry, int pumpFd, const std::vector<int> &meters) {
  IrrigationController ctl(busFd, telemetry);
  std::thread console([&ctl] { ctl.shutdown(); });
  for (int zone = 0; zone < 8; ++zone)
    ctl.water(zone, 0.21);
  ctl.frostAlarm();
  ctl.shutdown();
  console.join();
  flushZones(pumpFd, meters);
}
