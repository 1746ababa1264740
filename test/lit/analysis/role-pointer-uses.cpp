// A method of a class with a protocol of its own (Store: put() throws once
// close() cleared Open) is a role call for that object; what it uses
// through the pointer it holds (the shared journal) is its summary's to
// say, as for any call: a put() after the journal was closed through
// another owner uses the closed journal. One the store's own flag excludes
// (put() throws first once the store is closed) is the store's finding.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>

class Journal {
public:
  void append(const std::string &Rec) {
    if (Fd < 0)
      throw std::runtime_error("journal closed");
    Last = Rec;
  }
  void close() {
    if (Fd < 0)
      throw std::logic_error("journal closed twice");
    Fd = -1;
  }
  int Fd = 3;
  std::string Last;
};

class Store {
public:
  explicit Store(std::shared_ptr<Journal> J) : J(std::move(J)) {}
  void put(const std::string &Key) {
    if (!Open)
      throw std::runtime_error("store closed");
    J->append("put " + Key);
  }
  void close() { Open = false; }

private:
  std::shared_ptr<Journal> J;
  bool Open = true;
};

class Node {
public:
  Node() : J(std::make_shared<Journal>()), S(J) {}
  void upgrade() {
    J->close();
    // CHECK: role-pointer-uses.cpp:[[@LINE+1]]:7: warning: call to 'put' uses 'S.J' after it was closed [errlint-use-after-close]
    S.put("a");
  }
  void retire() {
    S.close();
    J->close();
    // put() throws "store closed" before it reaches the journal: the
    // finding is the store's, not the journal's.
    // CHECK: role-pointer-uses.cpp:[[@LINE+1]]:7: warning: call to 'put' on 'S' after it was closed [errlint-use-after-close]
    S.put("b");
  }

private:
  std::shared_ptr<Journal> J;
  Store S;
};
