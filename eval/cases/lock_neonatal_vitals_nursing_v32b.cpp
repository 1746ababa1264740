// Neonatal intensive care: an incubator monitor forwards the baby's vitals
// to the central nursing station over a StationLink. A vitals thread wakes
// every second on a condition variable; the sensor driver raises apnoea
// alarms from its own thread through onApnoea(). discharge() closes the link
// under stateMutex_. The vitals thread checks the discharged flag under
// stateMutex_; the alarm path serialises alarms with alarmMutex_ only.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace nicu {

class StationLink {
public:
  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("station link closed");
    outbox_.push_back(msg);
  }
  void close() { closed_ = true; }

private:
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

struct Vitals {
  int heartRate;
  int spo2;
  double skinTempC;
};

class Sensors {
public:
  Vitals read();
};

class IncubatorMonitor {
public:
  void start() { vitals_ = std::thread([this] { vitalsLoop(); }); }

  void onApnoea(int seconds) {
    if (discharged_)
      return;
    std::lock_guard<std::mutex> alarmLock(alarmMutex_);
    link_.send("APNOEA " + std::to_string(seconds) + "s"); // BUG: use-after-close #discharge_race
  }

  void alarmSilenced(const std::string &nurse) {
    std::scoped_lock lock(alarmMutex_, stateMutex_);
    if (discharged_)
      return;
    link_.send("SILENCED by " + nurse); // OK: stateMutex_ is one of the locks held
  }

  void nurseNote(const std::string &note) {
    std::lock_guard<std::mutex> lock(stateMutex_);
    if (discharged_)
      return;
    link_.send("NOTE " + note); // OK: checked under the closer's mutex
  }

  void discharge() {
    {
      std::lock_guard<std::mutex> lock(stateMutex_);
      if (discharged_)
        return;
      discharged_ = true;
      link_.close(); // SAME: discharge_race
    }
    wake_.notify_all();
    if (vitals_.joinable())
      vitals_.join();
  }

  ~IncubatorMonitor() { discharge(); }

private:
  void vitalsLoop() {
    std::unique_lock<std::mutex> lock(stateMutex_);
    while (!discharged_) {
      wake_.wait_for(lock, std::chrono::seconds(1));
      if (discharged_)
        break;
      Vitals v = sensors_.read();
      link_.send("HR " + std::to_string(v.heartRate) + " SpO2 " + std::to_string(v.spo2)); // OK: flag re-checked under stateMutex_ after the wait
    }
  }

  Sensors sensors_;
  StationLink link_;
  std::mutex stateMutex_;
  std::mutex alarmMutex_;
  std::condition_variable wake_;
  bool discharged_ = false;
  std::thread vitals_;
};

} // namespace nicu
