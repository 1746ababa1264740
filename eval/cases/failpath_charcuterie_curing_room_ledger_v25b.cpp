// Charcuterie curing room ledger. The curing master records every turning
// and re-salting of the hanging hams, and the room's humidity readings, in a
// plain text ledger (FILE*). openLedger() closes the file and exits through fatal()
// when the header is wrong; checkTail() closes it and throws when the last
// record is torn; appendTurn() and appendReading() close it and return the
// errno when a write fails.
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

struct Ham {
  std::string id;
  std::string cut;
  int ageDays = 0;
  bool resalted = false;
};

struct Reading {
  int hour = 0;
  double humidity = 0.0;
  double celsius = 0.0;
};

[[noreturn]] static void fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fputc('\n', stderr);
  std::exit(2);
}

static std::FILE *openLedger(const char *path) {
  std::FILE *f = std::fopen(path, "r+");
  if (!f)
    fatal("cannot open %s: %s", path, std::strerror(errno));
  char header[32];
  if (!std::fgets(header, sizeof header, f) ||
      std::strncmp(header, "CURE-LEDGER v2", 14) != 0) {
    std::fclose(f);
    fatal("%s: not a v2 curing ledger", path);
  }
  return f;
}

static void checkTail(std::FILE *f, const char *path) {
  if (std::fseek(f, -1, SEEK_END) != 0 || std::fgetc(f) != '\n') {
    std::fclose(f);
    throw std::runtime_error(std::string(path) + ": torn last record");
  }
}

static int appendTurn(std::FILE *f, const Ham &h) {
  if (std::fprintf(f, "TURN %s %s day=%d%s\n", h.id.c_str(), h.cut.c_str(),
                   h.ageDays, h.resalted ? " resalted" : "") < 0 ||
      std::fflush(f) != 0) {
    int err = errno;
    std::fclose(f);
    return err ? err : EIO;
  }
  return 0;
}

static int appendReading(std::FILE *f, const Reading &r) {
  if (std::fprintf(f, "RH %02d:00 %.1f%% %.1fC\n", r.hour, r.humidity,
                   r.celsius) < 0) {
    int err = errno;
    std::fclose(f);
    return err ? err : EIO;
  }
  return 0;
}

bool recordTurning(const char *path, const std::vector<Ham> &hams) {
  std::FILE *f = openLedger(path);
  checkTail(f, path);
  std::fseek(f, 0, SEEK_END); // OK
  for (const Ham &h : hams) {
    int err = appendTurn(f, h);
    if (err != 0) {
      std::fprintf(stderr, "%s: %s\n", path, std::strerror(err));
      return false;
    }
  }
  std::fclose(f); // OK
  return true;
}

void recordInspection(const char *path, const std::string &inspector) {
  std::FILE *f = openLedger(path);
  try {
    checkTail(f, path);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "inspection not recorded: %s\n", e.what());
    return;
  }
  std::fseek(f, 0, SEEK_END);
  std::fprintf(f, "INSPECTION by %s\n", inspector.c_str()); // OK
  std::fclose(f); // OK
}

bool recordHumidity(const char *path, const std::vector<Reading> &readings) {
  std::FILE *f = openLedger(path);
  checkTail(f, path);
  std::fseek(f, 0, SEEK_END);
  for (const Reading &r : readings) {
    int err = appendReading(f, r);
    if (err != 0) {
      std::fprintf(stderr, "humidity log: %s\n", std::strerror(err));
      std::fclose(f); // BUG: double-close
      return false;
    }
  }
  return std::fclose(f) == 0; // OK
}
