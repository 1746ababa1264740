// Butterfly-transect publisher. Walkers record imago counts and skipper
// territories (a std::variant, encoded by a visitor) section by section; the
// records go to Kafka through a TransectOutput, whose only override,
// KafkaTransectOutput, flushes and closes its producer in finish(). At the end
// of the season each region's producer is flushed and closed with for_each.
// Mistakes: walk_transect() finishes the output inside walk_section() for the
// last section and then emits the weather record through the same output;
// end_season() closes every regional producer, the "national" one included,
// and then sends the national summary through the iterator from find().
#include "messaging.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

struct ImagoCount {
  std::string species;
  int adults;
};
struct SkipperTerritory {
  std::string species;
  double east, north;
};
struct SwallowtailWeather {
  int cloud_pct;
  double temp_c;
};
using TransectRecord = std::variant<ImagoCount, SkipperTerritory, SwallowtailWeather>;

struct TransectEncoder {
  kafka::ProducerRecord operator()(const ImagoCount &c) const {
    return {"transect.counts", c.species + ":" + std::to_string(c.adults)};
  }
  kafka::ProducerRecord operator()(const SkipperTerritory &t) const {
    return {"transect.territories", t.species + "@" + std::to_string(t.east) + "," + std::to_string(t.north)};
  }
  kafka::ProducerRecord operator()(const SwallowtailWeather &w) const {
    return {"transect.weather", std::to_string(w.cloud_pct) + "%/" + std::to_string(w.temp_c)};
  }
};

class TransectOutput {
public:
  virtual ~TransectOutput() = default;
  virtual void emit(const kafka::ProducerRecord &r) = 0;
  virtual void finish() = 0;
};

class KafkaTransectOutput final : public TransectOutput {
public:
  explicit KafkaTransectOutput(const std::string &brokers) : producer_(kafka::createProducer(brokers)) {}
  void emit(const kafka::ProducerRecord &r) override { producer_->send(r); } // SAME: weather
  void finish() override {
    producer_->flush();
    producer_->close();
  }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

void walk_section(TransectOutput &out, const std::vector<TransectRecord> &records, bool last_section) {
  for (const TransectRecord &r : records)
    out.emit(std::visit(TransectEncoder{}, r)); // OK: finish() comes after the loop
  if (last_section)
    out.finish();
}

void walk_transect(TransectOutput &out, const std::vector<std::vector<TransectRecord>> &sections,
                   const SwallowtailWeather &weather) {
  for (std::size_t i = 0; i < sections.size(); ++i)
    walk_section(out, sections[i], i + 1 == sections.size());
  out.emit(TransectEncoder{}(weather)); // BUG: use-after-close #weather
}

using RegionalProducers = std::map<std::string, std::unique_ptr<kafka::KafkaProducer>>;

void end_season(RegionalProducers &regional, const kafka::ProducerRecord &summary) {
  std::for_each(regional.begin(), regional.end(), [](RegionalProducers::value_type &kv) {
    kv.second->flush();
    kv.second->close();
  });
  auto it = regional.find("national");
  if (it != regional.end())
    it->second->send(summary); // BUG: use-after-close
}

void end_season_reconnecting(RegionalProducers &regional, const kafka::ProducerRecord &summary,
                             const std::string &brokers) {
  for (auto &kv : regional)
    if (!kv.second->isClosed())
      kv.second->close(); // OK: only producers still open
  auto it = regional.find("national");
  if (it == regional.end())
    return;
  it->second = kafka::createProducer(brokers);
  it->second->send(summary); // OK: a fresh producer replaced the closed one
  it->second->close();
}

void report_region(RegionalProducers &regional, const std::string &region, const kafka::ProducerRecord &r) {
  auto it = regional.find(region);
  if (it != regional.end() && !it->second->isClosed())
    it->second->send(r); // OK: guarded by isClosed()
}
