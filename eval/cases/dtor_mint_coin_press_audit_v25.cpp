// Mint coin press audit: each press run (denomination, blanks fed, coins
// struck, rejects, die serial) is sealed into a binary run record that is
// fsync'ed and renamed into place, the shift's runs are appended to the
// vault office's CSV, and the press journal gets one fixed-size entry per
// strike batch. Cleanup is done by a scope guard and by small RAII owners.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

namespace mint {

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_)
      f_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { active_ = false; }

private:
  F f_;
  bool active_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F f) { return ScopeExit<F>(std::move(f)); }

struct RunRecord {
  char runId[16];
  char dieSerial[16];
  uint32_t denominationCents;
  uint32_t blanksFed;
  uint32_t struck;
  uint32_t rejects;
};

static bool writeAll(int fd, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n <= 0)
      return false;
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

int sealRun(const std::string &dir, const RunRecord &run) {
  std::string tmp = dir + "/.run.tmp";
  std::string final = dir + "/run-" + std::string(run.runId, strnlen(run.runId, 16)) + ".bin";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0)
    return -1;
  auto closeFd = makeScopeExit([&] { ::close(fd); }); // BUG: double-close
  if (!writeAll(fd, &run, sizeof run))
    return -1;
  if (::fsync(fd) != 0)
    return -1;
  if (::close(fd) != 0)
    return -1;
  return ::rename(tmp.c_str(), final.c_str()) == 0 ? 0 : -1;
}

int openPressJournal(const std::string &path, uint32_t pressId) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0)
    return -1;
  auto guard = makeScopeExit([fd] { ::close(fd); }); // OK
  uint32_t hdr[2] = {0x4D494E54u, pressId};
  if (!writeAll(fd, hdr, sizeof hdr))
    return -1;
  guard.dismiss();
  return fd;
}

class VaultCsv {
public:
  explicit VaultCsv(const std::string &path) : f_(std::fopen(path.c_str(), "a")) {}
  ~VaultCsv() {
    if (f_)
      std::fclose(f_); // BUG: double-close
  }
  VaultCsv(const VaultCsv &) = delete;
  VaultCsv &operator=(const VaultCsv &) = delete;

  bool ok() const { return f_ != nullptr; }
  void row(const RunRecord &r) {
    std::fprintf(f_, "%.16s,%.16s,%u,%u,%u,%u\n", r.runId, r.dieSerial, r.denominationCents,
                 r.blanksFed, r.struck, r.rejects);
  }
  int close() { return std::fclose(f_); }

private:
  FILE *f_;
};

int auditShift(const std::string &dir, const std::vector<RunRecord> &runs, int journalFd) {
  VaultCsv csv(dir + "/vault.csv");
  if (!csv.ok())
    return -1;
  for (const RunRecord &r : runs) {
    csv.row(r);
    writeAll(journalFd, &r, sizeof r); // OK
    if (sealRun(dir, r) != 0)
      return -1;
  }
  if (csv.close() != 0) {
    std::perror("vault.csv");
    return -1;
  }
  return 0;
}

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

using DieLog = std::unique_ptr<FILE, FileCloser>;

static DieLog openDieLog(const std::string &dir) {
  return DieLog(std::fopen((dir + "/die-changes.txt").c_str(), "a"));
}

static void noteDieChange(DieLog &log, const std::string &oldDie, const std::string &newDie) {
  std::fprintf(log.get(), "%s -> %s\n", oldDie.c_str(), newDie.c_str()); // OK
  if (std::fflush(log.get()) != 0)
    log.reset();
}

void recordDieChanges(const std::string &dir,
                      const std::vector<std::pair<std::string, std::string>> &changes) {
  DieLog log = openDieLog(dir);
  for (const auto &c : changes) {
    if (!log)
      break;
    noteDieChange(log, c.first, c.second); // OK
  }
}

} // namespace mint
