// The idioms protocol inference reads, in one file: a flag, an atomic, an
// enum state, a user exception class, an error return; and what it leaves
// alone. A message no record has is still reported, under the generic rule.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %tidy %s -- -std=c++17 | FileCheck %s --implicit-check-not=warning: --check-prefix=TIDY
#include <atomic>
#include <stdexcept>
#include <string>

// A message no record has: reported with the generic rule and the protocol.
class Mailbox {
public:
  void post(int v) {
    if (shut_)
      throw std::logic_error("mailbox shut");
    last_ = v;
  }
  void shut() { shut_ = true; }
  bool isShut() const { return shut_; }
private:
  bool shut_ = false;
  int last_ = 0;
};

void mailbox(Mailbox &m) {
  m.shut();
  m.post(1);
  // CHECK: idioms.cpp:[[@LINE-1]]:5: warning: call to 'post' on 'm' after it was closed [errlint-use-after-close]
  // CHECK: idioms.cpp:[[@LINE-3]]:5: note: 'm' is closed here
  // CHECK: idioms.cpp:15:7: note: 'Mailbox::post' throws "mailbox shut" when 'shut_' is set{{$}}
  // CHECK: idioms.cpp:18:17: note: errlint inferred the protocol of 'Mailbox': 'shut()' closes it ('shut_' is set), 'post()' fail once it is closed, 'isShut()' tells whether it is
  // TIDY: idioms.cpp:[[@LINE-5]]:5: warning: call to 'post' on 'm' after it was closed [errlint-use-after-close]
}

// Negative: the query guards the call.
void mailboxGuarded(Mailbox &m) {
  m.shut();
  if (!m.isShut())
    m.post(2);
}

// An atomic flag set with exchange(), an exception class of the user's whose
// constructor builds a record's message.
class StreamClosed : public std::runtime_error {
public:
  explicit StreamClosed(const std::string &what)
      : std::runtime_error("stream has been closed, cannot send " + what) {}
};

class Outlet {
public:
  void emit(const std::string &m) {
    if (done_.load())
      throw StreamClosed(m);
  }
  void stop() {
    if (done_.exchange(true))
      return;
  }
private:
  std::atomic<bool> done_{false};
};

void outlet(Outlet &o) {
  o.stop();
  o.emit("x");
  // CHECK: idioms.cpp:[[@LINE-1]]:5: warning: call to 'emit' on 'o' after it was closed [errlint-send-after-close]
  // CHECK: note: 'Outlet::emit' throws "stream has been closed, cannot send ..." when 'done_' is set: the failure of record 2b4805afaf74e9d2
  // TIDY: idioms.cpp:[[@LINE-3]]:5: warning: call to 'emit' on 'o' after it was closed [errlint-send-after-close]
}

// An enum state; the use returns an error instead of throwing.
enum class LinkState { Up, Down };

class Link {
public:
  bool transmit(int v) {
    if (state_ != LinkState::Up)
      return false;
    sent_ += v;
    return true;
  }
  void down() { state_ = LinkState::Down; }
  void up() { state_ = LinkState::Up; }
  bool isUp() const { return state_ == LinkState::Up; }
private:
  LinkState state_ = LinkState::Up;
  int sent_ = 0;
};

void link(Link &l) {
  l.down();
  l.transmit(1);
  // CHECK: idioms.cpp:[[@LINE-1]]:5: warning: call to 'transmit' on 'l' after it was closed [errlint-use-after-close]
  // CHECK: note: 'Link::transmit' returns an error when 'state_' is not Up{{$}}
  // TIDY: idioms.cpp:[[@LINE-3]]:5: warning: call to 'transmit' on 'l' after it was closed [errlint-use-after-close]
}

// Negatives: brought up again; checked first.
void linkUp(Link &l) {
  l.down();
  l.up();
  l.transmit(2);
}
void linkChecked(Link &l) {
  l.down();
  if (l.isUp())
    l.transmit(3);
}

// Negative: a method that only returns when closed is safe to call, and a
// flag no method fails on is not a protocol.
class Logger {
public:
  void log(int v) {
    if (muted_)
      return;
    n_ += v;
  }
  void mute() { muted_ = true; }
private:
  bool muted_ = false;
  int n_ = 0;
};

void logger(Logger &g) {
  g.mute();
  g.log(1);
}

// Negative: a class whose flag is only set by its constructor has no close.
class Config {
public:
  explicit Config(bool frozen) : frozen_(frozen) {}
  void set(int v) {
    if (frozen_)
      throw std::logic_error("frozen config");
    v_ = v;
  }
private:
  bool frozen_;
  int v_ = 0;
};

void config(Config &c) { c.set(1); }

// A private helper checks the state through the public query, and another
// helper throws: the public methods that call the check on every path are
// uses, the public method that calls the private close is a close.
[[noreturn]] void throwClosed(const std::string &what) {
  throw std::runtime_error("Producer closed while send in progress: " + what);
}

class Relay {
public:
  void forward(const std::string &m) {
    ensureOpen(m);
    last_ = m;
  }
  void shutdown() { markClosed(); }
  bool isClosed() const { return closed_; }
private:
  void ensureOpen(const std::string &m) {
    if (isClosed())
      throwClosed(m);
  }
  void markClosed() { closed_ = true; }
  bool closed_ = false;
  std::string last_;
};

void relay(Relay &r) {
  r.shutdown();
  r.forward("x");
  // CHECK: idioms.cpp:[[@LINE-1]]:5: warning: call to 'forward' on 'r' after it was closed [errlint-send-after-close]
  // CHECK: idioms.cpp:151:3: note: 'Relay::ensureOpen' throws "Producer closed while send in progress: ..." when 'closed_' is set: the failure of record c7bc457763aafddb
  // CHECK: note: errlint inferred the protocol of 'Relay': 'shutdown()' closes it ('closed_' is set), 'forward()' fail once it is closed, 'isClosed()' tells whether it is
  // TIDY: idioms.cpp:[[@LINE-4]]:5: warning: call to 'forward' on 'r' after it was closed [errlint-send-after-close]
}

// Negative: a flag that says "started", set by start(), with a message no
// record has, is another contract than closing.
class Job {
public:
  void start() { started_ = true; }
  void configure(int v) {
    if (started_)
      throw std::logic_error("cannot configure a running job");
    v_ = v;
  }
private:
  bool started_ = false;
  int v_ = 0;
};

void job(Job &j) {
  j.start();
  j.configure(1);
}
