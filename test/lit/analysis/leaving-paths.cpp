// Paths that leave a function without returning: a helper that closes and
// then throws or calls a function that never returns leaves the object open
// for the caller that goes on; the caller's handler of that exception sees
// it closed. C functions do not throw, so a close ending a try block has not
// run when its handler is reached.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unistd.h>

class Channel {
public:
  void send(const std::string &M);
  void close();
};

[[noreturn]] void fatal(const char *What);
bool acked();
std::string render();

void waitAck(Channel &C) {
  if (!acked()) {
    C.close();
    throw std::runtime_error("no ACK");
  }
}
void writeOrDie(FILE *F, bool Ok) {
  if (!Ok) {
    fclose(F);
    fatal("short write");
  }
}
void flushOrExit(FILE *F) {
  if (fflush(F) != 0) {
    fclose(F);
    exit(74);
  }
}

// Negative: execution goes on only where the helper did not close.
void publish(Channel &C) {
  waitAck(C);
  C.send("event");
}
void append(FILE *F, bool Ok) {
  writeOrDie(F, Ok);
  fputs("record\n", F);
  flushOrExit(F);
  fputs("#\n", F);
}
// Negative: fclose() and close() cannot throw, so the handler runs only when
// render() threw, before the close.
bool save(FILE *F, int Fd) {
  try {
    std::string Text = render();
    fputs(Text.c_str(), F);
    fclose(F);
    ::close(Fd);
  } catch (...) {
    fclose(F);
    ::close(Fd);
    return false;
  }
  return true;
}

// Positive: the handler goes on after the helper closed and threw.
void publishLenient(Channel &C) {
  try {
    waitAck(C);
  } catch (const std::runtime_error &) {
  }
  // CHECK: leaving-paths.cpp:[[@LINE+2]]:5: warning: call to 'send' on 'C' that may have been closed
  // CHECK: leaving-paths.cpp:[[@LINE-4]]:5: note: 'C' is closed by the call to 'waitAck' here
  C.send("event");
}
// Positive: a call that may throw after the close reaches the handler with
// the file closed.
void saveLate(FILE *F) {
  try {
    fclose(F);
    render();
  } catch (...) {
    // CHECK: leaving-paths.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'F' a second time
    fclose(F);
  }
}

// A method declared noexcept does not throw either (the CFG gives a member
// call an exception edge all the same); one that may throw does.
class QuietChannel {
public:
  void send(const std::string &M);
  void close() noexcept;
};
void finishQuiet(QuietChannel &L) {
  try {
    L.send("FIN");
    L.close();
  } catch (const std::exception &) {
    L.send("FIN again");
  }
}
void finishLoud(Channel &L) {
  try {
    L.send("FIN");
    L.close();
  } catch (const std::exception &) {
    // CHECK: leaving-paths.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'L' that may have been closed
    L.send("FIN again");
  }
}

// A close whose code is seen closes nothing when it throws its own guard
// (`close()` on a closed connection): the handler after it sees the
// connection as the try left it. A close that throws after closing says
// so in its code, and the handler sees it closed.
class GuardedConn {
public:
  void send(const std::string &M) {
    if (Fd < 0)
      throw std::logic_error("send on closed connection");
    Last = M;
  }
  void close() {
    if (Fd < 0)
      throw std::logic_error("close on closed connection");
    Fd = -1;
  }
  void closeAndCheck() {
    Fd = -1;
    if (!acked())
      throw std::runtime_error("close not acknowledged");
  }

private:
  int Fd = 3;
  std::string Last;
};
void shutdownOnce(GuardedConn &G) {
  try {
    G.send("BYE");
    G.close();
    return;
  } catch (const std::exception &) {
    G.close();
  }
}
void shutdownChecked(GuardedConn &G) {
  try {
    G.closeAndCheck();
  } catch (const std::exception &) {
    // CHECK: leaving-paths.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'G'
    G.send("BYE");
  }
}
