// Closing an object fails the operations still pending on it: a completion
// handler that stores its error in a local (`[&](std::error_code e) {
// error = e; }`) has set it by the time the caller tests it, wherever the
// object was closed (asio's blocking client closing its socket on a
// timeout, then throwing the error). A handler that is no lambda but is
// built from the local (a function object holding `&error`, boost::lambda's
// `var(error) = _1`, `std::bind` with `std::ref(error)`) stores it too. A
// caller that goes on only when the error is clear has the object open; one
// that does not check may not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <string>
#include <system_error>

class LinkChannel {
public:
  void send(const std::string &m);
  void close();
  void asyncSend(const std::string &m,
                 std::function<void(std::error_code)> done);
};

/// Stores the error it completes with where it is told to.
struct Setter {
  std::error_code *Into;
  template <class E> void operator()(const E &e) const { *Into = e; }
};
void store(std::error_code &into, std::error_code e);

class Client {
public:
  void writeLine(const std::string &line) {
    std::error_code error;
    link_.asyncSend(line, [&](std::error_code e) { error = e; });
    runFor(10);
    if (error)
      throw std::system_error(error);
  }
  void writeUnchecked(const std::string &line) {
    std::error_code error;
    link_.asyncSend(line, [&](std::error_code e) { error = e; });
    runFor(10);
  }
  void writeWithSetter(const std::string &line) {
    std::error_code error;
    link_.asyncSend(line, Setter{&error});
    runFor(10);
    if (error)
      throw std::system_error(error);
  }
  void writeWithBind(const std::string &line) {
    std::error_code error;
    link_.asyncSend(line, std::bind(&store, std::ref(error),
                                    std::placeholders::_1));
    runFor(10);
    if (error)
      throw std::system_error(error);
  }
  void ping() { link_.send("ping"); }

private:
  bool timedOut(int seconds);
  // Closes the link to cancel the operation when it times out.
  void runFor(int seconds) {
    if (timedOut(seconds))
      link_.close();
  }
  LinkChannel link_;
};

void checkedWrites(Client &c) {
  c.writeLine("a");
  c.ping();
  c.writeWithSetter("b");
  c.ping();
  c.writeWithBind("c");
  c.ping();
}

void uncheckedWrites(Client &c) {
  c.writeUnchecked("a");
  // CHECK: pending-operations.cpp:[[@LINE+1]]:5: warning: call to 'ping' uses 'c.link_' that may have been closed [errlint-send-after-close]
  c.ping();
}
