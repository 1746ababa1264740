// std::optional's reset(), emplace() and swap() replace the object it holds.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <optional>
#include <string>

class UpstreamChannel {
public:
  explicit UpstreamChannel(const std::string &Endpoint);
  void send(const std::string &M);
  void close();
};

bool budgetLeft();

// Negative: a new connection after each replacement.
void reconnect(std::optional<UpstreamChannel> &Up) {
  Up->close();
  Up.reset();
  Up.emplace("db:5432");
  Up->send("HELLO");
}
void reconnectInPlace(std::optional<UpstreamChannel> &Up) {
  Up->close();
  Up.emplace("db:5432");
  Up->send("HELLO");
}

// Positive: replaced on one path only.
void reconnectMaybe(std::optional<UpstreamChannel> &Up) {
  Up->close();
  if (budgetLeft())
    Up.emplace("db:5432");
  // CHECK: optional.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'Up' that may have been closed
  Up->send("HELLO");
}

// A helper that checks its member open, and replaces it where it is not,
// uses an object whose state it settled on every path: its callers' closes
// do not reach that use.
class RelayChannel {
public:
  void send(const std::string &M);
  void close();
  bool isOpen() const;
};
class Relay {
public:
  void post(const std::string &M) {
    if (!Current || !Current->isOpen())
      Current.emplace();
    Current->send(M);
  }
  void postBlind(const std::string &M) { Current->send(M); }
  std::optional<RelayChannel> Current;
};
void relayAfterClose(Relay &R) {
  R.Current->close();
  R.post("fresh or open");
  R.Current->close();
  // CHECK: optional.cpp:[[@LINE+1]]:5: warning: call to 'postBlind' uses 'R.Current' after it was closed
  R.postBlind("closed");
}
