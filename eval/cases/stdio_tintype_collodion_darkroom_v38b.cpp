// Darkroom logger for a wet-collodion tintype studio. A sitting writes every
// plate exposure to a per-day plate log and an audit trail, and asks an
// external densitometer tool (through popen) for the density of the last
// plate. finish_sitting() flushes and closes both streams but does not reset
// the pointers: record_sitting() then still appends "sitting closed" to the
// audit stream, and discard_sitting() closes the plate log a second time via
// close_quietly(). Rotation (close + reopen) and the error paths that close
// and return are correct.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct PlateExposure {
  int plate_no;
  double seconds;
  double silver_bath_celsius;
};

struct DarkroomLog {
  FILE* plates = nullptr;
  FILE* audit = nullptr;
  std::string day;
  int generation = 0;
  int lines = 0;
};

static void close_quietly(FILE*& f) {
  if (f != nullptr) {
    std::fclose(f);  // SAME: plates_again
    f = nullptr;
  }
}

static bool open_log(DarkroomLog& log, const std::string& day) {
  log.day = day;
  log.plates = std::fopen(("plates-" + day + ".log").c_str(), "a");
  if (!log.plates) return false;
  log.audit = std::fopen(("audit-" + day + ".log").c_str(), "a");
  if (!log.audit) {
    close_quietly(log.plates);
    return false;
  }
  return true;
}

static void write_audit(DarkroomLog& log, const char* what) {
  std::fprintf(log.audit, "[%s] %s\n", log.day.c_str(), what);  // SAME: audit_after_finish
  std::fflush(log.audit);
}

static bool write_plate(DarkroomLog& log, const PlateExposure& e) {
  if (std::fprintf(log.plates, "plate %d exp %.1fs bath %.1fC\n", e.plate_no, e.seconds,
                   e.silver_bath_celsius) < 0) {
    close_quietly(log.plates);
    return false;
  }
  ++log.lines;
  return true;
}

// Rotates the plate log every 400 lines; the new stream replaces the old one.
static bool rotate_if_needed(DarkroomLog& log) {
  if (log.lines < 400) return true;
  close_quietly(log.plates);
  ++log.generation;
  std::string next = "plates-" + log.day + "." + std::to_string(log.generation) + ".log";
  log.plates = std::fopen(next.c_str(), "a");
  if (!log.plates) return false;
  std::fprintf(log.plates, "# continued from generation %d\n", log.generation - 1);  // OK: reopened
  log.lines = 0;
  return true;
}

static void finish_sitting(DarkroomLog& log) {
  std::fflush(log.plates);
  std::fclose(log.plates);
  std::fclose(log.audit);
}

static double capture_density(const std::string& plate_tag) {
  std::string cmd = "densitometer --plate " + plate_tag;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1.0;
  char buf[128];
  double value = -1.0;
  while (std::fgets(buf, sizeof buf, p) != nullptr) {
    value = std::strtod(buf, nullptr);
  }
  if (pclose(p) != 0) return -1.0;
  return value;
}

bool record_sitting(const std::string& day, const std::vector<PlateExposure>& plates) {
  DarkroomLog log;
  if (!open_log(log, day)) return false;
  write_audit(log, "sitting opened");
  for (const auto& e : plates) {
    if (!write_plate(log, e)) {
      close_quietly(log.audit);
      return false;
    }
    if (!rotate_if_needed(log)) {
      close_quietly(log.audit);
      return false;
    }
  }
  double d = capture_density("p" + std::to_string(plates.size()));
  std::fprintf(log.plates, "density %.3f\n", d);  // OK: every failing path above returned
  finish_sitting(log);
  write_audit(log, "sitting closed");  // BUG: use-after-close #audit_after_finish
  return true;
}

// Operator pressed "discard": the plates are thrown away, the log is ended.
void discard_sitting(DarkroomLog& log) {
  write_audit(log, "sitting discarded");
  finish_sitting(log);
  close_quietly(log.plates);  // BUG: double-close #plates_again
  log.audit = nullptr;
}

static void audit_if_open(DarkroomLog& log, const char* what) {
  if (log.audit == nullptr) return;
  std::fprintf(log.audit, "[%s] %s\n", log.day.c_str(), what);
}

// The varnish step reopens the audit trail for one line; the pointer is nulled after close.
void note_varnish(DarkroomLog& log, int plate_no) {
  log.audit = std::fopen(("audit-" + log.day + ".log").c_str(), "a");
  if (!log.audit) return;
  std::fprintf(log.audit, "varnished plate %d\n", plate_no);
  std::fclose(log.audit);
  log.audit = nullptr;
  audit_if_open(log, "varnish done");  // OK: pointer nulled after close, the helper checks it
}
