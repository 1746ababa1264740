// Steelworks ladle tracking: publishes tap, pour and retirement events for the
// ladles of a melt shop to Kafka. The tracker shuts its producer down once the
// last ladle of a refractory campaign has been retired, and reports the end of
// the campaign with per-ladle heat counts.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

struct Heat {
  int number;
  int ladleId;
  double tonnes;
  double tapTempC;
};

class LadleTracker {
public:
  explicit LadleTracker(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)) {}

  void addLadle(int ladleId);
  void onTap(const Heat &heat);
  void onPour(const Heat &heat, const std::string &caster);
  void retireLadle(int ladleId, const std::string &reason);
  void endCampaign(const std::string &campaign);
  void shutdown();
  bool stopped() const { return stopped_; }

private:
  void publish(const std::string &topic, const std::string &value);

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::map<int, int> heatsPerLadle_;
  int totalHeats_ = 0;
  bool stopped_ = false;
};

void LadleTracker::publish(const std::string &topic, const std::string &value) {
  producer_->send(kafka::ProducerRecord{topic, value}); // SAME: campaign
}

void LadleTracker::addLadle(int ladleId) { heatsPerLadle_.emplace(ladleId, 0); }

void LadleTracker::onTap(const Heat &heat) {
  if (stopped_)
    return;
  auto it = heatsPerLadle_.find(heat.ladleId);
  if (it == heatsPerLadle_.end())
    return;
  ++it->second;
  ++totalHeats_;
  publish("meltshop.tap", std::to_string(heat.number) + ":" + // OK
                              std::to_string(heat.ladleId) + ":" +
                              std::to_string(heat.tapTempC));
}

void LadleTracker::onPour(const Heat &heat, const std::string &caster) {
  if (stopped_)
    return;
  publish("meltshop.pour", std::to_string(heat.number) + "@" + caster); // OK
  if (producer_->pendingCount() > 500)
    producer_->flush(); // OK
}

void LadleTracker::retireLadle(int ladleId, const std::string &reason) {
  auto it = heatsPerLadle_.find(ladleId);
  if (it == heatsPerLadle_.end() || stopped_)
    return;
  publish("meltshop.ladle.retired", std::to_string(ladleId) + ":" + reason + ":" + // OK
                                        std::to_string(it->second));
  heatsPerLadle_.erase(it);
  if (heatsPerLadle_.empty())
    shutdown();
}

void LadleTracker::shutdown() {
  if (stopped_)
    return;
  producer_->flush();
  producer_->close();
  stopped_ = true;
}

void LadleTracker::endCampaign(const std::string &campaign) {
  std::vector<int> ids;
  for (const auto &entry : heatsPerLadle_)
    ids.push_back(entry.first);
  for (int id : ids)
    retireLadle(id, "campaign " + campaign + " ended");
  publish("meltshop.campaign", campaign + ":" + std::to_string(totalHeats_)); // BUG: use-after-close #campaign
}

void run_shift(LadleTracker &tracker, const std::vector<Heat> &heats,
               const std::string &caster) {
  for (const Heat &h : heats) {
    tracker.onTap(h);
    tracker.onPour(h, caster);
  }
  tracker.shutdown(); // OK
}
