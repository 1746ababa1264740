// Ski resort lift access: the lift controller polls the RFID gate readers of
// each lift over serial descriptors, appends pass validations to the day
// file, and shuts the readers down at the end of the day.
// Negative case: every close in a loop runs at most once: the day file is
// closed in the last iteration only, a failing reader is closed and the loop
// leaves with break before any further read, the shared audit descriptor is
// closed through std::call_once however often closeAudit() is called, and the
// reader state machine closes only when moving out of the Open state.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

enum class ReaderState { Open, Faulted, Closed };

struct GateReader {
  std::string lift;
  int fd = -1;
  ReaderState state = ReaderState::Open;
};

static std::once_flag g_auditClosed;
static int g_auditFd = -1;

static void closeAudit() {
  std::call_once(g_auditClosed, [] {
    if (g_auditFd >= 0)
      ::close(g_auditFd); // OK: call_once runs this at most once
  });
}

// Reads validations until the reader reports end of shift or fails; on a
// failed read the descriptor is closed and the loop ends immediately.
int pollReader(GateReader &r, std::vector<std::string> &validations) {
  char buf[64];
  for (int polls = 0; polls < 10000; ++polls) {
    ssize_t n = ::read(r.fd, buf, sizeof buf); // OK: the loop breaks right after the close below
    if (n < 0) {
      ::close(r.fd);
      r.state = ReaderState::Faulted;
      break;
    }
    if (n == 0)
      break;
    validations.emplace_back(buf, static_cast<size_t>(n));
  }
  return static_cast<int>(validations.size());
}

void shutdownReader(GateReader &r) {
  switch (r.state) {
  case ReaderState::Open:
    ::write(r.fd, "SLEEP\n", 6);
    ::close(r.fd); // OK: only an Open reader still owns its descriptor
    r.state = ReaderState::Closed;
    break;
  case ReaderState::Faulted: // pollReader() already closed it
  case ReaderState::Closed:
    break;
  }
}

void writeDayFile(const std::vector<std::string> &validations, const char *path) {
  if (validations.empty())
    return;
  std::FILE *fp = std::fopen(path, "a");
  if (!fp)
    return;
  for (size_t i = 0; i < validations.size(); ++i) {
    std::fprintf(fp, "%s\n", validations[i].c_str()); // OK: the close comes after the last write
    if (i == validations.size() - 1)
      std::fclose(fp); // OK: last iteration only
  }
}

void endOfLiftDay(std::vector<GateReader> &readers, const char *dayFile) {
  g_auditFd = ::open("/var/log/lifts/audit.log", O_WRONLY | O_APPEND | O_CREAT, 0640);
  std::vector<std::string> validations;
  for (GateReader &r : readers) {
    if (r.state != ReaderState::Open)
      continue;
    int count = pollReader(r, validations);
    if (g_auditFd >= 0) {
      std::string line = r.lift + " " + std::to_string(count) + "\n";
      ::write(g_auditFd, line.data(), line.size());
    }
    shutdownReader(r);
    shutdownReader(r); // OK: the state is Closed (or Faulted) after the first call
  }
  writeDayFile(validations, dayFile);
  closeAudit();
  closeAudit(); // OK: std::call_once
}
