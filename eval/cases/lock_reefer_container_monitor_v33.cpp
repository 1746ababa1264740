// Cold-store reefer monitor. A sampler thread reports container temperatures and
// door events over a ReeferLink (not thread-safe by itself); a watchdog thread
// closes the link under the monitor's mutex when the compressor stalls.
// reportDoor() checks the closed flag and sends while holding that mutex, but
// reportTemperature() checks the flag under the mutex, drops it, and then sends,
// so the watchdog can close the link in between.
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class ReeferLink {
public:
  void send(const std::string &line);
  void close();

private:
  bool closed_ = false;
  std::vector<std::string> wire_;
};

void ReeferLink::send(const std::string &line) {
  if (closed_)
    throw std::runtime_error("reefer link closed");
  wire_.push_back(line);
}

void ReeferLink::close() {
  if (closed_)
    throw std::runtime_error("reefer link already closed");
  closed_ = true;
}

class ReeferMonitor {
public:
  void start();
  void join();

private:
  void sampleLoop();
  void watchdogLoop();
  void reportTemperature(double celsius);
  void reportDoor(bool open);
  void reportDefrost(bool running);
  void watchdogTrip();

  std::mutex m_;
  bool linkClosed_ = false;
  ReeferLink link_;
  std::atomic<int> stallTicks_{0};
  std::thread sampler_, watchdog_;
};

void ReeferMonitor::start() {
  sampler_ = std::thread(&ReeferMonitor::sampleLoop, this);
  watchdog_ = std::thread(&ReeferMonitor::watchdogLoop, this);
}

void ReeferMonitor::join() {
  sampler_.join();
  watchdog_.join();
}

void ReeferMonitor::reportTemperature(double celsius) {
  {
    std::lock_guard<std::mutex> g(m_);
    if (linkClosed_)
      return;
  }
  link_.send("temp=" + std::to_string(celsius)); // BUG: use-after-close #stall
}

void ReeferMonitor::reportDoor(bool open) {
  std::lock_guard<std::mutex> g(m_);
  if (linkClosed_)
    return;
  link_.send(open ? "door=open" : "door=shut"); // OK: checked and sent under the closer's mutex
}

void ReeferMonitor::reportDefrost(bool running) {
  std::unique_lock<std::mutex> lk(m_);
  if (linkClosed_)
    return;
  const std::string line = running ? "defrost=on" : "defrost=off";
  link_.send(line); // OK: the unique_lock is still held here
  lk.unlock();
}

void ReeferMonitor::watchdogTrip() {
  std::lock_guard<std::mutex> g(m_);
  if (linkClosed_)
    return;
  link_.close(); // SAME: stall
  linkClosed_ = true;
}

void ReeferMonitor::sampleLoop() {
  double temp = -18.0;
  for (int i = 0; i < 200; ++i) {
    reportTemperature(temp);
    if (i % 25 == 0)
      reportDoor(i % 50 == 0);
    if (i % 40 == 10)
      reportDefrost(i % 80 == 10);
    temp += 0.05;
    stallTicks_.fetch_add(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void ReeferMonitor::watchdogLoop() {
  while (stallTicks_.load() < 120)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  watchdogTrip();
  watchdogTrip(); // OK: the second trip sees linkClosed_ and returns
}

int main() {
  ReeferMonitor bay7;
  bay7.start();
  bay7.join();
  return 0;
}
