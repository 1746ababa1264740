// Snapshot I/O for the config service. ScopeExit runs its callable when the
// scope ends unless dismiss() was called; UniqueFd owns one descriptor and
// closes it in its destructor (release() hands it back without closing,
// reset() closes the old one before adopting a new one); FilePtr is a
// unique_ptr whose deleter calls fclose(). Every hand-written close below is
// preceded by dismiss()/release(), so each descriptor and stream is closed
// exactly once: this case is correct, with no double-close and no use after
// a close.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  int release();
  void reset(int fd = -1);

private:
  int fd_;
};

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

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

// Round-trips a small payload through a pipe; closing the write end lets the
// reader see end-of-file.
bool echoThroughPipe(const std::string &payload, std::string &out) {
  if (payload.size() > 4096)
    return false;
  int fds[2];
  if (::pipe(fds) != 0)
    return false;
  UniqueFd rd(fds[0]);
  UniqueFd wr(fds[1]);
  if (::write(wr.get(), payload.data(), payload.size()) !=
      static_cast<ssize_t>(payload.size()))
    return false;
  ::close(wr.release()); // OK: ownership released before the close
  char buf[256];
  ssize_t n;
  while ((n = ::read(rd.get(), buf, sizeof buf)) > 0)
    out.append(buf, static_cast<std::size_t>(n));
  return n == 0;
}

bool writeSnapshot(const std::string &path, const std::string &body) {
  const std::string tmp = path + ".new";
  FilePtr f(std::fopen(tmp.c_str(), "wb"));
  if (!f)
    return false;
  ScopeExit removeTmp([&tmp] { std::remove(tmp.c_str()); });
  if (std::fwrite(body.data(), 1, body.size(), f.get()) != body.size())
    return false;
  if (std::fflush(f.get()) != 0 || ::fsync(::fileno(f.get())) != 0)
    return false;
  FILE *raw = f.release();
  if (std::fclose(raw) != 0) // OK: the unique_ptr gave up the stream first
    return false;
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return false;
  removeTmp.dismiss();
  return true;
}

// The guard closes the descriptor on the error paths; on success it is
// dismissed and the descriptor is closed by hand so the result is checked.
bool readHeader(const std::string &path, char (&header)[64]) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ScopeExit closeFd([fd] { ::close(fd); });
  if (::read(fd, header, sizeof header) != static_cast<ssize_t>(sizeof header))
    return false;
  if (std::memcmp(header, "SNAP", 4) != 0)
    return false;
  closeFd.dismiss();
  return ::close(fd) == 0; // OK: guard dismissed
}

int reopenJournal(UniqueFd &journal, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  journal.reset(fd);
  const char marker[] = "-- reopened --\n";
  return ::write(journal.get(), marker, sizeof marker - 1) > 0 ? 0 : -1;
}
