// Access-log writer for a small HTTP front end. Log files are opened with
// fopen and closed by a ScopeExit guard holding a lambda. Two defects:
// flushBatch() closes the file by hand for the size-triggered rotation and the
// guard closes it again when the function returns, and appendSummary() writes
// the byte total after the guarded block has already closed the file.
// openWithHeader() dismisses its guard on success, so the caller's writes are
// fine.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}

struct AccessEntry {
  std::string client;
  std::string path;
  int status;
  long bytes;
};

static void writeEntry(std::FILE *fp, const AccessEntry &e) {
  std::fprintf(fp, "%s \"%s\" %d %ld\n", e.client.c_str(), e.path.c_str(),
               e.status, e.bytes);
}

// Opens the log and writes its header. On failure the guard closes the file;
// on success the guard is dismissed and the caller owns the FILE*.
std::FILE *openWithHeader(const std::string &path, const std::string &host) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return nullptr;
  auto closer = makeScopeExit([fp] { std::fclose(fp); });
  if (std::fprintf(fp, "# host=%s\n", host.c_str()) < 0)
    return nullptr;
  closer.dismiss();
  return fp;
}

// Appends a batch; when the log grew past maxBytes it is renamed to
// <path>.1 so that the next batch starts a fresh file.
bool flushBatch(const std::string &path, const std::vector<AccessEntry> &batch,
                long maxBytes) {
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return false;
  auto closer = makeScopeExit([fp] { std::fclose(fp); }); // SAME: rotate_twice
  for (const AccessEntry &e : batch)
    writeEntry(fp, e);
  if (std::ftell(fp) > maxBytes) {
    std::fclose(fp);
    std::rename(path.c_str(), (path + ".1").c_str());
  }
  return true;
} // BUG: double-close #rotate_twice

void appendSummary(const std::string &path,
                   const std::vector<AccessEntry> &batch) {
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return;
  long total = 0;
  {
    auto closer = makeScopeExit([fp] { std::fclose(fp); });
    for (const AccessEntry &e : batch)
      total += e.bytes;
    std::fprintf(fp, "# entries=%zu\n", batch.size()); // OK: the guard has not run yet
  }
  std::fprintf(fp, "# bytes=%ld\n", total); // BUG: use-after-close
}

int main(int argc, char **argv) {
  // Rotation threshold in bytes, configurable for small test deployments.
  const long maxBytes = argc > 1 ? std::atol(argv[1]) : 1L << 20;
  const std::string path = "/var/log/frontend/access.log";
  std::vector<AccessEntry> batch = {
      {"10.0.0.7", "/index.html", 200, 5120},
      {"10.0.0.9", "/api/orders", 201, 310},
      {"10.0.0.7", "/missing", 404, 0},
  };

  std::FILE *log = openWithHeader(path, "edge-01");
  if (log) {
    for (const AccessEntry &e : batch)
      writeEntry(log, e); // OK: openWithHeader dismissed its guard
    std::fclose(log);
  }

  flushBatch(path, batch, maxBytes);
  appendSummary(path, batch);
  return 0;
}
