// Tacheometer readout capture for a survey field computer. The instrument's serial line
// is opened as a descriptor and wrapped with fdopen() for line-oriented reads. The
// FILE* then owns the descriptor, so captureSet(), which fcloses the stream and then
// closes the descriptor as well, closes it twice. captureTracking() fdopens a dup() of
// the line: the stream and the original descriptor are independent, so writing the stop
// command after fclose() and closing both is correct. abandonCapture() closes the
// stream's descriptor through fileno() to wake a blocked reader and then fcloses the
// stream, which closes that descriptor a second time. runWithLog() points stderr at a
// log file with dup2() and restores it from a saved dup(); each descriptor is closed once.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct Reading {
  double hz;
  double v;
  double slopeDistance;
};

static bool parseReading(const char *line, Reading &r) {
  return std::sscanf(line, "HZ %lf V %lf SD %lf", &r.hz, &r.v, &r.slopeDistance) == 3;
}

std::vector<Reading> captureSet(const char *device, int count) {
  std::vector<Reading> out;
  int fd = ::open(device, O_RDONLY | O_NOCTTY);
  if (fd < 0)
    return out;
  FILE *in = ::fdopen(fd, "r");
  if (!in) {
    ::close(fd); // OK
    return out;
  }
  char line[128];
  while (static_cast<int>(out.size()) < count && std::fgets(line, sizeof line, in)) {
    Reading r{};
    if (parseReading(line, r))
      out.push_back(r);
  }
  std::fclose(in);
  ::close(fd); // BUG: double-close
  return out;
}

std::vector<Reading> captureTracking(const char *device, int count) {
  std::vector<Reading> out;
  int fd = ::open(device, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return out;
  int readFd = ::dup(fd);
  FILE *in = readFd >= 0 ? ::fdopen(readFd, "r") : nullptr;
  if (!in) {
    if (readFd >= 0)
      ::close(readFd);
    ::close(fd);
    return out;
  }
  ::write(fd, "TRK\r\n", 5);
  char line[128];
  while (static_cast<int>(out.size()) < count && std::fgets(line, sizeof line, in)) {
    Reading r{};
    if (parseReading(line, r))
      out.push_back(r);
  }
  std::fclose(in);
  ::write(fd, "STOP\r\n", 6); // OK
  ::close(fd); // OK
  return out;
}

bool archiveRaw(const std::vector<Reading> &set, const char *path) {
  FILE *raw = std::fopen(path, "w");
  if (!raw)
    return false;
  for (const Reading &r : set)
    std::fprintf(raw, "%.5f %.5f %.3f\n", r.hz, r.v, r.slopeDistance);
  std::fflush(raw);
  const bool synced = ::fsync(::fileno(raw)) == 0;
  return std::fclose(raw) == 0 && synced;
}

// Called from the watchdog when the instrument stops answering: closing the descriptor
// makes the capture thread's blocked fgets() return, and the stream is then released.
void abandonCapture(FILE *in, bool captureThreadBlocked) {
  if (captureThreadBlocked)
    ::close(::fileno(in));
  std::fclose(in); // BUG: double-close
}

int runWithLog(const char *logPath, int (*job)()) {
  int logFd = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (logFd < 0)
    return -1;
  int saved = ::dup(STDERR_FILENO);
  if (saved < 0) {
    ::close(logFd);
    return -1;
  }
  ::dup2(logFd, STDERR_FILENO);
  ::close(logFd);
  int rc = job();
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved); // OK
  ::write(STDERR_FILENO, "log restored\n", 13); // OK
  return rc;
}
