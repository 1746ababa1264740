// `auto it = m.find(k);` never changed after names the element at k: a
// close through `it->second` and a use through `m.at(k)`, `m[k]` or another
// find(k) are on one object, directly or through a method of the class that
// holds the map. Another key, or an iterator stepped or reassigned, names
// another element.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <map>
#include <memory>
#include <string>
using namespace kafka;

using Producers = std::map<std::string, std::unique_ptr<KafkaProducer>>;

// Positive.
void foundThenAt(Producers &m, const std::string &id, ProducerRecord r) {
  auto it = m.find(id);
  if (it != m.end())
    it->second->close();
  // CHECK: found-elements.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'm.at(id)' that may have been closed
  m.at(id)->send(r);
}
void foundTwice(Producers &m, const std::string &id, ProducerRecord r) {
  auto closing = m.find(id);
  closing->second->close();
  auto sending = m.find(id);
  // CHECK: found-elements.cpp:[[@LINE+1]]:20: warning: call to 'send' on 'sending->second' after it was closed
  sending->second->send(r);
}

class Registry {
public:
  void closeOne(const std::string &id) {
    auto it = producers_.find(id);
    if (it != producers_.end())
      it->second->close();
  }
  bool sendTo(const std::string &id, ProducerRecord r) {
    auto it = producers_.find(id);
    if (it == producers_.end())
      return false;
    it->second->send(r);
    return true;
  }
  void remove(const std::string &id) { producers_.erase(id); }

private:
  Producers producers_;
};

void kick(Registry &reg, const std::string &id, ProducerRecord r) {
  reg.closeOne(id);
  // CHECK: found-elements.cpp:[[@LINE+1]]:7: warning: call to 'sendTo' uses 'reg.producers_[id].second' that may have been closed
  reg.sendTo(id, r);
}

// Negative.
void otherKey(Producers &m, const std::string &id, const std::string &other,
              ProducerRecord r) {
  auto it = m.find(id);
  it->second->close();
  m.at(other)->send(r);
}
void stepped(Producers &m, const std::string &id, ProducerRecord r) {
  auto it = m.find(id);
  it->second->close();
  ++it;
  it->second->send(r);
}
void reassigned(Producers &m, const std::string &id, const std::string &other,
                ProducerRecord r) {
  auto it = m.find(id);
  it->second->close();
  it = m.find(other);
  it->second->send(r);
}
void kickOther(Registry &reg, const std::string &id, const std::string &other,
               ProducerRecord r) {
  reg.closeOne(id);
  reg.sendTo(other, r);
}
void evict(Registry &reg, const std::string &id, ProducerRecord r) {
  reg.closeOne(id);
  reg.remove(id);
  reg.sendTo(id, r);
}
