// A destructor run at the end of a scope leaves the flags of the objects it
// reaches as its code sets them: a guard whose destructor closes a
// connection sets the connection's closed_, so the connection's own
// destructor, which closes only `if (!closed_)`, does not close again, even
// after a send taught the analysis that closed_ was clear. A destructor
// that closes unconditionally still closes a second time.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>

class GuardedLink {
public:
  ~GuardedLink() {
    if (!closed_)
      close();
  }
  void send(int) {
    if (closed_)
      throw std::runtime_error("link closed");
  }
  void close() {
    if (closed_)
      throw std::logic_error("link closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

class BareLink {
public:
  // Reached from guardThenUncheckedDestructor() below.
  // CHECK: :[[@LINE+1]]:17: warning: 'close' closes 'link' a second time [errlint-double-close]
  ~BareLink() { close(); }
  void send(int) {
    if (closed_)
      throw std::runtime_error("link closed");
  }
  void close() {
    if (closed_)
      throw std::logic_error("link closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

template <typename Link> class LinkCloser {
public:
  explicit LinkCloser(Link &l) : link_(l) {}
  ~LinkCloser() {
    if (armed_)
      link_.close();
  }
  void dismiss() { armed_ = false; }

private:
  Link &link_;
  bool armed_ = true;
};

void guardThenCheckedDestructor() {
  GuardedLink link;
  LinkCloser<GuardedLink> guard(link);
  link.send(1);
}

void guardDismissed() {
  GuardedLink link;
  LinkCloser<GuardedLink> guard(link);
  link.send(1);
  guard.dismiss();
}

void useAfterGuardScope() {
  GuardedLink link;
  {
    LinkCloser<GuardedLink> guard(link);
    link.send(1);
  }
  link.send(2);
  // CHECK: :[[@LINE-1]]:8: warning: call to 'send' on 'link' after it was closed [errlint-use-after-close]
}

void guardThenUncheckedDestructor() {
  BareLink link;
  LinkCloser<BareLink> guard(link);
  link.send(1);
}
