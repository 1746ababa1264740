// Observatory dome controller: a Scheduler runs tracking and dome-slew tasks,
// the dome motor is driven over a serial port descriptor, a weather-station
// feed arrives on a second descriptor, and an observing log is kept in a
// FILE*. Shutdown can come from the operator (stop()) or from the rain
// sensor (emergencyStop()).
// The serial port is closed through std::call_once, the log through a switch
// on its state, and Scheduler::shutdown() returns early when already stopping.
// Defect: emergencyStop() closes the weather feed itself and then calls
// stop(), which closes the same descriptor again.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <string>

#include "scheduler.h"

enum class LogState { Open, Rotated, Closed };

class DomeController {
public:
  DomeController(const char *serialDev, const char *weatherDev, const char *logPath)
      : sched_(2), serialFd_(::open(serialDev, O_RDWR | O_NOCTTY)),
        weatherFd_(::open(weatherDev, O_RDONLY)), log_(std::fopen(logPath, "a")),
        logState_(log_ ? LogState::Open : LogState::Closed) {}

  void startNight() {
    sched_.submit([this] { slewTo(180.0); });
    sched_.submit([this] { slewTo(182.5); });
    logLine("tracking started");
  }

  void stop() {
    sched_.shutdown(); // OK: shutdown() returns early when emergencyStop() already ran it
    parkDome();
    closeSerialPort();
    ::close(weatherFd_); // SAME: wx_twice
    closeLog();
  }

  void emergencyStop() {
    // Rain detected: stop listening to the weather feed first so no further
    // slew requests are generated from it, then shut the scheduler down.
    ::close(weatherFd_);
    sched_.shutdown();
    logLine("rain: emergency close");
    stop(); // BUG: double-close #wx_twice
  }

  void rotateLog(const char *newPath) {
    if (logState_ == LogState::Closed)
      return;
    std::fclose(log_);
    log_ = std::fopen(newPath, "a");
    logState_ = log_ ? LogState::Rotated : LogState::Closed;
  }

private:
  void slewTo(double azimuth) {
    std::string cmd = "AZ " + std::to_string(azimuth) + "\r";
    ::write(serialFd_, cmd.data(), cmd.size());
  }

  void parkDome() {
    std::call_once(parked_, [this] {
      ::write(serialFd_, "PARK\r", 5); // OK: runs before closeSerialPort() in stop()
    });
  }

  void closeSerialPort() {
    std::call_once(serialClosed_, [this] {
      ::close(serialFd_); // OK: call_once runs this at most once
    });
  }

  void logLine(const char *msg) {
    if (logState_ == LogState::Closed)
      return;
    std::fprintf(log_, "%s\n", msg); // OK: skipped once the log state is Closed
  }

  void closeLog() {
    switch (logState_) {
    case LogState::Open:
    case LogState::Rotated:
      std::fclose(log_); // OK: the state moves to Closed right after
      logState_ = LogState::Closed;
      break;
    case LogState::Closed:
      break;
    }
  }

  Scheduler sched_;
  int serialFd_;
  int weatherFd_;
  std::FILE *log_;
  LogState logState_;
  std::once_flag parked_;
  std::once_flag serialClosed_;
};

void runNight(bool rain) {
  DomeController dome("/dev/ttyUSB0", "/dev/ttyUSB1", "/var/log/dome/night.log");
  dome.startNight();
  dome.rotateLog("/var/log/dome/night-2.log");
  if (rain)
    dome.emergencyStop();
  else
    dome.stop();
}
