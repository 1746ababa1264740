// Snapshot exporter that relies on scope guards to close its files.
// writeSnapshot() registers a ScopeExit that fcloses the snapshot when the
// inner block ends; appendChecksum() keeps the FILE* in a unique_ptr whose
// deleter fcloses it. Defects: writeSnapshot() fflushes the FILE* after the
// block whose guard already closed it; appendChecksum() calls fclose() on
// fp.get() to check its result, and the unique_ptr's deleter closes the same
// FILE again when fp goes out of scope. writeManifest() and writeIndex() show
// the correct variants (release(), dismiss()).
#include <cstdint>
#include <cstdio>
#include <memory>
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

template <typename F> ScopeExit<F> makeScopeExit(F fn) { return ScopeExit<F>(std::move(fn)); }

struct FileCloser {
  void operator()(FILE *f) const {
    std::fclose(f); // SAME: checksum_deleter
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct Entry {
  std::string key;
  std::string value;
};

bool writeSnapshot(const std::string &path, const std::vector<Entry> &entries) {
  FILE *fp = std::fopen(path.c_str(), "wb");
  if (!fp)
    return false;
  {
    auto closeFile = makeScopeExit([fp] { std::fclose(fp); });
    for (const Entry &e : entries)
      std::fprintf(fp, "%zu:%s=%s\n", e.key.size(), e.key.c_str(), e.value.c_str()); // OK: inside the guard's scope, the file is still open
  }
  std::fflush(fp); // BUG: use-after-close
  return true;
}

std::uint32_t checksum(const std::vector<Entry> &entries) {
  std::uint32_t sum = 2166136261u;
  for (const Entry &e : entries)
    for (char c : e.key + e.value)
      sum = (sum ^ static_cast<unsigned char>(c)) * 16777619u;
  return sum;
}

bool appendChecksum(const std::string &path, std::uint32_t sum) {
  FilePtr fp(std::fopen(path.c_str(), "ab"));
  if (!fp)
    return false;
  std::fprintf(fp.get(), "#fnv1a=%08x\n", static_cast<unsigned>(sum));
  const bool closedCleanly = std::fclose(fp.get()) == 0;
  return closedCleanly;
} // BUG: double-close #checksum_deleter

bool writeManifest(const std::string &path, const std::string &snapshot) {
  FilePtr fp(std::fopen(path.c_str(), "w"));
  if (!fp)
    return false;
  std::fprintf(fp.get(), "snapshot=%s\n", snapshot.c_str());
  return std::fclose(fp.release()) == 0; // OK: release() hands the FILE over, the deleter will not close it again
}

bool writeIndex(const std::string &path, const std::vector<Entry> &entries) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  auto guard = makeScopeExit([fp] { std::fclose(fp); });
  for (const Entry &e : entries)
    std::fprintf(fp, "%s\n", e.key.c_str());
  if (std::ferror(fp)) {
    guard.dismiss();
    std::fclose(fp); // OK: the guard was dismissed, this is the only close
    std::remove(path.c_str());
    return false;
  }
  return std::fflush(fp) == 0; // OK: the guard closes fp only after this return value is computed
}

int main() {
  const std::vector<Entry> entries = {{"user:1", "alice"}, {"user:2", "bob"}};
  const std::string snap = "/var/lib/kv/snapshot-0001.dat";
  if (!writeSnapshot(snap, entries) || !appendChecksum(snap, checksum(entries)))
    return 1;
  if (!writeIndex(snap + ".idx", entries) || !writeManifest("/var/lib/kv/MANIFEST", snap))
    return 1;
  return 0;
}
