// A query that combines the closed flag with another condition (`return
// !closed_ && session_.up();`) is true only while the object is open: uses
// that throw on its false result (`if (!isOpen()) throw`) throw once the
// flag is set, so the class's protocol is inferred from them, and a use
// guarded by `if (m.isOpen())` is on an open object.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %errlint %s --list-protocols -- -std=c++17 | FileCheck %s --check-prefix=PROTO
// PROTO: Mirror: closed when 'closed_' is set
// PROTO: use     forward()
// PROTO: query   isOpen(){{.*}}returns true only while the object is open
#include <stdexcept>
#include <string>

struct Session {
  bool up() const;
  void send(const std::string &);
};

class Mirror {
public:
  bool isOpen() { return !closed_ && session_.up(); }
  void forward(const std::string &event) {
    if (!isOpen())
      throw std::runtime_error("mirror closed");
    session_.send(event);
  }
  void handOff() {
    if (!isOpen())
      return;
    session_.send("handoff");
    closed_ = true;
  }

private:
  Session session_;
  bool closed_ = false;
};

void switchOver(Mirror &m, bool keep) {
  if (!keep)
    m.handOff();
  m.forward("switch");
  // CHECK: [[@LINE-1]]:5: warning: call to 'forward' on 'm' that may have been closed
}

void guarded(Mirror &m, bool keep) {
  if (!keep)
    m.handOff();
  if (m.isOpen())
    m.forward("switch");
}
