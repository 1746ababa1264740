// Small file-writing helpers from a daemon: writeSnapshot() keeps its FILE* in
// a std::unique_ptr with fclose as deleter, writePidFile() and
// appendJournal() use a ScopeExit guard. Each wants fclose()'s result on the
// success path (ENOSPC and EIO are reported there), so each closes explicitly.
//
// Bug: writePidFile() closes explicitly but leaves its ScopeExit guard armed:
// when the function returns, the guard fcloses the freed FILE* a second time
// (undefined behaviour), whether the explicit fclose() succeeded or failed.
// (Only the early return after a failed fprintf() closes exactly once.)
// Correct lines: writeSnapshot() closes fp.release(), so the deleter sees null;
// appendJournal() dismisses its guard before the explicit fclose, and the
// guard's fclose only runs on the early returns, where nothing else closed.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_)
      f_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F f_;
  bool active_ = true;
};

template <class F> ScopeExit<F> makeScopeExit(F f) { return ScopeExit<F>(std::move(f)); }

bool writeSnapshot(const std::string &path, const std::vector<std::pair<std::string, long>> &entries) {
  const std::string tmp = path + ".tmp";
  std::unique_ptr<FILE, decltype(&std::fclose)> fp(std::fopen(tmp.c_str(), "w"), &std::fclose);
  if (!fp)
    return false;
  for (const auto &[key, value] : entries)
    if (std::fprintf(fp.get(), "%s %ld\n", key.c_str(), value) < 0)
      return false;
  if (std::fflush(fp.get()) != 0 || ::fsync(::fileno(fp.get())) != 0)
    return false;
  if (std::fclose(fp.release()) != 0) // OK: release() leaves the deleter nothing to close
    return false;
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

bool writePidFile(const std::string &path) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  auto closer = makeScopeExit([fp] {
    std::fclose(fp); // SAME: pidguard
  });
  if (std::fprintf(fp, "%d\n", static_cast<int>(::getpid())) < 0)
    return false;
  if (std::fclose(fp) != 0) {
    std::perror(path.c_str());
    return false;
  }
  return true;
} // BUG: double-close #pidguard

bool appendJournal(const std::string &path, const std::string &entry) {
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return false;
  auto closer = makeScopeExit([fp] {
    std::fclose(fp); // OK: dismissed before the explicit fclose below
  });
  if (std::fputs(entry.c_str(), fp) < 0 || std::fputc('\n', fp) == EOF)
    return false;
  closer.dismiss();
  return std::fclose(fp) == 0; // OK: the guard no longer closes
}

int main() {
  if (!writePidFile("/run/exampled.pid"))
    return 1;
  if (!writeSnapshot("state.txt", {{"sessions", 12}, {"queued", 3}}))
    return 1;
  return appendJournal("journal.log", "snapshot written") ? 0 : 1;
}
