// Cold-storage warehouse controller: maintenance mode tears the site down in
// ordered TeardownStep objects that buildTeardown() creates and the
// MaintenanceWindow runs later. CloseModbusStep closes the socket to the
// refrigeration PLC, yet the later ReportStep writes its final frame through
// a helper on that socket. StopDefrostStep stops the defrost scheduler and
// the later StopAllStep stops it again (stop() throws when already stopped).
// The alarm uplink is a different socket, and the probe step checks first.
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PlcSocket {
public:
  explicit PlcSocket(int fd) : fd_(fd) {}
  int fd() const { return fd_; }
  void shut() { ::close(fd_); }
  void forget() { fd_ = -1; }

private:
  int fd_;
};

class DefrostScheduler {
public:
  void stop();
  bool running() const { return running_; }

private:
  bool running_ = true;
};

struct Site {
  PlcSocket plc;
  PlcSocket alarmUplink;
  DefrostScheduler defrost;
};

class TeardownStep {
public:
  virtual ~TeardownStep() = default;
  virtual void run(Site &site) = 0;
};

void DefrostScheduler::stop() {
  if (!running_)
    throw std::runtime_error("defrost scheduler already stopped");
  running_ = false;
}

static void sendFrame(int fd, const std::string &frame) {
  ::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL); // SAME: report
}

class ProbeStep : public TeardownStep {
public:
  void run(Site &site) override {
    if (site.plc.fd() < 0)
      return;
    sendFrame(site.plc.fd(), "PROBE:FREEZE"); // OK: the PLC socket is still open here
  }
};

class StopDefrostStep : public TeardownStep {
public:
  void run(Site &site) override { site.defrost.stop(); }
};

class CloseModbusStep : public TeardownStep {
public:
  void run(Site &site) override { site.plc.shut(); }
};

class ReportStep : public TeardownStep {
public:
  void run(Site &site) override {
    sendFrame(site.alarmUplink.fd(), "MAINT:BEGIN"); // OK: a different socket
    sendFrame(site.plc.fd(), "MAINT:ACK"); // BUG: use-after-close #report
  }
};

class StopAllStep : public TeardownStep {
public:
  void run(Site &site) override {
    site.defrost.stop(); // BUG: double-close
    ::close(site.alarmUplink.fd());
    site.alarmUplink.forget();
  }
};

class MaintenanceWindow {
public:
  explicit MaintenanceWindow(std::vector<std::unique_ptr<TeardownStep>> steps)
      : steps_(std::move(steps)) {}
  void enter(Site &site) {
    for (auto &step : steps_)
      step->run(site);
  }

private:
  std::vector<std::unique_ptr<TeardownStep>> steps_;
};

std::vector<std::unique_ptr<TeardownStep>> buildTeardown() {
  std::vector<std::unique_ptr<TeardownStep>> steps;
  steps.push_back(std::make_unique<ProbeStep>());
  steps.push_back(std::make_unique<StopDefrostStep>());
  steps.push_back(std::make_unique<CloseModbusStep>());
  steps.push_back(std::make_unique<ReportStep>());
  steps.push_back(std::make_unique<StopAllStep>());
  return steps;
}

int main() {
  int pair1[2];
  int pair2[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair1) != 0 ||
      ::socketpair(AF_UNIX, SOCK_STREAM, 0, pair2) != 0)
    return 1;
  Site site{PlcSocket(pair1[0]), PlcSocket(pair2[0]), DefrostScheduler()};
  MaintenanceWindow window(buildTeardown());
  window.enter(site);
  if (site.defrost.running())
    site.defrost.stop(); // OK: checked running() first
  return 0;
}
