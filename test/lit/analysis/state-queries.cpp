// State queries no profile names: a user class's own isOpen(), IsClosed(),
// connected(), `operator bool`, a state() enum, a query kept in a local, and
// a predicate helper of the user's. The classes are only declared: the
// names are what tells (the standard library's are left to the profiles).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <string>

namespace repl {
enum class LinkState { Connecting, Open, Draining, Closed };
class ReplicationChannel {
public:
  void send(const std::string &Frame);
  void close();
  bool IsClosed() const;
  bool connected() const;
  bool is_not_open() const;
  bool hasBacklog() const;
  LinkState state() const;
  explicit operator bool() const;
};
} // namespace repl
using repl::LinkState;
using repl::ReplicationChannel;

bool lost();

// Negative: each of these proves the channel open before the send.
void byName(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (C.IsClosed())
    return;
  C.send("a");
}
void byOpenName(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (!C.connected())
    return;
  C.send("a");
}
void byNegatedName(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (C.is_not_open())
    return;
  C.send("a");
}
void byConversion(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (!C)
    return;
  C.send("a");
}
void byEnum(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (C.state() == LinkState::Closed)
    return;
  C.send("a");
}
void bySwitch(ReplicationChannel &C) {
  if (lost())
    C.close();
  switch (C.state()) {
  case LinkState::Open:
    C.send("a");
    break;
  case LinkState::Connecting:
  case LinkState::Draining:
  case LinkState::Closed:
    break;
  }
}
void byStoredQuery(ReplicationChannel &C) {
  if (lost())
    C.close();
  const bool Open = C.connected();
  if (!Open)
    return;
  C.send("a");
}
bool usable(const ReplicationChannel &C) { return !C.IsClosed() && !C.hasBacklog(); }
void byPredicate(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (!usable(C))
    return;
  C.send("a");
}
// Positive: what says nothing of the channel's state, and a query taken
// before the close.
void unrelatedQuery(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (C.hasBacklog())
    return;
  // CHECK: state-queries.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'C' that may have been closed
  C.send("a");
}
bool backlogged(const ReplicationChannel &C) { return C.hasBacklog(); }
void unrelatedPredicate(ReplicationChannel &C) {
  if (lost())
    C.close();
  if (backlogged(C))
    return;
  // CHECK: state-queries.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'C' that may have been closed
  C.send("a");
}
void staleStoredQuery(ReplicationChannel &C) {
  const bool WasOpen = C.connected();
  if (lost())
    C.close();
  if (WasOpen)
    // CHECK: state-queries.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("a");
}
// A stored query refreshed by an assignment after the close tells again;
// one assigned something else does not.
void refreshedStoredQuery(ReplicationChannel &C) {
  bool Open = C.connected();
  if (lost())
    C.close();
  Open = Open && C.connected();
  if (Open)
    C.send("a");
}
void reassignedStoredQuery(ReplicationChannel &C) {
  bool Open = C.connected();
  if (lost())
    C.close();
  Open = !lost();
  if (Open)
    // CHECK: state-queries.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("a");
}
void otherCase(ReplicationChannel &C) {
  if (lost())
    C.close();
  switch (C.state()) {
  case LinkState::Draining:
    // CHECK: state-queries.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("a");
    break;
  default:
    break;
  }
}
// std::ofstream::good() does not say the stream is open.
void streamGood(std::ofstream &Out) {
  if (lost())
    Out.close();
  if (Out.good())
    // CHECK: state-queries.cpp:[[@LINE+1]]:9: warning: call to 'operator<<' on 'Out' that may have been closed
    Out << "x";
}
