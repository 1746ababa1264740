// A log whose close() has no guard (`std::fclose(out_); closed_ = true;`)
// and whose fail() closes the stream after too many errors, records it in
// the same flag and says so by returning false: close() is the class's own
// close (it sets the flag fail() records), so calling it after a false
// fail() is its caller's second close of the object, reported where the
// caller makes it; the body of close() is not reported for what another
// method may have done. A destructor that closes the stream without asking
// the flag still is. (A close that does not tell its callers leaves every
// other method to ask: earlier-call-leaves-descriptor.cpp.)
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

class Log {
public:
  ~Log() {
    if (out_ != stderr)
      std::fclose(out_);
      // CHECK: unguarded-close-not-seeded.cpp:[[@LINE-1]]:7: warning: 'fclose' closes 'out_' that may already have been closed
      // CHECK: note: 'out_' may still be closed by an earlier call to 'fail', which closes it here and leaves it set
  }
  bool fail() {
    if (++errors_ > 3) {
      std::fclose(out_);
      closed_ = true;
      return false;
    }
    return true;
  }
  void close() {
    std::fclose(out_);
    closed_ = true;
  }
  void write(const char *text) {
    if (closed_)
      return;
    std::fputs(text, out_);
  }

private:
  FILE *out_ = stderr;
  bool closed_ = false;
  int errors_ = 0;
};
