// A protocol errlint infers must say "closed" somewhere: in its close's name
// (logout() too), its flag, or the failure it throws ("client logged out",
// "uplink disconnected"). A flag whose name and message say something else
// (paused) is another contract.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class Client {
public:
  std::string call(const std::string &req) {
    if (loggedOut_)
      throw std::runtime_error("client logged out");
    return req;
  }
  void logout() { loggedOut_ = true; }

private:
  bool loggedOut_ = false;
};

class Uplink {
public:
  void write(const std::string &row) {
    if (flag_)
      throw std::runtime_error("uplink disconnected");
    last_ = row;
  }
  void drop() { flag_ = true; }

private:
  std::string last_;
  bool flag_ = false;
};

class Player {
public:
  void play(const std::string &track) {
    if (paused_)
      throw std::runtime_error("player paused");
    last_ = track;
  }
  void pause() { paused_ = true; }

private:
  std::string last_;
  bool paused_ = false;
};

void loggedOut(Client &c) {
  c.logout();
  // CHECK: close-words.cpp:[[@LINE+1]]:5: warning: call to 'call' on 'c' after it was closed
  c.call("GET /");
}

void dropped(Uplink &u) {
  u.drop();
  // CHECK: close-words.cpp:[[@LINE+1]]:5: warning: call to 'write' on 'u' after it was closed
  u.write("row");
}

void paused(Player &p) {
  p.pause();
  p.play("next");
}
