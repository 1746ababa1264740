// A shift log whose rotate() returns at once when the log is closed, and
// otherwise closes the descriptor, archives the file and opens a fresh one,
// throwing when it cannot: on every normal return past the close it set a
// new descriptor, so rotate() is no close (closed only when it throws), and
// an append() after it writes to the fresh file. A rotate() that may return
// after its close without reopening (`if (!reopen_) return;`) still closes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
// RUN: %errlint --list-protocols %s -- %cxxflags | FileCheck %s --check-prefix=PROTO
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

class WatchLog {
public:
  void append(const std::string &entry) {
    if (fd_ < 0)
      throw std::runtime_error("watch log is closed");
    ::write(fd_, entry.data(), entry.size());
  }
  void rotate(const std::string &archive) {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
    if (::rename(path_.c_str(), archive.c_str()) != 0)
      throw std::runtime_error("cannot archive " + path_);
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd_ < 0)
      throw std::runtime_error("cannot reopen " + path_);
  }
  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
  std::string path_;
};

class TrimLog {
public:
  void append(const std::string &entry) {
    if (fd_ < 0)
      throw std::runtime_error("trim log is closed");
    ::write(fd_, entry.data(), entry.size());
  }
  void rotate(const std::string &archive) {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
    ::rename(path_.c_str(), archive.c_str());
    if (!reopen_)
      return;
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd_ < 0)
      throw std::runtime_error("cannot reopen " + path_);
  }

private:
  int fd_ = -1;
  bool reopen_ = true;
  std::string path_;
};
// PROTO: TrimLog: closed when 'fd_' holds no handle
// PROTO-NOT: closed only when it throws
// PROTO: close rotate()
// PROTO: WatchLog: closed when 'fd_' holds no handle
// PROTO: close rotate() {{.*}}and sets it again before it returns (closed only when it throws)

void nightly(WatchLog &log) {
  log.rotate("watch.1");
  log.append("continued after rotation");
}

void closed(WatchLog &log) {
  log.close();
  log.append("late");
  // CHECK: [[@LINE-1]]:7: warning: call to 'append' on 'log' after it was closed
}

void trimmed(TrimLog &log) {
  log.rotate("trim.1");
  log.append("continued after trim");
  // CHECK: [[@LINE-1]]:7: warning: call to 'append' on 'log' {{.*}}closed
}
