// A lambda that assigns a handle it captured by reference (or one a
// captured object, or its `this`, holds) leaves its caller's handle naming
// another object once it has run: a use after that is not after the close
// of the old one. A lambda that only uses the handle changes nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

template <typename F> bool runStep(const char *name, F &&fn) {
  try {
    fn();
  } catch (const std::exception &) {
    return false;
  }
  return name != nullptr;
}

struct Volume {
  int fd = -1;
};

void rotate(Volume &v, const std::string &next) {
  runStep("seal", [&] { ::close(v.fd); });
  runStep("open next", [&] {
    v.fd = ::open(next.c_str(), O_WRONLY);
    if (v.fd < 0)
      throw std::runtime_error("cannot open " + next);
  });
  runStep("header", [&] { ::write(v.fd, "V\n", 2); });
}

void sealOnly(Volume &v) {
  runStep("seal", [&] { ::close(v.fd); });
  // CHECK: lambda-assigns-captured.cpp:[[@LINE+1]]:25: warning: call to 'fsync' on 'v.fd' after it was closed
  runStep("sync", [&] { ::fsync(v.fd); });
}

void immediately(const char *path) {
  int fd = ::open(path, O_RDONLY);
  ::close(fd);
  [&] { fd = ::open(path, O_RDONLY); }();
  char buf[8];
  ::read(fd, buf, sizeof buf);
  ::close(fd);
}

class Spool {
public:
  void roll(const char *next) {
    ::close(fd_);
    [this, next] { fd_ = ::open(next, O_WRONLY); }();
    ::write(fd_, "S\n", 2);
  }

private:
  int fd_ = -1;
};
