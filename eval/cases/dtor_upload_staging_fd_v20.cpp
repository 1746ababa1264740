// Upload staging area for a multipart uploader: every part is written to a
// staging file through UniqueFd, an RAII descriptor wrapper whose destructor
// closes the descriptor it still owns (release() gives ownership up, reset()
// closes the old descriptor and adopts a new one). Defects: commitPart()
// closes the owned descriptor by hand and the wrapper closes it again when it
// goes out of scope; writeManifest() keeps the raw descriptor number after the
// wrapper that owned it was destroyed and keeps writing through it.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept;
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  ~UniqueFd();

  int get() const { return fd_; }
  int release();
  void reset(int fd = -1);
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

UniqueFd::~UniqueFd() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: commitdbl
}

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int UniqueFd::release() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

void UniqueFd::reset(int fd) {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = fd;
}

struct Part {
  int index;
  std::string bytes;
};

class StagingArea {
public:
  explicit StagingArea(std::string dir) : dir_(std::move(dir)) {}
  bool stagePart(const Part &part);
  bool commitPart(const Part &part);
  bool writeManifest(const std::vector<Part> &parts);
  bool rotateScratch();

private:
  std::string pathFor(int index) const {
    return dir_ + "/part-" + std::to_string(index);
  }
  std::string dir_;
  UniqueFd scratch_;
};

bool StagingArea::stagePart(const Part &part) {
  UniqueFd fd(::open(pathFor(part.index).c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644));
  if (!fd)
    return false;
  if (::write(fd.get(), part.bytes.data(), part.bytes.size()) < 0)
    return false;
  int raw = fd.release();
  ::fsync(raw);
  return ::close(raw) == 0; // OK: release() gave up ownership before the manual close
}

bool StagingArea::commitPart(const Part &part) {
  UniqueFd fd(::open(pathFor(part.index).c_str(), O_WRONLY | O_APPEND));
  if (!fd)
    return false;
  const std::string trailer = "\n#commit " + std::to_string(part.bytes.size()) + "\n";
  if (::write(fd.get(), trailer.data(), trailer.size()) < 0)
    return false;
  ::fsync(fd.get());
  const int rc = ::close(fd.get());
  return rc == 0;
} // BUG: double-close #commitdbl

bool StagingArea::writeManifest(const std::vector<Part> &parts) {
  int manifestFd = -1;
  {
    UniqueFd fd(::open((dir_ + "/MANIFEST").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644));
    if (!fd)
      return false;
    manifestFd = fd.get();
    const char header[] = "index size\n";
    ::write(manifestFd, header, sizeof header - 1); // OK: fd still owns the descriptor here
  }
  for (const Part &p : parts) {
    std::string line = std::to_string(p.index) + " " + std::to_string(p.bytes.size()) + "\n";
    ::write(manifestFd, line.data(), line.size()); // BUG: use-after-close
  }
  return true;
}

bool StagingArea::rotateScratch() {
  scratch_.reset(::open((dir_ + "/scratch.tmp").c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600));
  if (!scratch_)
    return false;
  ::write(scratch_.get(), "x", 1); // OK: reset() adopted a freshly opened descriptor
  UniqueFd next(::open((dir_ + "/scratch.next").c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600));
  if (!next)
    return false;
  scratch_ = std::move(next);
  ::ftruncate(scratch_.get(), 0); // OK: the moved-in descriptor; the previous one was closed by the assignment
  return true;
} // OK: next is empty after the move, its destructor closes nothing

int main() {
  ::mkdir("/tmp/upload-staging", 0755);
  StagingArea area("/tmp/upload-staging");
  std::vector<Part> parts{{0, "alpha-chunk"}, {1, "beta-chunk"}, {2, "gamma-chunk"}};
  for (const Part &p : parts) {
    if (!area.stagePart(p) || !area.commitPart(p)) {
      std::fprintf(stderr, "staging part %d failed\n", p.index);
      return 1;
    }
  }
  area.writeManifest(parts);
  area.rotateScratch();
  return 0;
}
