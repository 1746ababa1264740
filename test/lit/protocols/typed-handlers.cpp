// Which handler an exception reaches, by its class: a use that throws
// std::logic_error once the connection is closed does not reach a handler
// of IoErr, so that handler sees the connection open; a close that throws
// CloseErr after closing reaches CloseErr's handler closed, and a later,
// more general handler only with the connection as the other calls left it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

struct IoErr : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct CloseErr : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class TConn {
public:
  void send(const std::string &M) {
    if (fd_ < 0)
      throw std::logic_error("send on closed connection");
    if (M.empty())
      throw IoErr("broken pipe");
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("close on closed connection");
    fd_ = -1;
    if (pending_ > 0)
      throw CloseErr("unacknowledged frames");
  }

private:
  int fd_ = 3;
  int pending_ = 0;
};

// The retry's handler closes only after an I/O error, never after the
// logic_error a closed connection throws.
void retryIo(TConn &C) {
  for (int Attempt = 1;; ++Attempt) {
    try {
      // CHECK: typed-handlers.cpp:[[@LINE+1]]:9: warning: call to 'send' on 'C' that may have been closed
      C.send("x");
      return;
    } catch (const IoErr &) {
      C.close();
      if (Attempt == 3)
        throw;
    }
  }
}

// A handler of every std::exception also gets the logic_error.
void retryAny(TConn &C) {
  for (int Attempt = 1;; ++Attempt) {
    try {
      // CHECK: typed-handlers.cpp:[[@LINE+1]]:9: warning: call to 'send' on 'C' that may have been closed
      C.send("x");
      return;
    } catch (const std::exception &) {
      // CHECK: typed-handlers.cpp:[[@LINE+1]]:9: warning: 'close' closes 'C' that may already have been closed
      C.close();
      if (Attempt == 3)
        throw;
    }
  }
}

// close() last in the try: its CloseErr goes to the first handler.
void finish(TConn &C) {
  try {
    C.send("COMMIT");
    C.close();
  } catch (const CloseErr &) {
    // CHECK: typed-handlers.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("ROLLBACK");
  } catch (const std::exception &) {
    C.send("ROLLBACK");
    C.close();
  }
}
