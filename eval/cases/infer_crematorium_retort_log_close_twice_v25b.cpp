// Crematorium retort cycle recording. Every cremation cycle is written to a
// RetortLog, a regulated record: close() seals it with a checksum trailer and
// refuses to seal a record twice. Chamber temperatures stream to the building
// management system over ChamberTelemetry, whose close() does nothing on a
// stream that is already closed.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class RetortLog {
public:
  explicit RetortLog(std::string caseId) : caseId_(std::move(caseId)) {}

  void record(const std::string &entry) {
    if (sealed_)
      throw std::runtime_error("retort log sealed: " + caseId_);
    entries_.push_back(entry);
  }

  void close() {
    if (sealed_)
      throw std::logic_error("retort log already sealed: " + caseId_);
    entries_.push_back("TRAILER " + std::to_string(checksum()));
    sealed_ = true;
  }

  bool sealed() const { return sealed_; }

private:
  std::uint32_t checksum() const {
    std::uint32_t sum = 2166136261u;
    for (const std::string &e : entries_)
      for (unsigned char c : e)
        sum = (sum ^ c) * 16777619u;
    return sum;
  }

  std::string caseId_;
  std::vector<std::string> entries_;
  bool sealed_ = false;
};

class ChamberTelemetry {
public:
  void send(double celsius) {
    if (closed_)
      throw std::runtime_error("chamber telemetry closed");
    samples_.push_back(celsius);
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
    samples_.clear();
  }

private:
  std::vector<double> samples_;
  bool closed_ = false;
};

struct CycleResult {
  bool aborted = false;
  double peak = 0.0;
};

constexpr double kOverTemperature = 1150.0;

CycleResult runCycle(RetortLog &log, ChamberTelemetry &telemetry,
                     const std::vector<double> &readings) {
  CycleResult result;
  log.record("IGNITION");
  for (double celsius : readings) {
    telemetry.send(celsius);
    if (celsius > result.peak)
      result.peak = celsius;
    if (celsius > kOverTemperature) {
      log.record("OVERTEMP " + std::to_string(celsius));
      log.close();
      telemetry.close();
      result.aborted = true;
      break;
    }
  }
  if (result.aborted) {
    telemetry.close(); // OK
    log.close(); // BUG: double-close
  }
  return result;
}

// Operator override: the cycle is stopped from the panel. The panel handler
// closes telemetry itself; the log is sealed once, whoever gets there first.
void operatorStop(RetortLog &log, ChamberTelemetry &telemetry,
                  const std::string &operatorId, bool panelHandled) {
  if (panelHandled)
    telemetry.close();
  else
    log.record("STOP by " + operatorId);
  telemetry.close(); // OK
  if (!log.sealed())
    log.close(); // OK
}

// Cooldown after a normal cycle: the chamber keeps reporting until it is
// below the safe-open threshold, then both records are closed.
void cooldown(RetortLog &log, ChamberTelemetry &telemetry,
              const std::vector<double> &readings) {
  for (double celsius : readings) {
    telemetry.send(celsius);
    if (celsius < 200.0)
      break;
  }
  log.record("COOLDOWN COMPLETE");
  log.close();
  telemetry.close();
}

void endOfDay(std::vector<std::pair<RetortLog *, ChamberTelemetry *>> &cycles) {
  for (auto &cycle : cycles) {
    cycle.second->close(); // OK
    if (cycle.first->sealed())
      continue;
    cycle.first->record("END OF DAY");
    cycle.first->close(); // OK
  }
}

void cremationCycle(const std::string &caseId, const std::string &urn,
                    const std::vector<double> &firing,
                    const std::vector<double> &cooling) {
  RetortLog log(caseId);
  ChamberTelemetry telemetry;
  CycleResult result = runCycle(log, telemetry, firing);
  if (result.aborted)
    return;
  cooldown(log, telemetry, cooling);
  log.record("REMAINS TRANSFERRED to urn " + urn); // BUG: use-after-close
}
