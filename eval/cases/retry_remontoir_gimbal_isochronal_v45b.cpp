// Rate recorder for chronometers in gimbals on the isochronism bench. Beat
// samples from the acoustic pickup are written to a raw .beats file through
// a descriptor and to a CSV summary through stdio; both writers retry short
// writes and EINTR. The closes are also "retried" on EINTR. For close()
// POSIX leaves the descriptor's state unspecified after EINTR (Linux has
// released it, HP-UX has not), and the evaluation counts a second close()
// only after the first failed with EINTR as correct (eval/README.md, retry_).
// fclose() is different: it frees the FILE whatever it returns, so calling
// it again touches a freed stream. Diagnostics go to stderr, which is
// pointed at a log file with dup2() (retried on EINTR, which is correct).
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct BeatSample {
  double tSeconds;
  double amplitude;
  int position; // 0 = dial up, 1 = dial down, 2..5 = pendant positions
};

static bool writeAllFd(int fd, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

static bool writeAllStdio(FILE *f, const char *text, size_t len) {
  while (len > 0) {
    size_t n = std::fwrite(text, 1, len, f);
    if (n == 0) {
      if (std::ferror(f) && errno == EINTR) {
        std::clearerr(f);
        continue;
      }
      return false;
    }
    text += n;
    len -= n;
  }
  return true;
}

bool saveBeats(const std::string &path, const std::vector<BeatSample> &samples) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  bool ok = writeAllFd(fd, samples.data(), samples.size() * sizeof(BeatSample));
  if (ok && ::fsync(fd) != 0)
    ok = false;
  if (::close(fd) != 0 && errno == EINTR)
    ::close(fd); // OK: a retry after EINTR (eval/README.md)
  return ok;
}

bool saveSummary(const std::string &path, const std::vector<BeatSample> &samples) {
  FILE *csv = std::fopen(path.c_str(), "w");
  if (!csv)
    return false;
  bool ok = true;
  char line[96];
  for (const BeatSample &s : samples) {
    int len = std::snprintf(line, sizeof line, "%.6f,%.3f,%d\n", s.tSeconds, s.amplitude,
                            s.position);
    if (!writeAllStdio(csv, line, static_cast<size_t>(len))) {
      ok = false;
      break;
    }
  }
  if (std::fclose(csv) == EOF) {
    if (errno == EINTR && std::fclose(csv) == 0) // BUG: double-close
      return ok;
    return false;
  }
  return ok;
}

bool saveWithRetries(const std::string &path, const std::vector<BeatSample> &samples) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
      continue;
    bool ok = writeAllFd(fd, samples.data(), samples.size() * sizeof(BeatSample));
    int rc = ::close(fd); // OK: a fresh descriptor on every attempt
    if (ok && (rc == 0 || errno == EINTR))
      return true;
  }
  return false;
}

bool redirectDiagnostics(const char *path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  int rc;
  do {
    rc = ::dup2(fd, STDERR_FILENO);
  } while (rc < 0 && errno == EINTR);
  ::close(fd);
  if (rc < 0)
    return false;
  static const char banner[] = "isochronism bench diagnostics\n";
  return writeAllFd(STDERR_FILENO, banner, sizeof banner - 1); // OK: the dup2() copy stays open
}

int main() {
  std::vector<BeatSample> samples = {{0.0, 0.81, 0}, {0.2, 0.79, 0}, {0.4, 0.80, 1}};
  bool ok = redirectDiagnostics("bench-diagnostics.log");
  ok = saveBeats("GH-1187.beats", samples) && ok;
  ok = saveSummary("GH-1187.csv", samples) && ok;
  ok = saveWithRetries("GH-1187.mirror.beats", samples) && ok;
  return ok ? 0 : 1;
}
