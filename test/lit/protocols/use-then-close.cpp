// A method that uses the object and then closes it (`quit()` sending QUIT,
// then calling close()) is both: on a closed object it fails as a use, and
// it leaves the object closed, so a later close() that throws when the
// object is already closed is a double close and a later send() a use
// after close. A helper whose every path makes a use that throws once the
// object is closed returns only where it was open: one finding, not one
// per later call. A close() that returns early when closed is idempotent.
// RUN: %errlint %s --list-protocols -- %cxxflags -std=c++17 | FileCheck %s --check-prefix=PROTO
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

// PROTO: Session: closed when 'fd_' holds no handle
// PROTO-DAG: close   quit(){{.*}}calls 'send', then 'close'
// PROTO-DAG: use     quit(){{.*}}calls 'send', then 'close'
class Session {
public:
  void send(const std::string &line) {
    if (fd_ < 0)
      throw std::runtime_error("session is closed");
    last_ = line;
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("session already closed");
    fd_ = -1;
  }
  void quit() {
    send("QUIT");
    close();
  }
  int fd_ = 3;
  std::string last_;
};

class Channel {
public:
  void send(const std::string &line) {
    if (fd_ < 0)
      throw std::runtime_error("channel is closed");
    last_ = line;
  }
  void close() {
    if (fd_ < 0)
      return;
    fd_ = -1;
  }
  void quit() {
    send("QUIT");
    close();
  }
  int fd_ = 3;
  std::string last_;
};

void quitThenClose(Session &s) {
  s.quit();
  // CHECK: use-then-close.cpp:[[@LINE+1]]:5: warning: 'close' closes 's' a second time [errlint-double-close]
  s.close();
}

void quitThenSend(Session &s) {
  s.quit();
  // CHECK: use-then-close.cpp:[[@LINE+1]]:5: warning: call to 'send' on 's' after it was closed [errlint-use-after-close]
  s.send("NOOP");
}

void closeThenQuit(Session &s) {
  s.close();
  // CHECK: use-then-close.cpp:[[@LINE+1]]:5: warning: call to 'quit' on 's' after it was closed [errlint-use-after-close]
  s.quit();
}

// Correct: Channel::close() is idempotent.
void quitThenCloseIdempotent(Channel &c) {
  c.quit();
  c.close();
}

void envelope(Session &s, const std::string &from) {
  s.send("MAIL FROM:<" + from + ">");
}

void batch(Session &s, int n) {
  for (int i = 0; i < n; ++i) {
    // CHECK: use-then-close.cpp:[[@LINE+1]]:5: warning: call to 'envelope' uses 's' that may have been closed [errlint-use-after-close]
    envelope(s, "a@example.org");
    if (i == 3) {
      s.quit();
      continue;
    }
    // Correct: envelope() threw above unless the session was open.
    s.send("DATA");
  }
}
