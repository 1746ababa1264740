// Several owners of one object: smart pointer copies and conversions
// (weak_ptr from shared_ptr, lock()), members bound by a constructor or an
// aggregate initializer, the aliases between members every constructor sets
// up, an owner rebound while another keeps the object, and swapped pointers.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <utility>
using namespace kafka;

// lock() of a weak_ptr made from the owner: the closed object.
void lockAfterClose(std::shared_ptr<KafkaProducer> owner, ProducerRecord r) {
  std::weak_ptr<KafkaProducer> observer = owner;
  owner->close();
  if (auto locked = observer.lock())
    // CHECK: shared-owners.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'locked' after it was closed
    locked->send(r);
}

// A weak_ptr of another, never closed, object.
void lockOther(std::shared_ptr<KafkaProducer> owner,
               std::shared_ptr<KafkaProducer> other, ProducerRecord r) {
  std::weak_ptr<KafkaProducer> observer = other;
  owner->close();
  if (auto locked = observer.lock())
    locked->send(r);
}

// A class keeping a weak_ptr (or a shared_ptr) given to its constructor.
class Heartbeat {
public:
  explicit Heartbeat(std::weak_ptr<KafkaProducer> p) : p_(std::move(p)) {}
  void tick(ProducerRecord r) {
    if (auto p = p_.lock())
      p->send(r);
  }

private:
  std::weak_ptr<KafkaProducer> p_;
};

void tickAfterClose(ProducerRecord r) {
  auto producer = std::make_shared<KafkaProducer>();
  Heartbeat beat(producer);
  beat.tick(r);
  producer->close();
  // CHECK: shared-owners.cpp:[[@LINE+1]]:8: warning: call to 'tick' uses 'beat.p_' after it was closed
  beat.tick(r);
}

// A rebound owner: the other owner still holds the closed object, the
// rebound one a new object.
void reboundOwner(ProducerRecord r) {
  auto primary = std::make_shared<KafkaProducer>();
  auto reporter = primary;
  primary->close();
  primary = std::make_shared<KafkaProducer>();
  primary->send(r);
  // CHECK: shared-owners.cpp:[[@LINE+1]]:13: warning: call to 'flush' on 'reporter' after it was closed
  reporter->flush();
}

// One owner reset: the other keeps the object alive, closed.
void resetOneOwner(ProducerRecord r) {
  auto primary = std::make_shared<KafkaProducer>();
  std::shared_ptr<KafkaProducer> reporter = primary;
  primary->close();
  primary.reset();
  // CHECK: shared-owners.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'reporter' after it was closed
  reporter->send(r);
}

// The only owner reset: the weak_ptr's lock() gives null, nothing is sent.
void resetOnlyOwner(ProducerRecord r) {
  auto producer = std::make_shared<KafkaProducer>();
  Heartbeat beat(producer);
  producer->close();
  producer.reset();
  beat.tick(r);
}

// Members aliased by every constructor: closing through one member is
// closing what the other (and the member's member) holds.
class Publisher {
public:
  explicit Publisher(std::shared_ptr<KafkaProducer> p) : p_(std::move(p)) {}
  void publish(ProducerRecord r) { p_->send(r); }

private:
  std::shared_ptr<KafkaProducer> p_;
};

class Service {
public:
  Service()
      : producer_(std::make_shared<KafkaProducer>()), backup_(producer_),
        publisher_(producer_) {}

  void shutdown(ProducerRecord r) {
    publisher_.publish(r);
    producer_->close();
    // CHECK: shared-owners.cpp:[[@LINE+1]]:16: warning: call to 'publish' uses 'publisher_.p_' after it was closed
    publisher_.publish(r);
    // CHECK: shared-owners.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'backup_' after it was closed
    backup_->send(r);
  }

private:
  std::shared_ptr<KafkaProducer> producer_;
  std::shared_ptr<KafkaProducer> backup_;
  Publisher publisher_;
};

// Another method may rebind the member: the constructor's alias is not
// known to hold when a method starts.
class Rebinding {
public:
  Rebinding() : producer_(std::make_shared<KafkaProducer>()), backup_(producer_) {}
  void replace() { producer_ = std::make_shared<KafkaProducer>(); }
  void closeMain(ProducerRecord r) {
    producer_->close();
    backup_->send(r);
  }

private:
  std::shared_ptr<KafkaProducer> producer_;
  std::shared_ptr<KafkaProducer> backup_;
};

// A method that rebinds both members and ties them again, as the
// constructor did, keeps the alias for the other methods; the member it
// leaves on the old object (audit_) does not.
class Relay {
public:
  explicit Relay(std::shared_ptr<KafkaProducer> p)
      : producer_(std::move(p)), publisher_(std::make_unique<Publisher>(producer_)),
        audit_(std::make_unique<Publisher>(producer_)) {}
  void switchTo(std::shared_ptr<KafkaProducer> next) {
    producer_->close();
    producer_ = std::move(next);
    publisher_ = std::make_unique<Publisher>(producer_);
  }
  void stop(ProducerRecord r) {
    producer_->close();
    // CHECK: shared-owners.cpp:[[@LINE+1]]:17: warning: call to 'publish' uses 'publisher_.p_' after it was closed
    publisher_->publish(r);
    audit_->publish(r);
  }

private:
  std::shared_ptr<KafkaProducer> producer_;
  std::unique_ptr<Publisher> publisher_;
  std::unique_ptr<Publisher> audit_;
};

// Two members bound to one constructor parameter own one object.
class TwinOwners {
public:
  explicit TwinOwners(const std::shared_ptr<KafkaProducer> &p)
      : events_(p), metrics_(p) {}
  void stop(ProducerRecord r) {
    events_->close();
    // CHECK: shared-owners.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'metrics_' after it was closed
    metrics_->send(r);
  }

private:
  std::shared_ptr<KafkaProducer> events_;
  std::shared_ptr<KafkaProducer> metrics_;
};

// Bound to two parameters: two objects as far as the class can tell.
class TwoSinks {
public:
  TwoSinks(std::shared_ptr<KafkaProducer> a, std::shared_ptr<KafkaProducer> b)
      : events_(std::move(a)), metrics_(std::move(b)) {}
  void stop(ProducerRecord r) {
    events_->close();
    metrics_->send(r);
  }

private:
  std::shared_ptr<KafkaProducer> events_;
  std::shared_ptr<KafkaProducer> metrics_;
};

// A rebinder that ties the members again on one path only.
class MaybeRetied {
public:
  MaybeRetied()
      : producer_(std::make_shared<KafkaProducer>()),
        publisher_(std::make_unique<Publisher>(producer_)) {}
  void switchTo(std::shared_ptr<KafkaProducer> next, bool keepPublisher) {
    producer_ = std::move(next);
    if (!keepPublisher)
      publisher_ = std::make_unique<Publisher>(producer_);
  }
  void stop(ProducerRecord r) {
    producer_->close();
    publisher_->publish(r);
  }

private:
  std::shared_ptr<KafkaProducer> producer_;
  std::unique_ptr<Publisher> publisher_;
};

// Two constructors that disagree set up no alias.
class TwoWays {
public:
  TwoWays() : main_(std::make_shared<KafkaProducer>()), spare_(main_) {}
  explicit TwoWays(std::shared_ptr<KafkaProducer> spare)
      : main_(std::make_shared<KafkaProducer>()), spare_(std::move(spare)) {}
  void stop(ProducerRecord r) {
    main_->close();
    spare_->flush();
  }

private:
  std::shared_ptr<KafkaProducer> main_, spare_;
};

// Swapped pointers: each reaches the other's object.
class Standby {
public:
  void failover(ProducerRecord r) {
    active_->close();
    std::swap(active_, standby_);
    active_->send(r);
    // CHECK: shared-owners.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'standby_' after it was closed
    standby_->send(r);
  }
  void memberSwap(ProducerRecord r) {
    active_->close();
    active_.swap(standby_);
    active_->send(r);
    // CHECK: shared-owners.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'standby_' after it was closed
    standby_->send(r);
  }

private:
  std::unique_ptr<KafkaProducer> active_;
  std::unique_ptr<KafkaProducer> standby_;
};

// A guard bound by aggregate initialization closes at the end of its block.
struct CloseOnExit {
  KafkaProducer &p;
  ~CloseOnExit() { p.close(); }
};

void guardInBlock(KafkaProducer &p, bool bye, ProducerRecord r) {
  if (bye) {
    CloseOnExit closer{p};
    p.send(r);
  }
  // CHECK: shared-owners.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' that may have been closed
  p.send(r);
}

void guardThenReturn(KafkaProducer &p, bool bye, ProducerRecord r) {
  if (bye) {
    CloseOnExit closer{p};
    p.send(r);
    return;
  }
  p.send(r);
}
