// Museum audio guides: every handset session reports listening events to a
// Kafka topic.  The PlaybackTracker and the VisitorAnalytics aggregator share
// one kafka::KafkaProducer through shared_ptr copies, and each handset keeps
// a weak_ptr to it for its battery callback.  Closing the gallery calls
// VisitorAnalytics::shutdown(), which closes the shared producer although the
// tracker and the handsets still use it; send() after close() fails.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace guide {

class PlaybackTracker {
public:
  explicit PlaybackTracker(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void onTrackFinished(const std::string &handset, int stop) {
    ++plays_[stop];
    producer_->send({"guide.plays", handset + ":" + std::to_string(stop)}); // SAME: late_track
  }

  int playsAt(int stop) const {
    auto it = plays_.find(stop);
    return it == plays_.end() ? 0 : it->second;
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::map<int, int> plays_;
};

class VisitorAnalytics {
public:
  explicit VisitorAnalytics(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void recordDwell(const std::string &room, int seconds) { dwell_[room] += seconds; }

  // Publishes the per-room dwell totals and closes the producer.
  void shutdown() {
    for (const auto &kv : dwell_)
      producer_->send({"guide.dwell", kv.first + "=" + std::to_string(kv.second)});
    producer_->flush();
    producer_->close();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::map<std::string, int> dwell_;
};

// A handset only holds a weak reference to the producer.
class Handset {
public:
  Handset(std::string id, std::weak_ptr<kafka::KafkaProducer> producer)
      : id_(std::move(id)), producer_(std::move(producer)) {}

  void onBatteryLow(int percent) {
    if (auto p = producer_.lock())
      p->send({"guide.battery", id_ + ":" + std::to_string(percent)}); // SAME: battery_after
  }

  void onReturnedToDesk() {
    auto p = producer_.lock();
    if (!p || p->isClosed())
      return;
    p->send({"guide.returns", id_}); // OK: isClosed() checked on this thread just before
  }

private:
  std::string id_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

} // namespace guide

int main() {
  std::shared_ptr<kafka::KafkaProducer> producer =
      kafka::createProducer("kafka-museum:9092");
  guide::PlaybackTracker tracker(producer);
  guide::VisitorAnalytics analytics(producer);
  guide::Handset h1("HS-014", producer), h2("HS-027", producer);

  tracker.onTrackFinished("HS-014", 12); // OK: producer still open
  analytics.recordDwell("Egyptian Hall", 540);
  h1.onBatteryLow(18); // OK: producer still open

  analytics.shutdown();
  h2.onReturnedToDesk(); // OK: the handset checks isClosed() first
  tracker.onTrackFinished("HS-027", 31); // BUG: use-after-close #late_track
  h1.onBatteryLow(7); // BUG: use-after-close #battery_after

  {
    std::shared_ptr<kafka::KafkaProducer> kiosk =
        kafka::createProducer("kafka-kiosk:9092");
    guide::Handset desk("KIOSK-1", kiosk);
    desk.onBatteryLow(50);
    kiosk->close();
    kiosk.reset();
    desk.onBatteryLow(40); // OK: lock() fails once the only owner is gone
  }
  return 0;
}
