// Ski lift operations: each chairlift streams drive telemetry (motor current,
// rope speed, carrier count) to the operations centre over a LiftLink.
// LiftLink is thread-safe and has a state enum: send() throws
// std::runtime_error unless the state is Streaming; close() moves to Closed
// and is idempotent.  The lift object keeps its own `stopped_` flag for the
// operator panel.  Defects: the sampler thread tests `!link.closed()` and
// then sends, while the operator thread may close the link in between; the
// wind-hold path closes the link without setting `stopped_`, so the hourly
// report guarded by that flag sends on a closed link.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class LiftLink {
public:
  enum class State { Connecting, Streaming, Closed };

  explicit LiftLink(std::string lift) : lift_(std::move(lift)) {}

  void handshake() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Connecting)
      state_ = State::Streaming;
  }
  void send(const std::string &frame) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != State::Streaming)
      throw std::runtime_error("lift link not streaming: " + lift_);
    frames_.push_back(frame);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    state_ = State::Closed;
  }
  State state() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_;
  }
  bool closed() const { return state() == State::Closed; }

private:
  std::string lift_;
  mutable std::mutex mu_;
  State state_ = State::Connecting;
  std::vector<std::string> frames_;
};

class Chairlift {
public:
  Chairlift(std::string name, LiftLink &link) : name_(std::move(name)), link_(link) {}

  void startSampler() {
    sampler_ = std::thread([this] {
      int tick = 0;
      while (!link_.closed()) {
        link_.send("rope_speed=" + std::to_string(5.0 - (tick % 3) * 0.1)); // BUG: use-after-close #sampler_race
        ++tick;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    });
  }
  void joinSampler() {
    if (sampler_.joinable())
      sampler_.join();
  }

  void emergencyStop(const std::string &reason) {
    stopped_ = true;
    link_.close(); // SAME: sampler_race
    std::fprintf(stderr, "%s: emergency stop (%s)\n", name_.c_str(), reason.c_str());
  }

  void windHold(double gustKmh) {
    std::fprintf(stderr, "%s: wind hold at %.0f km/h\n", name_.c_str(), gustKmh);
    link_.close();
  }

  void hourlyReport(int carriers) {
    if (stopped_)
      return;
    link_.send("carriers=" + std::to_string(carriers)); // SAME: report_after_hold
  }

  void operatorNote(const std::string &note) {
    if (link_.state() != LiftLink::State::Streaming)
      return;
    link_.send("note=" + note); // OK: early return unless Streaming
  }

private:
  std::string name_;
  LiftLink &link_;
  std::atomic<bool> stopped_{false};
  std::thread sampler_;
};

int main() {
  LiftLink eagleLink("eagle-express");
  eagleLink.handshake();
  Chairlift eagle("Eagle Express", eagleLink);
  eagle.startSampler();
  eagle.operatorNote("morning rope inspection done"); // OK: link is streaming
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  eagle.emergencyStop("chair derailment tower 6");
  eagle.joinSampler();
  eagle.hourlyReport(212); // OK: stopped_ was set before the close
  eagle.operatorNote("post-stop walkdown"); // OK: returns early, link closed

  LiftLink ridgeLink("ridge-t-bar");
  ridgeLink.handshake();
  Chairlift ridge("Ridge T-Bar", ridgeLink);
  ridge.hourlyReport(48); // OK: still streaming
  ridge.windHold(85.0);
  try {
    ridge.hourlyReport(51); // BUG: use-after-close #report_after_hold
  } catch (const std::exception &e) {
    std::fprintf(stderr, "report lost: %s\n", e.what());
  }
  return 0;
}
