// Wind farm SCADA collector: every poll records turbine events (pitch faults,
// yaw corrections, curtailment) to an event log; at each hour boundary the log
// is moved to the archive directory and a fresh one is started.
#include <cstdio>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

class TurbineEventLog {
public:
  explicit TurbineEventLog(std::string path) : path_(std::move(path)) {}
  ~TurbineEventLog();

  bool open();
  void record(int turbine, const char *event, double windMs);
  bool rotate(const std::string &archivePath);
  bool reopen();
  void close();
  const std::string &path() const { return path_; }

private:
  std::string path_;
  FILE *fp_ = nullptr;
};

TurbineEventLog::~TurbineEventLog() {
  close(); // OK
}

bool TurbineEventLog::open() {
  fp_ = std::fopen(path_.c_str(), "a");
  if (!fp_)
    return false;
  std::setvbuf(fp_, nullptr, _IOLBF, 0);
  return true;
}

void TurbineEventLog::record(int turbine, const char *event, double windMs) {
  if (!fp_)
    return;
  std::fprintf(fp_, "%ld T%02d %-12s wind=%.1f\n", // SAME: hour_rotation
               static_cast<long>(std::time(nullptr)), turbine, event, windMs);
}

bool TurbineEventLog::rotate(const std::string &archivePath) {
  if (!fp_)
    return false;
  std::fclose(fp_);
  if (std::rename(path_.c_str(), archivePath.c_str()) != 0) {
    std::perror(archivePath.c_str());
    return false;
  }
  fp_ = std::fopen(path_.c_str(), "a");
  if (!fp_)
    return false;
  std::fprintf(fp_, "# continued from %s\n", archivePath.c_str()); // OK
  return true;
}

bool TurbineEventLog::reopen() {
  fp_ = std::fopen(path_.c_str(), "a");
  return fp_ != nullptr;
}

void TurbineEventLog::close() {
  if (fp_) {
    std::fclose(fp_);
    fp_ = nullptr;
  }
}

struct TurbineSample {
  int id;
  double windMs;
  double pitchDeg;
  bool pitchFault;
  bool curtailed;
};

class FarmCollector {
public:
  FarmCollector(std::string logPath, std::string archiveDir)
      : log_(std::move(logPath)), archiveDir_(std::move(archiveDir)) {}

  bool start() { return log_.open(); }
  void onPoll(const std::vector<TurbineSample> &samples);
  void onHourBoundary(const std::string &stamp);
  bool resumeAfterMaintenance(int turbine);
  void stop();

  const std::vector<std::string> &alarms() const { return alarms_; }

private:
  TurbineEventLog log_;
  std::string archiveDir_;
  std::vector<std::string> alarms_;
  double meanWind_ = 0.0;
};

void FarmCollector::onPoll(const std::vector<TurbineSample> &samples) {
  double total = 0.0;
  for (const TurbineSample &s : samples) {
    total += s.windMs;
    if (s.pitchFault)
      log_.record(s.id, "pitch-fault", s.windMs);
    else if (s.curtailed)
      log_.record(s.id, "curtailed", s.windMs);
  }
  if (!samples.empty())
    meanWind_ = total / static_cast<double>(samples.size());
}

void FarmCollector::onHourBoundary(const std::string &stamp) {
  const std::string archive = archiveDir_ + "/turbine-events-" + stamp + ".log";
  const bool rotated = log_.rotate(archive);
  log_.record(0, "hour-mark", meanWind_); // BUG: use-after-close #hour_rotation
  if (!rotated) {
    alarms_.push_back("event log rotation failed at " + stamp);
    if (!log_.reopen())
      alarms_.push_back("event log unavailable: " + log_.path());
  }
}

bool FarmCollector::resumeAfterMaintenance(int turbine) {
  log_.close();
  if (!log_.open()) {
    alarms_.push_back("cannot reopen event log after maintenance");
    return false;
  }
  log_.record(turbine, "maint-done", meanWind_); // OK
  return true;
}

void FarmCollector::stop() {
  log_.record(0, "collector-stop", meanWind_);
  log_.close();
}
