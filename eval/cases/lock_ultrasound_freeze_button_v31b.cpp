// Point-of-care ultrasound cart: a capture thread pushes probe frames to the
// study sink and a telemetry thread pushes the probe's temperature and depth
// readings next to them. When the sonographer presses Freeze, the study is
// finalised: freeze() closes the sink under the cart's mutex. The capture
// thread checks the frozen flag under that mutex; the telemetry thread reads
// the atomic flag without taking it and then pushes.
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace ultrasound {

struct Frame {
  std::vector<unsigned char> pixels;
  double depthCm;
};

class StudySink {
public:
  void push(const Frame &f) {
    requireOpen();
    frames_.push_back(f);
  }
  void annotate(const std::string &note) {
    requireOpen();
    notes_.push_back(note);
  }
  void close() { closed_ = true; }

private:
  void requireOpen() const {
    if (closed_)
      throw std::runtime_error("study sink finalised");
  }
  std::vector<Frame> frames_;
  std::vector<std::string> notes_;
  bool closed_ = false;
};

class Probe {
public:
  Frame grab();
  double temperatureC() const;
};

class Cart {
public:
  void start() {
    capture_ = std::thread([this] { captureLoop(); });
    telemetry_ = std::thread([this] { telemetryLoop(); });
  }

  void freeze() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (frozen_)
      return;
    frozen_ = true;
    sink_.close(); // SAME: freeze_race
  }

  void addCaliper(double mm) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (frozen_)
      return;
    sink_.annotate("caliper " + std::to_string(mm) + "mm"); // OK
  }

  void markLesion(const std::string &label, int clockFace) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (frozen_)
      return;
    sink_.annotate("lesion " + label + " at " + std::to_string(clockFace) + " o'clock"); // OK
    lock.unlock();
    lastLabel_ = label;
  }

  ~Cart() {
    freeze();
    capture_.join();
    telemetry_.join();
  }

private:
  void captureLoop() {
    for (;;) {
      Frame f = probe_.grab();
      std::lock_guard<std::mutex> lock(mutex_);
      if (frozen_)
        return;
      sink_.push(f); // OK: checked under the closer's mutex
    }
  }

  void telemetryLoop() {
    while (!frozen_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      if (frozen_)
        return;
      sink_.annotate("probe " + std::to_string(probe_.temperatureC()) + "C"); // BUG: use-after-close #freeze_race
    }
  }

  Probe probe_;
  StudySink sink_;
  std::mutex mutex_;
  std::atomic<bool> frozen_{false};
  std::string lastLabel_;
  std::thread capture_;
  std::thread telemetry_;
};

} // namespace ultrasound
