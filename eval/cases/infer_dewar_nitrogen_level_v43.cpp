// Ice-core archive: the liquid-nitrogen dewars holding core sections each have
// a level sensor on a serial line (LevelSensor: readLitres() refuses to work
// once the sensor is closed). The store polls every dewar through a
// PollScheduler whose tick() runs the callbacks that are due. Retiring a dewar
// cancels its poll and closes the sensor; a defrost closes the sensor for the
// warm-up and reopens it afterwards.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace corestore {

using Clock = std::chrono::steady_clock;

class LevelSensor {
public:
  explicit LevelSensor(std::string dev) : dev_(std::move(dev)) { reopen(); }
  ~LevelSensor() { close(); }
  LevelSensor(const LevelSensor &) = delete;
  LevelSensor &operator=(const LevelSensor &) = delete;

  double readLitres() {
    if (fd_ < 0)
      throw std::runtime_error("level sensor " + dev_ + " is closed");
    char buf[32] = {};
    if (::write(fd_, "L?\n", 3) != 3 || ::read(fd_, buf, sizeof buf - 1) <= 0)
      throw std::runtime_error("level sensor " + dev_ + " not answering");
    return std::stod(buf);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }
  void reopen() {
    if (fd_ < 0)
      fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  }

private:
  std::string dev_;
  int fd_ = -1;
};

class PollScheduler {
public:
  int every(Clock::duration period, std::function<void()> fn) {
    jobs_.push_back(Job{nextId_, period, Clock::time_point{}, std::move(fn)});
    return nextId_++;
  }
  void cancel(int id) {
    for (auto it = jobs_.begin(); it != jobs_.end(); ++it)
      if (it->id == id) {
        jobs_.erase(it);
        return;
      }
  }
  void tick(Clock::time_point now) {
    for (Job &job : jobs_) {
      if (now < job.due)
        continue;
      job.due = now + job.period;
      job.fn();
    }
  }

private:
  struct Job {
    int id;
    Clock::duration period;
    Clock::time_point due;
    std::function<void()> fn;
  };
  std::vector<Job> jobs_;
  int nextId_ = 1;
};

class DewarStore {
public:
  explicit DewarStore(PollScheduler &sched) : sched_(sched) {}

  void attach(const std::string &id, const std::string &dev) {
    Dewar d{std::make_unique<LevelSensor>(dev), -1};
    LevelSensor *sensor = d.sensor.get();
    d.pollId = sched_.every(std::chrono::minutes(1), [this, id, sensor] {
      if (sensor->readLitres() < 12.0) // SAME: defrost
        alarms_.push_back(id + ": LN2 below 12 l");
    });
    dewars_.emplace(id, std::move(d));
  }
  void retire(const std::string &id) {
    auto it = dewars_.find(id);
    if (it == dewars_.end())
      return;
    sched_.cancel(it->second.pollId);
    it->second.sensor->close();
    dewars_.erase(it);
  }
  void startDefrost(const std::string &id) { dewars_.at(id).sensor->close(); }
  void endDefrost(const std::string &id) { dewars_.at(id).sensor->reopen(); }

private:
  struct Dewar {
    std::unique_ptr<LevelSensor> sensor;
    int pollId;
  };
  PollScheduler &sched_;
  std::map<std::string, Dewar> dewars_;
  std::vector<std::string> alarms_;
};

void nightShift(PollScheduler &sched, DewarStore &store) {
  const Clock::time_point t0 = Clock::now();
  store.attach("D1-firn", "/dev/ttyUSB0");
  store.attach("D2-brittle-ice", "/dev/ttyUSB1");
  sched.tick(t0);
  store.retire("D2-brittle-ice");
  store.retire("D2-brittle-ice"); // OK
  sched.tick(t0 + std::chrono::minutes(1)); // OK
  store.startDefrost("D1-firn");
  store.endDefrost("D1-firn");
  sched.tick(t0 + std::chrono::minutes(2)); // OK
  store.startDefrost("D1-firn");
  sched.tick(t0 + std::chrono::minutes(3)); // BUG: use-after-close #defrost
}

} // namespace corestore
