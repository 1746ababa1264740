// A range-for over a container visits every element, the one closed at a
// key before the loop too: a use (or a second close) of the loop's element
// meets that close, unless the element was erased, the body skips closed
// elements, or the body tells elements apart by key or identity.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class RoomMember {
public:
  void send(const std::string &text) {
    if (closed_)
      throw std::runtime_error("session is closed");
    out_.push_back(text);
  }
  void close() {
    if (closed_)
      throw std::runtime_error("session already closed");
    closed_ = true;
  }
  bool isClosed() const { return closed_; }

private:
  std::vector<std::string> out_;
  bool closed_ = false;
};

using Members = std::map<std::string, std::unique_ptr<RoomMember>>;

void kick(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  for (auto &member : members)
    // CHECK: loop-visits-keyed.cpp:[[@LINE+1]]:20: warning: call to 'send' on 'member.second' that may have been closed
    member.second->send(id + " was kicked");
}

void kickStructured(Members &members, const std::string &id) {
  members.at(id)->close();
  for (auto &[name, session] : members)
    // CHECK: loop-visits-keyed.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'session' that may have been closed
    session->send("bye");
}

void closeOneThenAll(Members &members, const std::string &id) {
  members.at(id)->close();
  for (auto &member : members)
    // CHECK: loop-visits-keyed.cpp:[[@LINE+1]]:20: warning: 'close' closes 'member.second' that may already have been closed
    member.second->close();
}

void kickAndErase(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  members.erase(it);
  for (auto &member : members)
    member.second->send(id + " was kicked");
}

void kickSkipClosed(Members &members, const std::string &id) {
  members.at(id)->close();
  for (auto &member : members) {
    if (member.second->isClosed())
      continue;
    member.second->send(id + " was kicked");
  }
}

void kickOthers(Members &members, const std::string &id) {
  members.at(id)->close();
  for (auto &member : members) {
    if (member.first == id)
      continue;
    member.second->send(id + " was kicked");
  }
}

void otherContainer(Members &members, Members &guests, const std::string &id) {
  members.at(id)->close();
  for (auto &guest : guests)
    guest.second->send("hello");
}
