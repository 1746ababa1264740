// End-of-shift shutdown for a pretzel line: the dough divider, the twisting
// robot and the lye-bath doser each have a device session. The shutdown is a
// list of polymorphic steps, and a registry of named steps lets the
// supervisor run the "sanitize" routine by name.
// Correct: every step that uses a session runs before the step that closes
// that same session; the self-test step reopens the doser before using it;
// the late report step checks isOpen(); steps after a close use other devices.
#include <fcntl.h>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace pretzel {

class DeviceSession {
 public:
  explicit DeviceSession(std::string path) : path_(std::move(path)) {}
  ~DeviceSession() { close(); }

  void open() {
    if (fd_ >= 0) return;
    fd_ = ::open(path_.c_str(), O_WRONLY | O_NOCTTY);
    if (fd_ < 0) throw std::runtime_error(path_ + ": cannot open");
  }

  void command(const std::string& c) {
    if (fd_ < 0) throw std::runtime_error(path_ + ": session closed");
    ::write(fd_, c.data(), c.size());
  }

  bool isOpen() const { return fd_ >= 0; }

  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  std::string path_;
  int fd_ = -1;
};

class ShutdownStep {
 public:
  virtual ~ShutdownStep() = default;
  virtual void run() = 0;
};

class DrainDivider : public ShutdownStep {
 public:
  explicit DrainDivider(std::shared_ptr<DeviceSession> d) : divider_(std::move(d)) {}
  void run() override {
    divider_->command("DRAIN HOPPER\n");  // OK: runs before ReleaseDevice(divider)
    divider_->command("BLADE HOME\n");  // OK: same
  }

 private:
  std::shared_ptr<DeviceSession> divider_;
};

class ParkRobot : public ShutdownStep {
 public:
  explicit ParkRobot(std::shared_ptr<DeviceSession> r) : robot_(std::move(r)) {}
  void run() override { robot_->command("PARK ARMS\n"); }  // OK: the divider was closed, not the robot

 private:
  std::shared_ptr<DeviceSession> robot_;
};

class ReleaseDevice : public ShutdownStep {
 public:
  explicit ReleaseDevice(std::shared_ptr<DeviceSession> d) : dev_(std::move(d)) {}
  void run() override { dev_->close(); }

 private:
  std::shared_ptr<DeviceSession> dev_;
};

class DoserSelfTest : public ShutdownStep {
 public:
  explicit DoserSelfTest(std::shared_ptr<DeviceSession> d) : doser_(std::move(d)) {}
  void run() override {
    doser_->open();
    doser_->command("SELFTEST\n");  // OK: reopened on the line above
    doser_->close();
  }

 private:
  std::shared_ptr<DeviceSession> doser_;
};

void end_of_shift(std::shared_ptr<DeviceSession> divider, std::shared_ptr<DeviceSession> robot,
                  std::shared_ptr<DeviceSession> doser) {
  divider->open();
  robot->open();
  std::vector<std::unique_ptr<ShutdownStep>> steps;
  steps.push_back(std::make_unique<DrainDivider>(divider));
  steps.push_back(std::make_unique<ReleaseDevice>(divider));
  steps.push_back(std::make_unique<ParkRobot>(robot));
  steps.push_back(std::make_unique<ReleaseDevice>(robot));
  steps.push_back(std::make_unique<ReleaseDevice>(doser));
  steps.push_back(std::make_unique<DoserSelfTest>(doser));
  for (auto& s : steps) s->run();
}

void sanitize(std::shared_ptr<DeviceSession> doser, std::shared_ptr<DeviceSession> robot) {
  std::map<std::string, std::function<void()>> registry;
  registry["lye-flush"] = [doser] { doser->command("FLUSH 30S\n"); };  // OK: runs before lye-close
  registry["lye-close"] = [doser] { doser->close(); };
  registry["robot-wipe"] = [robot] { robot->command("WIPE\n"); };  // OK: different device
  registry["lye-report"] = [doser] {
    if (doser->isOpen()) doser->command("REPORT\n");  // OK: guarded by isOpen()
  };
  doser->open();
  robot->open();
  for (const char* name : {"lye-flush", "robot-wipe", "lye-close", "lye-report"}) registry.at(name)();
  robot->close();
}

}  // namespace pretzel
