// Aerobiology lab: the rooftop volumetric trap produces pollen slides and
// fungal spore counts that the lab feeds through a SampleQueue<T> of its own
// to the daily allergy bulletin. close() stops intake; push() after close
// throws, while pop() keeps draining what is left and returns nullopt once
// the queue is empty. The queue is used for pollen slides and spore counts.
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace aerobiology {

template <typename T> class SampleQueue {
public:
  explicit SampleQueue(std::string name) : name_(std::move(name)) {}

  void push(T sample) {
    if (closed_)
      throw std::logic_error(name_ + ": sample queue closed");
    items_.push_back(std::move(sample));
  }

  std::optional<T> pop() {
    if (items_.empty())
      return std::nullopt;
    T front = std::move(items_.front());
    items_.pop_front();
    return front;
  }

  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string name_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct PollenSlide {
  std::string taxon;
  int grainsPerM3;
};

struct SporeCount {
  std::string genus;
  int sporesPerM3;
};

void publish(const std::string &line);

void dailyBulletin(SampleQueue<PollenSlide> &slides) {
  slides.push({"Betula", 140});
  slides.push({"Poaceae", 35});
  slides.close();
  while (auto s = slides.pop()) // OK: pop drains after close
    publish(s->taxon + " " + std::to_string(s->grainsPerM3));
}

void lateSlide(SampleQueue<PollenSlide> &slides, const PollenSlide &slide) {
  if (slides.closed()) {
    publish("late slide held for tomorrow: " + slide.taxon);
    return;
  }
  slides.push(slide); // OK: guarded
}

void sporeShift(SampleQueue<SporeCount> &spores, bool humidNight) {
  spores.push({"Alternaria", 220}); // OK
  if (humidNight) {
    spores.close();
    publish("spore intake closed for recalibration");
  }
  spores.push({"Cladosporium", 1800}); // BUG: use-after-close
}

void endOfSeason(SampleQueue<PollenSlide> &slides, SampleQueue<SporeCount> &spores) {
  slides.close();
  spores.push({"Aspergillus", 40}); // OK: a different queue
  spores.close();
  slides.push({"Artemisia", 12}); // BUG: use-after-close
}

} // namespace aerobiology
