// Steeping schedule for the conical steeping vessels of a maltings. Each vessel
// has a VesselLink (a FILE* to its PLC gateway) kept in a vector; timed steep
// commands (fill, air-rest, CO2 extraction) wait in a std::priority_queue ordered
// by due time, and alarms wait in a second queue that is drained immediately.
// Casting a vessel (draining it to a germination couch) closes its link;
// VesselLink::send() throws once the link is closed.
#include <chrono>
#include <cstdio>
#include <memory>
#include <queue>
#include <stdexcept>
#include <string>
#include <vector>

using Clock = std::chrono::steady_clock;

class VesselLink {
public:
  explicit VesselLink(std::string gateway) : gateway_(std::move(gateway)) { reopen(); }
  ~VesselLink() {
    if (out_)
      std::fclose(out_);
  }
  VesselLink(const VesselLink &) = delete;
  VesselLink &operator=(const VesselLink &) = delete;

  void send(const std::string &command) {
    if (!out_)
      throw std::runtime_error("vessel link " + gateway_ + " closed");
    std::fprintf(out_, "%s\n", command.c_str());
    std::fflush(out_);
  }
  void close() {
    if (out_) {
      std::fclose(out_);
      out_ = nullptr;
    }
  }
  void reopen() {
    if (!out_)
      out_ = std::fopen(gateway_.c_str(), "w");
    if (!out_)
      throw std::runtime_error("vessel gateway " + gateway_ + " unavailable");
  }
  bool isOpen() const { return out_ != nullptr; }

private:
  std::string gateway_;
  FILE *out_ = nullptr;
};

struct SteepJob {
  Clock::time_point due;
  std::size_t vessel;
  std::string command;
  bool operator<(const SteepJob &other) const { return due > other.due; }
};

class SteepHouse {
public:
  explicit SteepHouse(const std::vector<std::string> &gateways) {
    for (const auto &g : gateways)
      vessels_.push_back(std::make_unique<VesselLink>(g));
  }

  void schedule(std::size_t vessel, Clock::duration in, std::string command) {
    jobs_.push({Clock::now() + in, vessel, std::move(command)});
  }

  void runDue(Clock::time_point now) {
    while (!jobs_.empty() && jobs_.top().due <= now) {
      SteepJob job = jobs_.top();
      jobs_.pop();
      VesselLink &link = *vessels_.at(job.vessel);
      if (!link.isOpen())
        continue;
      link.send(job.command); // OK
    }
  }

  void drainAlarms() {
    while (!alarms_.empty()) {
      SteepJob alarm = alarms_.top();
      alarms_.pop();
      vessels_.at(alarm.vessel)->send(alarm.command); // SAME: cast-alarm
    }
  }

  void castToCouch(std::size_t vessel) {
    VesselLink &link = *vessels_.at(vessel);
    link.send("DRAIN"); // SAME: refill-after-stop
    link.close();
  }

  void refill(std::size_t vessel) {
    castToCouch(vessel);
    vessels_.at(vessel)->reopen();
    vessels_.at(vessel)->send("FILL 38000"); // OK
  }

  void abortSteep(std::size_t vessel, const std::string &why) {
    alarms_.push({Clock::now(), vessel, "ALARM " + why});
    castToCouch(vessel);
    drainAlarms(); // BUG: use-after-close #cast-alarm
  }

  void finishSteep(std::size_t vessel) {
    castToCouch(vessel);
    runDue(Clock::now()); // OK
  }

  void emergencyStop() {
    for (auto &link : vessels_)
      if (link->isOpen())
        link->close(); // OK
  }

  void restartAfterPowerDip(std::size_t vessel) {
    emergencyStop();
    refill(vessel); // BUG: use-after-close #refill-after-stop
  }

private:
  std::vector<std::unique_ptr<VesselLink>> vessels_;
  std::priority_queue<SteepJob> jobs_;
  std::priority_queue<SteepJob> alarms_;
};

int main() {
  SteepHouse house({"/run/plc/sv1", "/run/plc/sv2", "/run/plc/sv3"});
  house.schedule(0, std::chrono::hours(6), "AIR REST");
  house.schedule(1, std::chrono::hours(8), "CO2 EXTRACT");
  house.finishSteep(0);
  house.refill(2);
  house.restartAfterPowerDip(2);
  house.abortSteep(1, "water temp 19.5C");
}
