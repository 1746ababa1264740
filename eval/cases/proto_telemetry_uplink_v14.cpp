// Telemetry agent built on the application's own Uplink class.
// Uplink::send() throws std::runtime_error("uplink is closed") unless the
// uplink is open; close() is idempotent (a second call does nothing); open()
// reopens a closed uplink.
// Negative case, correct: every send is either guarded (operator bool, state(),
// a stored state with nothing closing in between) or follows open(); the
// repeated close() calls from stop() and the destructor are harmless by
// contract.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

enum class UplinkState { Idle, Open, Closed };

class Uplink {
public:
  explicit Uplink(std::string target) : target_(std::move(target)) {}

  void open() { state_ = UplinkState::Open; }

  void send(const std::string &sample) {
    if (state_ != UplinkState::Open)
      throw std::runtime_error("uplink is closed: " + target_);
    inflight_.push_back(sample);
  }

  void close() {
    if (state_ == UplinkState::Closed)
      return;
    state_ = UplinkState::Closed;
    inflight_.clear();
  }

  UplinkState state() const { return state_; }
  explicit operator bool() const { return state_ == UplinkState::Open; }

private:
  std::string target_;
  UplinkState state_ = UplinkState::Idle;
  std::vector<std::string> inflight_;
};

class TelemetryAgent {
public:
  explicit TelemetryAgent(const std::string &target) : uplink_(target) {}
  ~TelemetryAgent() {
    uplink_.close(); // OK: close() is idempotent, closing again after stop() does nothing
  }

  void start() {
    uplink_.open();
    uplink_.send("hello");
  }

  void report(const std::string &sample) {
    if (!uplink_) {
      backlog_.push_back(sample);
      return;
    }
    uplink_.send(sample); // OK: operator bool showed the uplink is open
  }

  void pause() { uplink_.close(); }

  void resume() {
    uplink_.open();
    uplink_.send("resumed"); // OK: open() reopened the uplink that pause() closed
    flushBacklog();
  }

  void stop() {
    if (uplink_.state() == UplinkState::Open)
      uplink_.send("bye"); // OK: the state was checked on the line above
    uplink_.close();
  }

private:
  void flushBacklog() {
    const bool open = uplink_.state() == UplinkState::Open;
    if (!open || backlog_.empty())
      return;
    for (const std::string &s : backlog_)
      uplink_.send(s); // OK: the stored state is current, nothing closes the uplink inside this loop
    backlog_.clear();
  }

  Uplink uplink_;
  std::vector<std::string> backlog_;
};

int main() {
  TelemetryAgent agent("telemetry.internal:4317");
  agent.start();
  agent.report("cpu=0.42");
  agent.pause();
  agent.report("cpu=0.97"); // OK: report() buffers the sample while the uplink is closed
  agent.resume();
  agent.report("cpu=0.51");
  agent.stop();
  agent.stop(); // OK: the send in stop() is guarded and close() is idempotent
  std::cout << "telemetry agent stopped\n";
  return 0;
}
