// A close that reports failure through its result (closed only where it
// returns 0) retried while the result says a transient failure, in the
// shapes real retry loops take: `if (rc == EINTR || rc == EBUSY)`, `while
// (...)`, `do ... while ((rc == EINTR || rc == EBUSY) && ++tries < 5)`.
// On each side of the `||` the object is open, so the retry is not a
// second close. A condition one of whose sides allows success (`rc == 0`,
// or an unrelated flag) may retry a close that succeeded.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <stdexcept>

class Probe {
public:
  void read() {
    if (closed_)
      throw std::runtime_error("closed");
  }
  int close() {
    if (closed_)
      throw std::logic_error("closed twice");
    if (busy_)
      return EBUSY;
    if (glitch_) {
      glitch_ = false;
      return EINTR;
    }
    closed_ = true;
    return 0;
  }

private:
  bool busy_ = false, glitch_ = false, closed_ = false;
};

int retryOnce(Probe &p) {
  int rc = p.close();
  if (rc == EINTR || rc == EBUSY)
    rc = p.close();
  return rc;
}

int retryWhile(Probe &p) {
  int rc = p.close();
  while (rc == EINTR || rc == EBUSY)
    rc = p.close();
  return rc;
}

int retryDo(Probe &p) {
  int rc;
  int tries = 0;
  do {
    rc = p.close();
  } while ((rc == EINTR || rc == EBUSY) && ++tries < 5);
  return rc;
}

int retryNegated(Probe &p) {
  int rc;
  do {
    rc = p.close();
  } while (!(rc != EINTR && rc != EBUSY));
  return rc;
}

int retryAfterSuccess(Probe &p) {
  int rc;
  int tries = 0;
  do {
    rc = p.close();
    // CHECK: [[@LINE-1]]:12: warning: 'close' closes 'p' that may already have been closed
  } while ((rc == EINTR || rc == 0) && ++tries < 2);
  return rc;
}

int retryOnFlag(Probe &p, bool again) {
  int rc = p.close();
  if (rc == EINTR || again)
    rc = p.close();
  // CHECK: [[@LINE-1]]:12: warning: 'close' closes 'p' that may already have been closed
  return rc;
}
