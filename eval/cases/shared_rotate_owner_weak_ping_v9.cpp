// Two shared-ownership shapes. Gateway hands a shared_ptr copy of its
// producer to its AuditTrail at construction; rotateCredentials() closes the
// producer and points the gateway at a fresh one, so the gateway's own send
// is fine, but the audit trail still holds the old, closed producer (bug).
// StatusPage's ping callbacks capture a weak_ptr to the channel and check
// isOpen() after lock(), so running them after disconnect() is fine.
#include "messaging.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class AuditTrail {
public:
  explicit AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void note(const std::string &what) {
    producer_->send({"audit", what}); // SAME: rotated
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class Gateway {
public:
  explicit Gateway(std::string brokers)
      : brokers_(std::move(brokers)),
        producer_(std::make_shared<kafka::KafkaProducer>(brokers_)),
        audit_(producer_) {}

  void forward(const std::string &payload) {
    producer_->send({"ingress", payload});
  }

  void rotateCredentials() {
    producer_->flush();
    producer_->close();
    producer_ = std::make_shared<kafka::KafkaProducer>(brokers_);
    producer_->send({"ingress", "credentials-rotated"}); // OK: fresh producer
    audit_.note("credentials rotated"); // BUG: use-after-close #rotated
  }

private:
  std::string brokers_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  AuditTrail audit_;
};

class StatusPage {
public:
  explicit StatusPage(std::shared_ptr<EventChannel> channel)
      : channel_(std::move(channel)) {}

  void schedulePing() {
    std::weak_ptr<EventChannel> weak = channel_;
    timers_.push_back([weak] {
      if (auto ch = weak.lock(); ch && ch->isOpen())
        ch->send("ping");
    });
  }
  void disconnect() { channel_->close(); }
  void tick() {
    for (auto &fire : timers_)
      fire();
    timers_.clear();
  }

private:
  std::shared_ptr<EventChannel> channel_;
  std::vector<std::function<void()>> timers_;
};

void onClientGone(StatusPage &page) {
  page.schedulePing();
  page.disconnect();
  page.tick(); // OK: the ping callback sees the channel closed and skips
}
