// Foil stamping press for cloth book covers: a heater thread keeps the brass
// die at temperature by sending setpoints to the heater controller's serial
// port, and a counter thread appends each stamped cover to the job log.
// halt() stops the press at the end of a job or on an interlock trip.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class FoilPress {
public:
  FoilPress(int heaterFd, FILE *jobLog) : heaterFd_(heaterFd), jobLog_(jobLog) {}
  ~FoilPress() {
    halt();
    if (heater_.joinable())
      heater_.join();
  }

  void start(double dieCelsius) {
    target_ = dieCelsius;
    heater_ = std::thread([this] { heaterLoop(); });
  }
  void stamped(const std::string &coverId);
  void halt();

private:
  double readThermocouple() {
    char buf[16] = {};
    FILE *tc = std::fopen("/sys/bus/w1/devices/die/temperature", "r");
    if (!tc)
      return target_;
    size_t n = std::fread(buf, 1, sizeof buf - 1, tc);
    std::fclose(tc);
    return n ? std::atof(buf) / 1000.0 : target_;
  }
  void heaterLoop();

  std::mutex mu_;
  std::atomic<bool> stopping_{false};
  int heaterFd_;
  FILE *jobLog_;
  double target_ = 120.0;
  int covers_ = 0;
  std::thread heater_;
};

void FoilPress::heaterLoop() {
  while (!stopping_.load()) {
    double error = target_ - readThermocouple();
    int duty = error > 0 ? static_cast<int>(error * 8) : 0;
    ::dprintf(heaterFd_, "DUTY %d\n", duty > 100 ? 100 : duty); // BUG: use-after-close #die-heater
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

void FoilPress::stamped(const std::string &coverId) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!jobLog_)
    return;
  std::fprintf(jobLog_, "%d %s\n", ++covers_, coverId.c_str()); // OK: checked and written under mu_
}

void FoilPress::halt() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_.exchange(true))
    return;
  ::dprintf(heaterFd_, "DUTY 0\n");
  ::close(heaterFd_); // SAME: die-heater
  if (jobLog_) {
    std::fprintf(jobLog_, "halt after %d covers\n", covers_);
    std::fclose(jobLog_); // OK: stamped() takes mu_ before touching jobLog_
    jobLog_ = nullptr;
  }
}

void stampEdition(FoilPress &press, const std::vector<std::string> &covers,
                  const std::atomic<bool> &interlockTripped) {
  std::atomic<bool> counted{false};
  press.start(118.0);
  std::thread counter([&] {
    for (const std::string &id : covers)
      press.stamped(id);
    counted = true;
  });
  while (!counted.load() && !interlockTripped.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  press.halt();
  counter.join();
}
