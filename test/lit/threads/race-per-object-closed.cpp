// One call closing two objects a running thread uses is one finding per
// object, each with the use of that object: both are bugs. An object and
// the descriptor it holds are one object (one finding).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

class Speaker {
public:
  explicit Speaker(int fd) : fd_(fd) {}
  void send(const std::string &m) {
    if (fd_ < 0)
      throw std::runtime_error("speaker closed");
    ::write(fd_, m.data(), m.size());
  }
  void close() {
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class Arena {
public:
  void scoreHit() { tally_.send("hit"); }
  void cry() { herald_.send("the wall holds"); }
  void end() {
    tally_.close();
    herald_.close();
  }

private:
  Speaker tally_{3};
  Speaker herald_{4};
};

void afternoon(Arena &arena) {
  std::thread loader([&arena] {
    arena.scoreHit();
    arena.cry();
  });
  arena.end();
  // CHECK-DAG: [[@LINE-1]]:9: warning: 'arena.tally_' is closed while a thread that uses it may still be running
  // CHECK-DAG: [[@LINE-2]]:9: warning: 'arena.herald_' is closed while a thread that uses it may still be running
  // CHECK-NOT: warning:
  loader.join();
}
