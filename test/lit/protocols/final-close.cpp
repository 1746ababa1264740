// A state with two closed values: disconnect() leaves the client
// Disconnected, shutdown() leaves it Closed for good. reconnect() returns
// early when Closed, so it reopens after disconnect() but not after
// shutdown(); a reopen that returns early in every closed state is none.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <stdexcept>
#include <string>

class Client {
public:
  enum class State { Connected, Disconnected, Closed };
  void publish(const std::string &Topic) {
    if (state_ != State::Connected)
      throw std::runtime_error("client closed, cannot publish to " + Topic);
  }
  void disconnect() { state_ = State::Disconnected; }
  void shutdown() { state_ = State::Closed; }
  bool reconnect() {
    if (state_ == State::Closed)
      return false;
    state_ = State::Connected;
    return true;
  }

private:
  State state_ = State::Connected;
};

// LIST: reopen  reconnect(){{.*}}, except after 'shutdown()'

void afterDisconnect(Client &C) {
  C.disconnect();
  C.reconnect();
  C.publish("ok");
}
void afterShutdown(Client &C) {
  C.shutdown();
  C.reconnect();
  // CHECK: final-close.cpp:[[@LINE+1]]:5: warning: call to 'publish' on 'C' after it was closed [errlint-use-after-close]
  C.publish("lost");
}
void afterEither(Client &C, bool Final) {
  if (Final)
    C.shutdown();
  else
    C.disconnect();
  C.reconnect();
  // CHECK: final-close.cpp:[[@LINE+1]]:5: warning: call to 'publish' on 'C' that may have been closed [errlint-use-after-close]
  C.publish("maybe");
}

// The early return tests another member, one a close sets as it closes:
// retire() sets retired_, so reconnect() does nothing after it.
class Session {
public:
  void transmit(const std::string &F) {
    if (!open_)
      throw std::runtime_error("session is shut down");
  }
  void shutdown() { open_ = false; }
  void retire() {
    retired_ = true;
    open_ = false;
  }
  bool reconnect() {
    if (retired_)
      return false;
    open_ = true;
    return true;
  }

private:
  bool open_ = true;
  bool retired_ = false;
};

// LIST: reopen  reconnect(){{.*}}, except after 'retire()'

void afterRetire(Session &S) {
  S.retire();
  S.reconnect();
  // CHECK: final-close.cpp:[[@LINE+1]]:5: warning: call to 'transmit' on 'S' after it was closed [errlint-use-after-close]
  S.transmit("last");
}
void afterSessionShutdown(Session &S) {
  S.shutdown();
  if (S.reconnect())
    S.transmit("again");
}
