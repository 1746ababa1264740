// `state() != State::Active` of a session that is also Handshake before it
// is Closed says it is not active, not that it is closed: a reply sent there
// is no use after close. Where the state can only be the closed one (`!=
// Open` of a two-state link), or the test names it (`== Closed`), it is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class TsqSession {
public:
  enum class State { Handshake, Active, Closed };
  void send(const std::string &M) {
    if (St == State::Closed)
      throw std::logic_error("session closed");
    Last = M;
  }
  void close() { St = State::Closed; }
  State state() const { return St; }

private:
  State St = State::Handshake;
  std::string Last;
};

class TsqLink {
public:
  enum class State { Open, Closed };
  void send(const std::string &M) {
    if (St == State::Closed)
      throw std::logic_error("link closed");
    Last = M;
  }
  void close() { St = State::Closed; }
  State state() const { return St; }

private:
  State St = State::Open;
  std::string Last;
};

void tsqNotActive(TsqSession &S) {
  if (S.state() != TsqSession::State::Active) {
    S.send("401 say HELLO first");
    return;
  }
  S.send("200 tile");
}

void tsqNamedClosed(TsqSession &S) {
  if (S.state() == TsqSession::State::Closed)
    // CHECK: three-state-query.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'S' after it was closed
    S.send("too late");
}

void tsqTwoStates(TsqLink &L) {
  if (L.state() != TsqLink::State::Open)
    // CHECK: three-state-query.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'L' after it was closed
    L.send("too late");
}
