// Delivery step of a small mail transfer agent: moves a spooled message into
// the recipient's maildir. ScopeExit runs its lambda when it leaves scope
// unless dismiss() was called; the agent uses it to close descriptors on
// every early return. Descriptors are POSIX fds: closing one twice may close
// a descriptor that another thread of the agent has just opened.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
  bool active_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}

static bool copyAll(int in, int out) {
  char buf[8192];
  for (;;) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n == 0)
      return true;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (::write(out, buf, static_cast<size_t>(n)) != n)
      return false;
  }
}

class DeliveryAgent {
public:
  void deliver(const std::string &spoolPath, const std::string &destPath);
  void bounce(const std::string &spoolPath, const std::string &bouncePath);
  void writeReceipt(const std::string &receiptPath, const std::string &text);
  void journal(const std::string &journalPath, const std::string &entry);

private:
  unsigned delivered_ = 0;
  unsigned failures_ = 0;
};

void DeliveryAgent::deliver(const std::string &spoolPath, const std::string &destPath) {
  int in = ::open(spoolPath.c_str(), O_RDONLY);
  if (in < 0) {
    ++failures_;
    return;
  }
  auto closeIn = makeScopeExit([&] {
    ::close(in); // SAME: spoolin
  });
  int out = ::open(destPath.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (out < 0) {
    std::perror(destPath.c_str());
    ++failures_;
    return;
  }
  bool copied = copyAll(in, out);
  // Drop the spool descriptor before fsync: the spool may be on a slow disk.
  ::close(in);
  if (::fsync(out) != 0)
    copied = false;
  ::close(out);
  if (copied) {
    ::unlink(spoolPath.c_str());
    ++delivered_;
  } else {
    ++failures_;
  }
} // BUG: double-close #spoolin

void DeliveryAgent::bounce(const std::string &spoolPath, const std::string &bouncePath) {
  int in = ::open(spoolPath.c_str(), O_RDONLY);
  if (in < 0)
    return;
  auto closeIn = makeScopeExit([&] { ::close(in); });
  int out = ::open(bouncePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0)
    return;
  auto closeOut = makeScopeExit([&] { ::close(out); });
  if (!copyAll(in, out))
    return;
  // Close explicitly to see the error from a deferred NFS write-back.
  closeOut.dismiss();
  if (::close(out) != 0) // OK: the guard was dismissed first
    std::perror(bouncePath.c_str());
}

void DeliveryAgent::writeReceipt(const std::string &receiptPath, const std::string &text) {
  int fd = ::open(receiptPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  auto closeFd = makeScopeExit([&] {
    if (fd >= 0)
      ::close(fd);
  });
  if (::write(fd, text.data(), text.size()) < 0)
    return;
  if (::close(fd) != 0)
    std::perror(receiptPath.c_str());
  fd = -1;
} // OK: fd was reset to -1, the guard skips the close

// Appends one entry to the delivery journal. Every entry must end with a
// terminator line, even when the write of its body fails half-way.
void DeliveryAgent::journal(const std::string &journalPath, const std::string &entry) {
  int fd = ::open(journalPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd < 0)
    return;
  auto writeTerminator = makeScopeExit([&] {
    (void)::write(fd, ".\n", 2); // SAME: terminator
  });
  auto closeFd = makeScopeExit([&] { ::close(fd); });
  if (::write(fd, entry.data(), entry.size()) < 0)
    std::perror(journalPath.c_str());
} // BUG: use-after-close #terminator
