// Lighthouse keeper's automation: each night the lamp controller writes the
// lamp log (rotation speed, lamp hours, fog signal use) to a LampLog, a thin
// wrapper over a FILE* whose close() flushes and fails loudly when the flush
// fails, and which refuses to be closed twice. Several routines close the log
// as the last statement of a try and close it again, or keep writing, in the
// handlers; some do it safely and some do not.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class LampLog {
public:
  explicit LampLog(const std::string &path) {
    f_ = std::fopen(path.c_str(), "a");
    if (!f_)
      throw std::runtime_error("cannot open lamp log " + path);
  }
  LampLog(const LampLog &) = delete;
  LampLog &operator=(const LampLog &) = delete;

  void entry(const std::string &line) {
    if (closed_)
      throw std::logic_error("lamp log is closed");
    if (std::fprintf(f_, "%s\n", line.c_str()) < 0)
      throw std::runtime_error("lamp log write failed");
  }

  void close() {
    if (closed_)
      throw std::logic_error("lamp log closed twice");
    closed_ = true;
    if (std::fclose(f_) != 0)
      throw std::runtime_error("lamp log flush failed on close");
  }

  bool isClosed() const { return closed_; }

private:
  std::FILE *f_ = nullptr;
  bool closed_ = false;
};

struct LampSample {
  int minute = 0;
  double rpm = 0;
  bool fogSignal = false;
};

void writeNight(LampLog &log, const std::vector<LampSample> &night) {
  try {
    for (const LampSample &s : night)
      log.entry(std::to_string(s.minute) + " rpm=" + std::to_string(s.rpm) +
                (s.fogSignal ? " FOG" : ""));
    log.close();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "lamp log: %s\n", e.what());
    log.close(); // BUG: double-close
  }
}

void writeNightCarefully(LampLog &log, const std::vector<LampSample> &night) {
  try {
    for (const LampSample &s : night)
      log.entry(std::to_string(s.minute) + " rpm=" + std::to_string(s.rpm));
    log.close();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "lamp log: %s\n", e.what());
    if (!log.isClosed())
      log.close(); // OK
    throw;
  }
}

void appendFogSummary(std::FILE *fogLog, const std::vector<LampSample> &night) {
  int fogMinutes = 0;
  try {
    for (const LampSample &s : night) {
      if (s.minute < 0)
        throw std::invalid_argument("sample before dusk");
      if (s.fogSignal)
        ++fogMinutes;
    }
  } catch (const std::invalid_argument &e) {
    std::fprintf(fogLog, "bad night: %s\n", e.what()); // OK
    std::fclose(fogLog);
  }
  std::fprintf(fogLog, "fog signal %d min\n", fogMinutes); // BUG: use-after-close
}

void appendLampHours(std::FILE *hoursLog, double hours) {
  try {
    if (hours < 0 || hours > 24)
      throw std::out_of_range("lamp hours out of range");
    std::fprintf(hoursLog, "lamp %.2f h\n", hours); // OK
  } catch (const std::out_of_range &e) {
    std::fprintf(hoursLog, "rejected: %s\n", e.what()); // OK
    std::fclose(hoursLog);
    return;
  }
  std::fflush(hoursLog); // OK
}
