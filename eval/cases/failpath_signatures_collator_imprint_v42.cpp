// Signature collator of a book bindery. Before a run, the imprint page of the
// job (title, edition, signature count) is read from the job file; during the
// run a camera reads the collation mark printed on the spine fold of every
// signature and the marks are checked against the expected sequence. The
// helpers close the job file or the camera port on their error path and then
// throw, exit through abortRun(), or report "no mark".
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>

struct Imprint {
  std::string title;
  int edition = 0;
  int signatures = 0;
};

struct CollationMark {
  int sequence;
  char letter; // signature letter printed next to the step mark
};

[[noreturn]] static void abortRun(const char *why, int code) {
  std::fprintf(stderr, "collator: %s\n", why);
  std::exit(code);
}

static void readImprint(FILE *job, Imprint &out) {
  char title[128];
  if (std::fscanf(job, " %127[^\n] %d %d", title, &out.edition, &out.signatures) != 3) {
    std::fclose(job);
    throw std::runtime_error("job file has no imprint page");
  }
  out.title = title;
}

static void checkCameraReady(int camFd) {
  char status[8] = {};
  if (::read(camFd, status, sizeof status - 1) <= 0 || status[0] != 'R') {
    ::close(camFd);
    abortRun("spine camera not ready", 3);
  }
}

static void reportJam(const char *where) {
  std::fprintf(stderr, "collator: jam at %s, clear and press reset\n", where);
}

static void checkFeederJam(int feederFd) {
  char status[4] = {};
  if (::read(feederFd, status, sizeof status - 1) > 0 && status[0] == 'J') {
    ::close(feederFd);
    reportJam("signature feeder");
  }
}

// Reads the next collation mark from the camera log; std::nullopt when there
// is nothing more to read.
static std::optional<CollationMark> nextMark(FILE *camLog) {
  char line[64];
  if (!std::fgets(line, sizeof line, camLog))
    return std::nullopt;
  CollationMark m{};
  if (std::sscanf(line, "%d %c", &m.sequence, &m.letter) != 2) {
    std::fclose(camLog);
    return std::nullopt;
  }
  return m;
}

int prepareRun(const char *jobPath, int camFd, Imprint &imprint) {
  FILE *job = std::fopen(jobPath, "r");
  if (!job)
    return -1;
  readImprint(job, imprint);
  char press[32] = {};
  std::fscanf(job, " press=%31s", press); // OK: readImprint() closes only before throwing
  std::fclose(job); // OK
  checkCameraReady(camFd);
  ::write(camFd, "START\n", 6); // OK: checkCameraReady() closes only before abortRun()
  return imprint.signatures;
}

void feedNextSignature(int feederFd) {
  checkFeederJam(feederFd);
  ::write(feederFd, "NEXT\n", 5); // BUG: use-after-close
}

int verifyCollation(const char *camLogPath, const Imprint &imprint) {
  FILE *camLog = std::fopen(camLogPath, "r");
  if (!camLog)
    return -1;
  int expected = 1, faults = 0;
  while (std::optional<CollationMark> mark = nextMark(camLog)) {
    if (mark->sequence != expected)
      ++faults;
    expected = mark->sequence + 1;
  }
  if (expected - 1 != imprint.signatures)
    ++faults;
  std::fclose(camLog); // BUG: double-close
  return faults;
}
