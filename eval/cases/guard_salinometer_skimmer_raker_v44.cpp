// Crystallizer floor at a solar salt works. A salinometer probe (fd) has a
// state machine and is read only in the states that allow it; brine skimmers
// are shared_ptrs owned by the skimmer crew and watched by the tide scheduler
// through weak_ptrs; the salt raker closes its row log after the last row.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

enum class ProbeState { Idle, Sampling, Draining, Closed };

class Salinometer {
public:
  explicit Salinometer(int fd) : fd_(fd) {}
  ProbeState state() const { return state_; }
  bool isClosed() const { return state_ == ProbeState::Closed; }
  void beginSampling() { state_ = ProbeState::Sampling; }
  void beginDrain() { state_ = ProbeState::Draining; }
  double read() {
    if (state_ == ProbeState::Closed)
      throw std::runtime_error("salinometer closed");
    char buf[16] = {};
    ::write(fd_, "C?\n", 3);
    return ::read(fd_, buf, sizeof buf - 1) > 0 ? std::stod(buf) : 0.0;
  }
  void close() {
    if (state_ == ProbeState::Closed)
      throw std::logic_error("salinometer already closed");
    ::close(fd_);
    state_ = ProbeState::Closed;
  }

private:
  int fd_;
  ProbeState state_ = ProbeState::Idle;
};

class BrineSkimmer {
public:
  explicit BrineSkimmer(int fd) : fd_(fd) {}
  void skim(double depthM) {
    if (fd_ < 0)
      throw std::runtime_error("skimmer closed");
    dprintf(fd_, "SKIM %.2f\n", depthM);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class SkimmerCrew {
public:
  void add(int pan, int fd) { skimmers_[pan] = std::make_shared<BrineSkimmer>(fd); }
  std::weak_ptr<BrineSkimmer> watch(int pan) const {
    auto it = skimmers_.find(pan);
    return it == skimmers_.end() ? std::weak_ptr<BrineSkimmer>() : it->second;
  }
  // Parked overnight; restarted by the morning crew.
  void park(int pan) {
    if (auto it = skimmers_.find(pan); it != skimmers_.end())
      it->second->close();
  }
  void retire(int pan) {
    auto it = skimmers_.find(pan);
    if (it == skimmers_.end())
      return;
    it->second->close();
    skimmers_.erase(it);
  }

private:
  std::map<int, std::shared_ptr<BrineSkimmer>> skimmers_;
};

class SaltRaker {
public:
  SaltRaker(FILE *rowLog, int rows) : rowLog_(rowLog), rowsLeft_(rows) {}
  bool closed() const { return rowLog_ == nullptr; }
  void rakeRow() {
    if (!rowLog_)
      throw std::runtime_error("raker row log closed");
    std::fprintf(rowLog_, "row %d raked\n", rowsLeft_);
    if (--rowsLeft_ <= 0) {
      std::fclose(rowLog_);
      rowLog_ = nullptr;
    }
  }

private:
  FILE *rowLog_;
  int rowsLeft_;
};

double routineReading(Salinometer &probe, bool calibrating) {
  if (!probe.isClosed() && !calibrating)
    return probe.read(); // OK
  return -1.0;
}

double supervisorReading(Salinometer &probe, bool operatorOverride) {
  if (operatorOverride || !probe.isClosed())
    return probe.read(); // BUG: use-after-close
  return -1.0;
}

double harvestReading(Salinometer &probe) {
  switch (probe.state()) {
  case ProbeState::Closed:
    return -1.0;
  case ProbeState::Draining:
    probe.close();
    return -1.0;
  case ProbeState::Idle:
  case ProbeState::Sampling:
    return probe.read(); // OK
  }
  return -1.0;
}

void endOfTide(Salinometer &probe, FILE *tideLog) {
  switch (probe.state()) {
  case ProbeState::Draining:
    probe.close();
  case ProbeState::Sampling:
    std::fprintf(tideLog, "final %.2f mS/cm\n", probe.read()); // BUG: use-after-close
    break;
  default:
    break;
  }
}

void eveningRound(SkimmerCrew &crew) {
  auto pan3 = crew.watch(3);
  auto pan7 = crew.watch(7);
  crew.retire(3);
  crew.park(7);
  if (auto s = pan3.lock())
    s->skim(0.4); // OK
  if (auto s = pan7.lock())
    s->skim(0.4); // BUG: use-after-close
}

void rakePan(SaltRaker &raker) {
  while (!raker.closed())
    raker.rakeRow(); // OK
}
