// A use whose guard returns a failing result built by a factory of the
// result class (`return Status::closed(...)`, `Status(Code::Closed, m)`)
// fails once the object is closed, as one returning false or -1 does: the
// class's protocol is inferred from it. The names of a class's factories
// tell success from failure only when it has both kinds; a class with one
// factory (`Frame::notice(t)`) says nothing. A caller that ignores the
// result of a call on a closed object is told; one that tests the result
// (or returns it) handles it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <string>

enum class Code { Ok, Closed, Invalid };

class Status {
public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status closed(std::string what) { return Status(Code::Closed, what); }
  static Status invalid(std::string what) { return Status(Code::Invalid, what); }
  bool isOk() const { return code_ == Code::Ok; }

private:
  Status(Code c, std::string m) : code_(c), message_(std::move(m)) {}
  Code code_ = Code::Ok;
  std::string message_;
};

struct Frame {
  static Frame notice(std::string t) { return Frame{std::move(t), 1}; }
  std::string text;
  int kind = 0;
};

class Line {
public:
  enum class State { Idle, Open, Closed };
  void hangUp() { state_ = State::Closed; }
  Status send(const std::string &m) {
    if (state_ == State::Closed)
      return Status::closed("send after hangUp: " + m);
    return Status::ok();
  }
  Status read(int &out) {
    if (state_ == State::Closed)
      return Status::closed("read after hangUp");
    out = 1;
    return Status::ok();
  }

private:
  State state_ = State::Idle;
};

// Only one factory: its name is no verdict, and the class has no protocol.
class Board {
public:
  void close() { closed_ = true; }
  Frame show(const std::string &t) {
    if (closed_)
      return Frame::notice("closed");
    return Frame::notice(t);
  }

private:
  bool closed_ = false;
};

void ignoresTheResult(Line &l) {
  l.hangUp();
  l.send("bye");
  // CHECK: error-result-factories.cpp:[[@LINE-1]]:5: warning: call to 'send' on 'l' after it was closed
}

void testsTheResult(Line &l) {
  l.hangUp();
  if (!l.send("bye").isOk())
    return;
}

void testsWhereItMayBeClosed(Line &l, bool done) {
  if (done)
    l.hangUp();
  Status st = l.send("maybe");
  if (!st.isOk())
    return;
}

Status handshake(Line &l) {
  Status st = l.send("hello");
  if (!st.isOk()) {
    l.hangUp();
    return st;
  }
  int reply = 0;
  st = l.read(reply);
  if (!st.isOk()) {
    l.hangUp();
    return st;
  }
  if (reply != 1) {
    l.hangUp();
    return Status::invalid("refused");
  }
  return Status::ok();
}

Status bringUp(Line &l) {
  Status st = handshake(l);
  if (!st.isOk())
    return st;
  return l.send("ready"); // handshake() hangs up only where it fails
}

void boardHasNoProtocol(Board &b) {
  b.close();
  b.show("late");
}
