// Jeweller's vault monitor. A reporter thread samples the vault's door,
// humidity and vibration sensors and sends them to the alarm company over an
// AlarmLink; the shop's close-down routine stops the reporter and closes the
// link. Negative case: the reporter reads the monitor's own `closing_` flag
// and sends while holding the same mutex the close-down takes to set the flag
// and close the link, so a send never overlaps or follows the close.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class AlarmLink {
public:
  explicit AlarmLink(std::string monitoringCentre)
      : centre_(std::move(monitoringCentre)) {}

  void send(const std::string &event) {
    if (closed_)
      throw std::runtime_error("alarm link closed: " + centre_);
    journal_.push_back(event);
  }
  void close() {
    if (closed_)
      throw std::runtime_error("alarm link already closed: " + centre_);
    closed_ = true;
  }

private:
  std::string centre_;
  std::vector<std::string> journal_;
  bool closed_ = false;
};

struct VaultSample {
  bool doorShut;
  double humidityPct;
  double vibrationG;
};

VaultSample readVaultSensors();

class VaultMonitor {
public:
  explicit VaultMonitor(const std::string &centre) : link_(centre) {}
  ~VaultMonitor() { closeDown(); }

  void start() {
    reporter_ = std::thread([this] { reportLoop(); });
  }

  void raiseAlarm(const std::string &why) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closing_)
      return;
    link_.send("ALARM " + why); // OK
  }

  void closeDown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closing_)
        return;
      closing_ = true;
      link_.send("vault monitor closing");
      link_.close(); // OK
    }
    wake_.notify_all();
    if (reporter_.joinable())
      reporter_.join();
  }

private:
  void reportLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!closing_) {
      lock.unlock();
      VaultSample s = readVaultSensors();
      lock.lock();
      if (closing_)
        break;
      link_.send(std::string(s.doorShut ? "door shut" : "DOOR OPEN") +
                 " rh=" + std::to_string(s.humidityPct) +
                 " g=" + std::to_string(s.vibrationG)); // OK
      if (s.vibrationG > 0.5)
        link_.send("ALARM vibration"); // OK
      wake_.wait_for(lock, std::chrono::seconds(5), [this] { return closing_; });
    }
  }

  std::mutex mu_;
  std::condition_variable wake_;
  AlarmLink link_;
  std::thread reporter_;
  bool closing_ = false;
};

void overnight(VaultMonitor &monitor) {
  monitor.start();
  std::this_thread::sleep_for(std::chrono::hours(10));
  monitor.raiseAlarm("manual test");
  monitor.closeDown();
  monitor.raiseAlarm("door contact test"); // OK
}
