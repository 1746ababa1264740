// Swell-box shutter controller for an organ's enclosed division. ShutterDrive talks to
// the shutter motor over a serial descriptor. shutdown() is idempotent: under the mutex
// it returns when already shut down, otherwise it parks the shutters and closes the
// descriptor. move() throws once the drive is shut down, and position() is a cached
// value. The plenum monitor thread moves the shutters until shutdown; a move() that
// loses the race throws under the same mutex and is caught, and the main thread joins
// the monitor before reading anything. Every use here is made before shutdown, behind
// isShutdown(), or is a repeated shutdown() that returns early: the file has no bug.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unistd.h>

class ShutterDrive {
public:
  explicit ShutterDrive(const char *device) : fd_(::open(device, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::system_error(errno, std::generic_category(), device);
  }
  ~ShutterDrive() { shutdown(); }
  ShutterDrive(const ShutterDrive &) = delete;
  ShutterDrive &operator=(const ShutterDrive &) = delete;

  void move(int percentOpen) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("shutter drive closed, cannot move");
    char cmd[16];
    const int n = std::snprintf(cmd, sizeof cmd, "P%03d\r", percentOpen);
    if (::write(fd_, cmd, n) != n)
      throw std::system_error(errno, std::generic_category(), "shutter write");
    position_ = percentOpen;
  }

  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    ::write(fd_, "P000\r", 5);
    ::close(fd_);
    fd_ = -1;
    closed_ = true;
  }

  bool isShutdown() const { std::lock_guard<std::mutex> lk(mu_); return closed_; }
  int position() const { std::lock_guard<std::mutex> lk(mu_); return position_; }

private:
  mutable std::mutex mu_;
  int fd_;
  bool closed_ = false;
  int position_ = 0;
};

static int shutterForPressure(double plenumPa) {
  if (plenumPa < 600.0)
    return 100;
  if (plenumPa > 900.0)
    return 20;
  return static_cast<int>(100.0 - (plenumPa - 600.0) * 80.0 / 300.0);
}

void regulate(ShutterDrive &drive, std::atomic<double> &plenumPa) {
  std::thread monitor([&drive, &plenumPa] {
    while (!drive.isShutdown()) {
      try {
        drive.move(shutterForPressure(plenumPa.load())); // OK
      } catch (const std::runtime_error &) {
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  std::this_thread::sleep_for(std::chrono::seconds(5));
  drive.shutdown(); // OK
  monitor.join();
  std::printf("shutters parked from %d%%\n", drive.position()); // OK
}

void endOfService(ShutterDrive &drive, bool blowerFault) {
  if (blowerFault)
    drive.shutdown();
  if (!drive.isShutdown())
    drive.move(0); // OK
  drive.shutdown(); // OK
  if (drive.isShutdown())
    std::printf("swell box closed at %d%%\n", drive.position());
}
