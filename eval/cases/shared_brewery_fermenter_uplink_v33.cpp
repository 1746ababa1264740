// Brewery cellar telemetry: each FermenterProbe runs a sampling thread that holds
// a shared_ptr to the cellar's TelemetryUplink and publishes specific gravity
// readings. emergencyVent() closes the uplink before stopping the probes, so a
// probe thread can publish on the closed uplink; endOfShift() stops (joins) the
// probes first. The dashboard only uses tryPublish, which checks under the
// uplink's own mutex.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class TelemetryUplink {
public:
  void publish(const std::string &topic, double value);
  bool tryPublish(const std::string &topic, double value);
  void close();
  bool isClosed() const;

private:
  mutable std::mutex m_;
  bool closed_ = false;
  std::vector<std::string> outbox_;
};

void TelemetryUplink::publish(const std::string &topic, double value) {
  std::lock_guard<std::mutex> g(m_);
  if (closed_)
    throw std::runtime_error("telemetry uplink closed");
  outbox_.push_back(topic + "=" + std::to_string(value));
}

bool TelemetryUplink::tryPublish(const std::string &topic, double value) {
  std::lock_guard<std::mutex> g(m_);
  if (closed_)
    return false;
  outbox_.push_back(topic + "=" + std::to_string(value));
  return true;
}

void TelemetryUplink::close() {
  std::lock_guard<std::mutex> g(m_);
  if (closed_)
    throw std::runtime_error("telemetry uplink closed twice");
  closed_ = true;
}

bool TelemetryUplink::isClosed() const {
  std::lock_guard<std::mutex> g(m_);
  return closed_;
}

class FermenterProbe {
public:
  FermenterProbe(int tank, std::shared_ptr<TelemetryUplink> uplink)
      : tank_(tank), uplink_(std::move(uplink)) {}
  ~FermenterProbe() { stop(); }
  void start();
  void stop();

private:
  void loop();
  int tank_;
  std::shared_ptr<TelemetryUplink> uplink_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

void FermenterProbe::start() {
  running_ = true;
  worker_ = std::thread(&FermenterProbe::loop, this);
}

void FermenterProbe::stop() {
  running_ = false;
  if (worker_.joinable())
    worker_.join();
}

void FermenterProbe::loop() {
  double gravity = 1.060;
  while (running_) {
    uplink_->publish("tank/" + std::to_string(tank_) + "/sg", gravity); // BUG: use-after-close #vent
    gravity -= 0.0005;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

class Dashboard {
public:
  explicit Dashboard(std::weak_ptr<TelemetryUplink> uplink) : uplink_(std::move(uplink)) {}
  void raiseAlarm(int tank);

private:
  std::weak_ptr<TelemetryUplink> uplink_;
};

void Dashboard::raiseAlarm(int tank) {
  if (std::shared_ptr<TelemetryUplink> up = uplink_.lock())
    up->tryPublish("alarm/tank", tank); // OK: tryPublish checks the state under the uplink's mutex
}

class Cellar {
public:
  Cellar();
  void emergencyVent();
  void endOfShift();

private:
  std::shared_ptr<TelemetryUplink> uplink_;
  std::vector<std::unique_ptr<FermenterProbe>> probes_;
  Dashboard board_;
};

Cellar::Cellar()
    : uplink_(std::make_shared<TelemetryUplink>()), board_(uplink_) {
  for (int tank = 1; tank <= 4; ++tank) {
    probes_.push_back(std::make_unique<FermenterProbe>(tank, uplink_));
    probes_.back()->start();
  }
}

void Cellar::emergencyVent() {
  board_.raiseAlarm(2);
  uplink_->close(); // SAME: vent
  for (auto &probe : probes_)
    probe->stop();
}

void Cellar::endOfShift() {
  for (auto &probe : probes_)
    probe->stop();
  board_.raiseAlarm(0); // OK: tryPublish() just returns false once the uplink is closed
  if (!uplink_->isClosed())
    uplink_->close(); // OK: every probe thread was joined before the close
}

int main() {
  Cellar cellar;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  cellar.emergencyVent();
  cellar.endOfShift();
  return 0;
}
