// A container's elements are one abstract object: after a range-for closes
// every element, any element is closed (`v[0]`, `v.front()`, `m.at(k)`,
// `m[k]`, a structured binding's member). A close of one element says
// nothing of the others, and erasing or clearing forgets the elements.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <string>
#include <vector>

class EventChannel {
public:
  void send(const std::string &M);
  void close();
};

// Positive.
void closeAllThenIndex(std::vector<EventChannel> &V) {
  for (EventChannel &C : V)
    C.close();
  // CHECK: containers.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'V[0]' that may have been closed
  V[0].send("a");
  // CHECK: containers.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'V.front()' that may have been closed
  V.front().send("a");
}
void closeAllThenKey(std::map<std::string, EventChannel> &M) {
  for (auto &[Tenant, C] : M)
    C.close();
  // CHECK: containers.cpp:[[@LINE+1]]:19: warning: call to 'send' on 'M.at("billing")' that may have been closed
  M.at("billing").send("a");
}
void closeAllPairs(std::map<std::string, EventChannel> &M) {
  for (auto &Entry : M)
    Entry.second.close();
  // CHECK: containers.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'M["search"]' that may have been closed
  M["search"].send("a");
}

// Negative.
void closeOne(std::vector<EventChannel> &V) {
  V[0].close();
  V[1].send("a");
}
void closeAllThenClear(std::vector<EventChannel> &V) {
  for (EventChannel &C : V)
    C.close();
  V.clear();
  V.emplace_back();
  V.back().send("a");
}
void sendBeforeClosing(std::vector<EventChannel> &V) {
  V[0].send("a");
  for (EventChannel &C : V)
    C.close();
}

// Each iteration visits another element: sending and then closing each is
// no use after close, through a reference, a pointer or a unique_ptr.
void sendThenCloseEach(std::vector<EventChannel> &V) {
  for (EventChannel &C : V) {
    C.send("bye");
    C.close();
  }
}
void sendThenCloseEachPointer(std::vector<EventChannel *> &V) {
  for (EventChannel *C : V) {
    C->send("bye");
    C->close();
  }
}
void sendThenCloseEachOwned(std::vector<std::unique_ptr<EventChannel>> &V) {
  for (auto &C : V) {
    C->send("bye");
    C->close();
  }
}
// Within one iteration the element is the same.
void closeThenSendEach(std::vector<EventChannel *> &V) {
  for (EventChannel *C : V) {
    C->close();
    // CHECK: containers.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'C' after it was closed
    C->send("late");
  }
}
// Every element closed, through pointers or unique_ptrs: any is closed.
void closeEachPointerThenFront(std::vector<EventChannel *> &V) {
  for (EventChannel *C : V)
    C->close();
  // CHECK: containers.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'V.front()' that may have been closed
  V.front()->send("a");
}
void closeEachOwnedThenFront(std::vector<std::unique_ptr<EventChannel>> &V) {
  for (auto &C : V)
    C->close();
  // CHECK: containers.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'V.front()' that may have been closed
  V.front()->send("a");
}
// A second loop visits the elements the first closed: begin(), end() and
// find() have const twins, so they only give access and change nothing.
void closeEachThenSendEach(std::vector<EventChannel> &V) {
  for (EventChannel &C : V)
    C.close();
  for (EventChannel &C : V)
    // CHECK: containers.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("late");
}
void closeEachThenSendEachPair(std::map<std::string, std::unique_ptr<EventChannel>> &M) {
  for (auto &Entry : M)
    Entry.second->close();
  for (auto &Entry : M)
    // CHECK: containers.cpp:[[@LINE+1]]:19: warning: call to 'send' on 'Entry.second' that may have been closed
    Entry.second->send("late");
}
// Negative: clearing in between forgets the elements; so does a method
// without a const twin.
void closeEachClearThenSendEach(std::vector<EventChannel> &V) {
  for (EventChannel &C : V)
    C.close();
  V.clear();
  for (EventChannel &C : V)
    C.send("new");
}
void closeEachRefillThenSendEach(std::vector<EventChannel> &V) {
  for (EventChannel &C : V)
    C.close();
  V.assign(4, EventChannel());
  for (EventChannel &C : V)
    C.send("new");
}

// The loop closes each element through a reference bound to it.
void closeThroughReference(std::map<std::string, std::unique_ptr<EventChannel>> &M,
                           const std::string &K) {
  for (auto &Entry : M) {
    EventChannel &C = *Entry.second;
    C.close();
  }
  // CHECK: containers.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'M.at(K)' that may have been closed
  M.at(K)->send("x");
}
// Negative: a reference to one fixed element, closed in each iteration,
// says nothing of the others.
void closeFixedElement(std::map<std::string, std::unique_ptr<EventChannel>> &M,
                       const std::string &K) {
  for (auto &Entry : M) {
    EventChannel &First = *M.begin()->second;
    First.close();
  }
  M.at(K)->send("x");
}
