// IoT edge gateway: a SensorPoller thread reads the field sensors and
// publishes every reading through an MQTT uplink that goes out over a
// cellular modem. All three classes are the project's own:
// - SensorPoller: pause()/resume() stop and restart the callbacks; resume()
//   does nothing once shutdown() has run; shutdown() joins the thread and is
//   idempotent.
// - MqttUplink: publish() throws std::runtime_error once closed; close() is
//   idempotent; both lock an internal mutex.
// - ModemSession: dial() opens a PPP session; hangup() releases the lease and
//   throws std::logic_error when there is no open session (the lease would be
//   released twice).
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

struct Reading {
  std::string topic;
  double value;
};

class SensorPoller {
public:
  ~SensorPoller() { shutdown(); }
  void start(std::function<void(const Reading &)> cb) {
    cb_ = std::move(cb);
    thread_ = std::thread([this] { run(); });
  }
  void pause() {
    std::lock_guard<std::mutex> lock(mu_);
    paused_ = true;
  }
  void resume() {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    paused_ = false;
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_)
        return;
      stopped_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (int n = 0; !stopped_; ++n) {
      cv_.wait_for(lock, std::chrono::milliseconds(10), [this] { return stopped_; });
      if (stopped_ || paused_)
        continue;
      Reading r{"site4/boiler/temp", 70.0 + n % 7};
      lock.unlock();
      cb_(r);
      lock.lock();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::function<void(const Reading &)> cb_;
  std::thread thread_;
  bool paused_ = false;
  bool stopped_ = false;
};

class MqttUplink {
public:
  void publish(const std::string &topic, const std::string &payload) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("uplink closed, dropping " + topic);
    ++sent_;
    (void)payload;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  long sent_ = 0;
  bool closed_ = false;
};

class ModemSession {
public:
  void dial(const std::string &apn) {
    apn_ = apn;
    up_ = true;
  }
  void hangup() {
    if (!up_)
      throw std::logic_error("PPP lease on " + apn_ + " released twice");
    up_ = false;
  }

private:
  std::string apn_;
  bool up_ = false;
};

class Gateway {
public:
  explicit Gateway(std::string apn) : apn_(std::move(apn)) { modem_.dial(apn_); }
  ~Gateway() {
    poller_.shutdown(); // OK: idempotent
    uplink_.close(); // OK: idempotent
  }
  void start() {
    poller_.start([this](const Reading &r) {
      uplink_.publish(r.topic, std::to_string(r.value)); // BUG: use-after-close #tickrace
    });
  }
  void pause() { poller_.pause(); }
  void resume() { poller_.resume(); }
  void reconnectModem() {
    modem_.hangup();
    modem_.dial(apn_); // OK: dial() opens a new session after the hangup
  }
  void onLinkError() { modem_.hangup(); }
  void reportStatus(const std::string &status) {
    uplink_.publish("site4/gateway/status", status); // SAME: status
  }
  void shutdown() {
    uplink_.close(); // SAME: tickrace
    poller_.shutdown();
    modem_.hangup(); // SAME: hangup2
  }

private:
  std::string apn_;
  SensorPoller poller_;
  MqttUplink uplink_;
  ModemSession modem_;
};

int main() {
  Gateway gw("iot.carrier.example");
  gw.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  gw.pause();
  gw.reconnectModem();
  gw.resume();
  gw.reportStatus("online");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  gw.onLinkError(); // carrier dropped the PPP session
  try {
    gw.shutdown(); // BUG: double-close #hangup2
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  gw.resume(); // OK: resume() does nothing once the poller is shut down
  try {
    gw.reportStatus("offline"); // BUG: use-after-close #status
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  return 0;
}
