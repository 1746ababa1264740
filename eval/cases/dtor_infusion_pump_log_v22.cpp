// Infusion pump event logging. Each pump session appends its dose events to a
// log file owned by a small RAII wrapper (LogFile) whose destructor fclose()s
// the handle unless release() was called. Logs are rotated and handed to an
// archiver that takes ownership and closes them. Defects: the alarm path
// fcloses the handle it borrowed from LogFile::get() and then lets the
// wrapper's destructor close it again; the trailer variant of rotation writes
// into the handle it has just handed to the archiver.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace pump {

// Owns a FILE*. The destructor closes it unless release() gave it away.
class LogFile {
public:
  LogFile() = default;
  explicit LogFile(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")) {}
  ~LogFile() {
    if (fp_)
      std::fclose(fp_); // SAME: alarm_dtor
  }
  LogFile(const LogFile &) = delete;
  LogFile &operator=(const LogFile &) = delete;
  LogFile(LogFile &&other) noexcept : fp_(std::exchange(other.fp_, nullptr)) {}
  LogFile &operator=(LogFile &&other) noexcept {
    if (this != &other) {
      if (fp_)
        std::fclose(fp_);
      fp_ = std::exchange(other.fp_, nullptr);
    }
    return *this;
  }

  FILE *get() const { return fp_; }
  FILE *release() { return std::exchange(fp_, nullptr); }
  explicit operator bool() const { return fp_ != nullptr; }

private:
  FILE *fp_ = nullptr;
};

struct DoseEvent {
  int pumpId;
  double millilitres;
  long timestampMs;
};

static void writeEvent(FILE *fp, const DoseEvent &ev) {
  std::fprintf(fp, "%ld pump=%d ml=%.2f\n", ev.timestampMs, ev.pumpId,
               ev.millilitres);
}

// Takes ownership of a rotated log: flushes it and closes it.
static void archiveAndClose(FILE *fp) {
  std::fflush(fp);
  std::fclose(fp);
}

static std::string pathFor(int pumpId, int generation) {
  return "/var/log/pumps/pump-" + std::to_string(pumpId) + "." +
         std::to_string(generation) + ".log";
}

class PumpSession {
public:
  explicit PumpSession(int pumpId) : pumpId_(pumpId), log_(pathFor(pumpId, 0)) {}

  void record(const DoseEvent &ev) {
    if (!log_)
      return;
    writeEvent(log_.get(), ev);
    totalMl_ += ev.millilitres;
  }

  void rotate() {
    if (!log_)
      return;
    archiveAndClose(log_.release());
    log_ = LogFile(pathFor(pumpId_, ++generation_));
  }

  void rotateWithTrailer() {
    if (!log_)
      return;
    FILE *old = log_.release();
    archiveAndClose(old);
    std::fprintf(old, "# rotated after %.2f ml\n", totalMl_); // BUG: use-after-close
    log_ = LogFile(pathFor(pumpId_, ++generation_));
  }

  // The alarm log must hit the disk before the pump is stopped.
  void onDoseLimitAlarm(const DoseEvent &ev) {
    LogFile alarmLog("/var/log/pumps/alarms.log");
    if (!alarmLog)
      return;
    writeEvent(alarmLog.get(), ev);
    std::fflush(alarmLog.get());
    std::fclose(alarmLog.get());
  } // BUG: double-close #alarm_dtor

  void close() {
    if (log_)
      std::fclose(log_.release()); // OK: released, the destructor sees nullptr
  }

  double totalMl() const { return totalMl_; }

private:
  int pumpId_;
  int generation_ = 0;
  double totalMl_ = 0.0;
  LogFile log_;
};

} // namespace pump

int runPumpShift(const std::vector<pump::DoseEvent> &events) {
  if (events.empty())
    return 0;
  pump::PumpSession session(events.front().pumpId);
  for (const auto &ev : events) {
    session.record(ev);
    if (ev.millilitres > 50.0)
      session.onDoseLimitAlarm(ev);
  }
  session.rotate();
  session.record(events.back()); // OK: writes to the freshly opened log
  session.rotateWithTrailer();
  session.close();
  session.record(events.back()); // OK: record() is a no-op once the log is gone
  return session.totalMl() > 0 ? 0 : 1;
} // OK: session's LogFile was released by close()
