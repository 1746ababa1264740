// Bentonite slurry telemetry on a piling pontoon. Samplers on the desander
// and the mixing plant push density / viscosity readings into a sink stored
// as a std::function member; the shift code wires that sink to the shift's
// Kafka producer (captured by reference) so readings reach the site office.
// The producer is flushed and closed when the shift hands over; the final
// "end of shift" reading is fed after that. The reserve tank stops reporting
// as soon as its slurry is contaminated; its sink checks isClosed() itself.
// The swing shift hands over through a helper that detaches the sink and
// closes the producer with a timeout.
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

struct SlurryReading {
  std::string station;
  double density;   // g/cm3
  double marshSecs; // Marsh funnel viscosity
  double sandPct;
};

class SlurrySampler {
public:
  using Sink = std::function<void(const SlurryReading &)>;

  void setSink(Sink sink) { sink_ = std::move(sink); }

  void feed(const SlurryReading &r) {
    history_.push_back(r);
    if (r.sandPct > 4.0)
      ++outOfSpec_;
    if (sink_)
      sink_(r);
  }

  int outOfSpec() const { return outOfSpec_; }

private:
  Sink sink_;
  std::vector<SlurryReading> history_;
  int outOfSpec_ = 0;
};

static std::string encode(const SlurryReading &r) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s;%.3f;%.1f;%.2f", r.station.c_str(), r.density,
                r.marshSecs, r.sandPct);
  return buf;
}

static void wireToOffice(SlurrySampler &sampler, kafka::KafkaProducer &producer,
                         const std::string &topic) {
  sampler.setSink([&producer, topic](const SlurryReading &r) {
    producer.send({topic, encode(r)}); // SAME: lateslurry
  });
}

void nightShift(const std::vector<SlurryReading> &readings, const SlurryReading &handover) {
  kafka::KafkaProducer producer("site-office:9092");
  SlurrySampler desander;
  wireToOffice(desander, producer, "pile.slurry.desander");
  for (const SlurryReading &r : readings)
    desander.feed(r);
  producer.flush();
  producer.close();
  desander.feed(handover); // BUG: use-after-close #lateslurry
}

void dayShift(const std::vector<SlurryReading> &readings, const SlurryReading &handover) {
  kafka::KafkaProducer producer("site-office:9092");
  SlurrySampler mixer;
  wireToOffice(mixer, producer, "pile.slurry.mixer");
  for (const SlurryReading &r : readings)
    mixer.feed(r);
  mixer.setSink(nullptr);
  producer.close();
  mixer.feed(handover); // OK: sink detached before the producer closed
  std::printf("mixer: %d out of spec, %d unsent\n", mixer.outOfSpec(),
              producer.pendingCount()); // OK: a count, not a send
}

void reserveShift(const std::vector<SlurryReading> &readings) {
  kafka::KafkaProducer producer("site-office:9092");
  SlurrySampler reserveTank;
  reserveTank.setSink([&producer](const SlurryReading &r) {
    if (producer.isClosed())
      return;
    producer.send({"pile.slurry.reserve", encode(r)}); // OK: checks isClosed() first
  });
  for (const SlurryReading &r : readings) {
    if (r.density > 1.12) {
      producer.close();
      break;
    }
    reserveTank.feed(r);
  }
  reserveTank.feed({"reserve", 0.0, 0.0, 0.0});
}

static void handOver(kafka::KafkaProducer &producer, SlurrySampler &sampler) {
  sampler.setSink(nullptr);
  producer.close(std::chrono::milliseconds(500));
}

void swingShift(const std::vector<SlurryReading> &readings) {
  kafka::KafkaProducer producer("site-office:9092");
  SlurrySampler recycler;
  wireToOffice(recycler, producer, "pile.slurry.recycler");
  for (const SlurryReading &r : readings)
    recycler.feed(r);
  handOver(producer, recycler);
  producer.flush(); // BUG: use-after-close
}
