// A callee that points a member smart pointer at a new object (Rebinds):
// after the call the member names the new object, while a copy the caller
// kept still names the old, closed one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <stdexcept>
#include <memory>
using kafka::KafkaProducer;
using kafka::ProducerRecord;

struct Holder {
  std::shared_ptr<KafkaProducer> producer_;
  KafkaProducer audit_;
  void replace() {
    audit_.flush();
    producer_ = std::make_shared<KafkaProducer>();
  }
  void keep() { audit_.flush(); }
};

void replaced(Holder &h, const ProducerRecord &r) {
  std::shared_ptr<KafkaProducer> old = h.producer_;
  old->close();
  h.replace();
  h.producer_->send(r);
  // CHECK: callee-rebinds.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'old' after it was closed
  old->send(r);
}

void notReplaced(Holder &h, const ProducerRecord &r) {
  std::shared_ptr<KafkaProducer> old = h.producer_;
  old->close();
  h.keep();
  // CHECK: callee-rebinds.cpp:[[@LINE+1]]:16: warning: call to 'send' on 'h.producer_' after it was closed
  h.producer_->send(r);
}

// A callee that closes what its member points to and then points the
// member at a new object: another owner the caller knows of still holds
// the old, closed one.
class Feed {
public:
  explicit Feed(std::shared_ptr<KafkaProducer> p) : p_(std::move(p)) {}
  void reconnect() {
    p_->close();
    p_ = std::make_shared<KafkaProducer>();
  }
  void push(const ProducerRecord &r) { p_->send(r); }

private:
  std::shared_ptr<KafkaProducer> p_;
};

void otherOwnerKeepsOld(const ProducerRecord &r) {
  auto shared = std::make_shared<KafkaProducer>();
  Feed feed(shared);
  feed.reconnect();
  feed.push(r);
  // CHECK: callee-rebinds.cpp:[[@LINE+1]]:11: warning: call to 'send' on 'shared' after it was closed
  shared->send(r);
}

// A member object closed and then replaced by a new one (`conn_.close();
// conn_ = Link(...);`): the caller applies the close first, so closing the
// member before the call makes the callee's close a second one.
class Link {
public:
  explicit Link(int Port) : Port(Port) {}
  void close() {
    if (Closed)
      throw std::logic_error("link closed twice");
    Closed = true;
  }
  void send(const char *) {
    if (Closed)
      throw std::logic_error("send on closed link");
  }

private:
  int Port;
  bool Closed = false;
};
class Dialer {
public:
  void drop() { link_.close(); }
  void redial() {
    link_.close();
    link_ = Link(7);
  }

private:
  Link link_{7};
};
void dropThenRedial(Dialer &D) {
  D.drop();
  // CHECK: callee-rebinds.cpp:[[@LINE+1]]:5: warning: 'redial' closes 'D.link_' a second time
  D.redial();
}
void redialTwice(Dialer &D) {
  D.redial();
  D.redial();
}
