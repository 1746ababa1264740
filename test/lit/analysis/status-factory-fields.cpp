// A status factory of several statements (`Status s; s.fatal = fatal;
// s.err = err; return s;`) gives the fields the arguments of each call
// say, default arguments included: a helper that closes its descriptor
// only where it returns `failure(ENOENT, ..., true)` closes where `fatal`
// is set. A caller testing the status through `ok()`, which reads two
// fields (`!fatal && err == 0`), learns both on its success path, whether
// the status is a local or the call's result itself. A
// factory that does more with the status than assign its fields (passes
// it to a function) says nothing of them.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <string>
#include <unistd.h>

void annotate(struct Status &s);

struct Status {
  bool fatal = false;
  int err = 0;
  std::string detail;

  bool ok() const { return !fatal && err == 0; }
  bool failed() const { return fatal || err != 0; }

  static Status failure(int err, std::string detail, bool fatal = false) {
    Status s;
    s.fatal = fatal;
    s.err = err;
    s.detail = std::move(detail);
    return s;
  }
  static Status annotated(int err, bool fatal) {
    Status s;
    s.fatal = fatal;
    s.err = err;
    annotate(s);
    return s;
  }
};

static Status adopt(int fd, bool known) {
  if (fd < 0)
    return Status::failure(EINVAL, "bad descriptor");
  if (!known) {
    ::close(fd);
    return Status::failure(ENOENT, "unknown peer", true);
  }
  return {};
}

// Negative: the success path of ok() is where nothing was closed.
void greet(int fd, bool known) {
  const Status st = adopt(fd, known);
  if (!st.ok())
    return;
  ::write(fd, "hello\n", 6);
}

// Negative: the same through failed(), an || of the two fields.
void greetAgain(int fd, bool known) {
  Status st = adopt(fd, known);
  if (st.failed())
    return;
  ::write(fd, "hello\n", 6);
}

// Positive: only a failure that is not fatal is excused.
void greetCarelessly(int fd, bool known) {
  const Status st = adopt(fd, known);
  if (st.err != 0 && !st.fatal)
    return;
  ::write(fd, "hello\n", 6);
  // CHECK: status-factory-fields.cpp:[[@LINE-1]]:3: warning: call to 'write' on 'fd' that may have been closed
}

static Status adoptOpaque(int fd, bool known) {
  if (!known) {
    ::close(fd);
    return Status::annotated(ENOENT, true);
  }
  return Status::annotated(0, false);
}

// Positive: the factory hands the status to a function that may change
// its fields, so its result says nothing.
void greetOpaque(int fd, bool known) {
  const Status st = adoptOpaque(fd, known);
  if (!st.ok())
    return;
  ::write(fd, "hello\n", 6);
  // CHECK: status-factory-fields.cpp:[[@LINE-1]]:3: warning: call to 'write' on 'fd' that may have been closed
}

// Negative: the call's result tested without a local.
void greetDirectly(int fd, bool known) {
  if (adopt(fd, known).failed())
    return;
  ::write(fd, "hello\n", 6);
}

// Positive: the result's test says nothing of the field that closes.
void greetAnyway(int fd, bool known) {
  if (adopt(fd, known).err == EINVAL)
    return;
  ::write(fd, "hello\n", 6);
  // CHECK: status-factory-fields.cpp:[[@LINE-1]]:3: warning: call to 'write' on 'fd' that may have been closed
}
