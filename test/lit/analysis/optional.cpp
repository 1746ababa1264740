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
