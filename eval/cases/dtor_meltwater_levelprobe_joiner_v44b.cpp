// Snow-tank watcher of an ice resurfacer. A background thread samples the
// tank's ultrasonic level probe (a serial descriptor wrapped in LevelProbe,
// whose sample() throws once the probe is closed) and lights the "dump now"
// lamp. Threads live in JoiningThread members that join in their destructor.
// Bugs: ~TankWatcher() closes the probe in its body, but the sampler thread is
// joined only when the members are destroyed, after the body has run, so the
// thread can still sample the closed probe; ChuteHeater declares its thread
// before its heater line, so the line is destroyed (closed) before the thread
// is joined. ~DumpLamp() stops and joins its blinker before closing the lamp
// line, and the probe's own destructor closes again harmlessly because close()
// is idempotent.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <thread>
#include <unistd.h>
#include <utility>

namespace rinkfleet {

class LevelProbe {
public:
  explicit LevelProbe(const char *device)
      : fd_(::open(device, O_RDONLY | O_NOCTTY | O_CLOEXEC)) {}
  ~LevelProbe() { close(); } // OK: close() is idempotent
  LevelProbe(const LevelProbe &) = delete;
  LevelProbe &operator=(const LevelProbe &) = delete;

  int sampleMillimetres() {
    if (fd_ < 0)
      throw std::runtime_error("level probe closed");
    unsigned char frame[4];
    if (::read(fd_, frame, sizeof frame) != static_cast<ssize_t>(sizeof frame))
      return -1;
    return (frame[1] << 8) | frame[2];
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class JoiningThread {
public:
  JoiningThread() = default;
  template <class F> explicit JoiningThread(F &&body) : thread_(std::forward<F>(body)) {}
  ~JoiningThread() { join(); }
  template <class F> void start(F &&body) { thread_ = std::thread(std::forward<F>(body)); }
  void join() {
    if (thread_.joinable())
      thread_.join();
  }

private:
  std::thread thread_;
};

class TankWatcher {
public:
  explicit TankWatcher(const char *device) : probe_(device), sampler_([this] { run(); }) {}
  ~TankWatcher() {
    running_ = false;
    probe_.close(); // SAME: tanksample
  }
  int lastLevel() const { return lastMm_.load(); }

private:
  void run() {
    while (running_.load()) {
      int mm = probe_.sampleMillimetres(); // BUG: use-after-close #tanksample
      if (mm >= 0)
        lastMm_ = mm;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::atomic<bool> running_{true};
  std::atomic<int> lastMm_{0};
  LevelProbe probe_;
  JoiningThread sampler_;
};

class DumpLamp {
public:
  explicit DumpLamp(const char *gpioValuePath)
      : lampFd_(::open(gpioValuePath, O_WRONLY | O_CLOEXEC)),
        blinker_([this] { blink(); }) {}
  ~DumpLamp() {
    running_ = false;
    blinker_.join();
    ::close(lampFd_); // OK: the blinker thread was joined on the line above
  }
  void request(bool on) { wanted_ = on; }

private:
  void blink() {
    bool lit = false;
    while (running_.load()) {
      lit = wanted_.load() && !lit;
      ssize_t n = ::write(lampFd_, lit ? "1" : "0", 1); // OK: the descriptor is closed only after this thread is joined
      (void)n;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }

  std::atomic<bool> running_{true};
  std::atomic<bool> wanted_{false};
  int lampFd_;
  JoiningThread blinker_;
};

class HeaterLine {
public:
  explicit HeaterLine(const char *device) : fd_(::open(device, O_WRONLY | O_CLOEXEC)) {}
  ~HeaterLine() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: chuteheat
  }
  HeaterLine(const HeaterLine &) = delete;
  HeaterLine &operator=(const HeaterLine &) = delete;
  void pulse(int milliseconds) {
    if (fd_ < 0)
      throw std::runtime_error("chute heater line not open");
    char cmd[16];
    int n = std::snprintf(cmd, sizeof cmd, "P%d\n", milliseconds);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n)
      throw std::runtime_error("chute heater pulse failed");
  }

private:
  int fd_;
};

class ChuteHeater {
public:
  explicit ChuteHeater(const char *device) : line_(device) {
    keepWarm_.start([this] { loop(); });
  }
  ~ChuteHeater() { running_ = false; }

private:
  void loop() {
    while (running_.load()) {
      line_.pulse(300); // BUG: use-after-close #chuteheat
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  }

  std::atomic<bool> running_{true};
  JoiningThread keepWarm_;
  HeaterLine line_;
};

} // namespace rinkfleet
