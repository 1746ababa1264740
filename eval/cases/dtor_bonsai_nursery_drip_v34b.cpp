// Drip irrigation of a bonsai nursery: each bench has a drip line driven
// through a descriptor owned by an RAII handle (closed in the destructor), and
// watering rounds are written to a journal held by a unique_ptr with an fclose
// deleter. Correct throughout: every use happens while the owner is alive, a
// released handle is closed exactly once by its new owner, reset() installs a
// new journal before the next write, and a dismissed scope guard does not
// close the line that is kept.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class DripLine {
public:
  explicit DripLine(const char *dev) : fd_(::open(dev, O_WRONLY | O_CLOEXEC)) {}
  explicit DripLine(int fd) : fd_(fd) {}
  ~DripLine() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  DripLine(DripLine &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  DripLine &operator=(DripLine &&o) noexcept {
    if (this != &o) {
      if (fd_ >= 0)
        ::close(fd_);
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  DripLine(const DripLine &) = delete;
  DripLine &operator=(const DripLine &) = delete;

  bool ok() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  bool drip(int ml) {
    if (fd_ < 0)
      return false;
    std::string cmd = "DRIP " + std::to_string(ml) + "\n";
    return ::write(fd_, cmd.data(), cmd.size()) == static_cast<ssize_t>(cmd.size()); // OK: fd_ tested above
  }

private:
  int fd_;
};

struct JournalCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using Journal = std::unique_ptr<FILE, JournalCloser>;

class CloseUnlessKept {
public:
  explicit CloseUnlessKept(int fd) : fd_(fd) {}
  ~CloseUnlessKept() {
    if (!kept_)
      ::close(fd_);
  }
  void keep() { kept_ = true; }

private:
  int fd_;
  bool kept_ = false;
};

void water_bench(const char *dev, Journal &journal, int ml) {
  DripLine line(dev);
  if (!line.ok())
    return;
  line.drip(ml); // OK: the line lives until the end of this function
  if (journal)
    std::fprintf(journal.get(), "bench watered %d ml\n", ml);
}

DripLine hand_over(const char *dev) {
  DripLine line(dev);
  DripLine moved = std::move(line);
  line.drip(5); // OK: moved-from handle holds -1 and drip() returns false
  moved.drip(5); // OK: the new owner holds the open descriptor
  return moved;
}

int adopt_raw(const char *dev) {
  DripLine line(dev);
  int fd = line.release();
  if (fd < 0)
    return -1;
  ::write(fd, "PING\n", 5); // OK: released, so ~DripLine will not close it
  return fd;
}

void rotate_journal(Journal &journal, const std::string &path) {
  journal.reset(std::fopen(path.c_str(), "a"));
  if (!journal)
    return;
  std::fputs("--- new journal ---\n", journal.get()); // OK: reset() installed the new file
}

int open_checked(const char *dev) {
  int fd = ::open(dev, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  CloseUnlessKept guard(fd);
  if (::write(fd, "HELLO\n", 6) != 6) // OK: guard closes only at scope exit
    return -1;
  guard.keep();
  return fd;
}

void evening_round(const char *dev, const std::string &journal_path) {
  int fd = open_checked(dev);
  if (fd < 0)
    return;
  DripLine line(fd);
  line.drip(20); // OK: open_checked() kept the descriptor open for us
  Journal journal(std::fopen(journal_path.c_str(), "a"));
  if (journal)
    std::fprintf(journal.get(), "evening round, 20 ml\n"); // OK: journal alive until scope end
}
