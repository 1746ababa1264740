// Opens a spool file guarded by a ScopeExit that closes the descriptor unless
// dismissed. On success the guard is dismissed and the descriptor moves into a
// SpoolWriter, whose destructor closes it (a moved-from writer holds -1). The
// one error path that wants close()'s result dismisses the guard first and then
// closes by hand, so the lambda never runs there. writeManifest() uses a
// unique_ptr with an fclose deleter and release()s the stream before closing it
// by hand to check the result, so the deleter never closes it again.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

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

class SpoolWriter {
public:
  explicit SpoolWriter(int fd) : fd_(fd) {}
  SpoolWriter(SpoolWriter &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  SpoolWriter &operator=(SpoolWriter &&) = delete;
  ~SpoolWriter() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  bool append(const std::string &record) {
    std::string line = record + "\n";
    return ::write(fd_, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  }

private:
  int fd_;
};

std::optional<SpoolWriter> openSpool(const std::string &dir, const std::string &name,
                                     off_t maxBytes) {
  std::string path = dir + "/" + name + ".spool";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0)
    return std::nullopt;
  auto closeOnError = makeScopeExit([fd] {
    ::close(fd); // OK: runs only on the early returns that did not dismiss the guard
  });
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return std::nullopt;
  if (st.st_size > maxBytes) {
    closeOnError.dismiss();
    if (::close(fd) != 0) // OK: guard dismissed, this is the only close on this path
      std::perror("spool: close");
    return std::nullopt;
  }
  closeOnError.dismiss();
  return SpoolWriter(fd);
}

struct FcloseDeleter {
  void operator()(std::FILE *f) const noexcept {
    if (f != nullptr)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FcloseDeleter>;

bool writeManifest(const char *path, const std::vector<std::string> &entries) {
  FilePtr out(std::fopen(path, "w"));
  if (!out)
    return false;
  for (const auto &entry : entries)
    if (std::fprintf(out.get(), "%s\n", entry.c_str()) < 0)
      return false; // the deleter closes the stream
  std::FILE *raw = out.release();
  return std::fclose(raw) == 0; // OK: released, the deleter no longer owns it
}

int spoolBatch(const std::vector<std::string> &records) {
  auto spool = openSpool("/var/spool/ingest", "batch", 64 << 20);
  if (!spool)
    return 1;
  for (const auto &r : records)
    if (!spool->append(r)) // OK: the writer owns an open descriptor
      return 1;
  return writeManifest("/var/spool/ingest/batch.manifest", records) ? 0 : 1;
}
