// CDN cache invalidation service. PurgePublisher wraps a
// kafka::KafkaProducer (send() after close() fails with "Producer closed
// while send in progress"); its stop() flushes and closes the producer.
// EdgeInvalidator is the facade the CMS calls: invalidateUrl() publishes
// directly, invalidateTag() checks running() and keeps a backlog once the
// publisher is stopped. After stop(), a URL purge coming from the CMS webhook
// still reaches the closed producer through the facade.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct PurgeRequest {
  std::string kind; // "url" or "tag"
  std::string key;
  std::string requestedBy;
};

static std::string encode(const PurgeRequest &r) {
  return "{\"kind\":\"" + r.kind + "\",\"key\":\"" + r.key + "\",\"by\":\"" + r.requestedBy + "\"}";
}

class PurgePublisher {
public:
  PurgePublisher(const std::string &brokers, std::string topic)
      : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)) {}

  void publish(const PurgeRequest &r) {
    producer_->send({topic_, encode(r)}); // SAME: purge_after_stop
    ++published_;
  }
  bool running() const { return !producer_->isClosed(); }
  void stop() {
    producer_->flush();
    producer_->close(std::chrono::milliseconds(5000));
  }
  long published() const { return published_; }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  long published_ = 0;
};

class EdgeInvalidator {
public:
  explicit EdgeInvalidator(const std::string &brokers) : publisher_(brokers, "cdn.purge.v2") {}

  void invalidateUrl(const std::string &url, const std::string &who) { publisher_.publish({"url", url, who}); }

  void invalidateTag(const std::string &tag, const std::string &who) {
    if (!publisher_.running()) {
      backlog_.push_back({"tag", tag, who});
      return;
    }
    publisher_.publish({"tag", tag, who}); // OK: running() checked just above
  }

  void stop() { publisher_.stop(); }

  // Hands the backlog to a fresh publisher during a blue/green switch.
  void replay(PurgePublisher &next) {
    for (const PurgeRequest &r : backlog_)
      next.publish(r); // OK: next is a different, open publisher
    backlog_.clear();
  }

private:
  PurgePublisher publisher_;
  std::vector<PurgeRequest> backlog_;
};

void handleDeploy(EdgeInvalidator &edge) {
  edge.invalidateTag("product-4411", "deploy-bot");
  edge.invalidateUrl("/static/app.8f2c1.js", "deploy-bot");
}

int main() {
  EdgeInvalidator edge("kafka-cdn-1:9092,kafka-cdn-2:9092");
  handleDeploy(edge);
  edge.stop();

  // Webhooks that arrive while the blue/green switch is in progress.
  edge.invalidateTag("homepage", "cms"); // OK: invalidateTag() backlogs once stopped
  PurgePublisher green("kafka-cdn-green:9092", "cdn.purge.v2");
  edge.replay(green);
  edge.invalidateUrl("/img/banner-spring.webp", "cms"); // BUG: use-after-close #purge_after_stop
  green.stop();
  std::printf("green published %ld\n", green.published());
  return 0;
}
