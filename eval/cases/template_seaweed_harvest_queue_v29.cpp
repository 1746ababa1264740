// Seaweed harvest co-op: boats land kelp bales at the slip while the tide allows, the
// drying shed takes bales off the landing channel, rack humidity readings and the
// harbourmaster's notes travel on channels of their own. The channel template refuses
// new items once closed (consumers may still drain what is queued) and treats a second
// close as a programming error.
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class HarvestChannel {
public:
  explicit HarvestChannel(std::string name) : name_(std::move(name)) {}
  void put(T item);
  std::optional<T> take();
  void close();
  bool closed() const { return closed_; }
  size_t queued() const { return items_.size(); }

private:
  std::string name_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T> void HarvestChannel<T>::put(T item) {
  if (closed_)
    throw std::logic_error("channel " + name_ + " is closed");
  items_.push_back(std::move(item));
}

template <typename T> std::optional<T> HarvestChannel<T>::take() {
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  return item;
}

template <typename T> void HarvestChannel<T>::close() {
  if (closed_)
    throw std::logic_error("channel " + name_ + " closed twice");
  closed_ = true;
}

struct KelpBale {
  std::string boat;
  std::string species;
  double wet_kg = 0.0;
};

struct RackReading {
  int rack = 0;
  double humidity_pct = 0.0;
};

struct Landing {
  std::string boat;
  std::vector<KelpBale> bales;
  int minutes_after_high_water = 0;
};

static void unload(const Landing &l, HarvestChannel<KelpBale> &slip) {
  for (const KelpBale &b : l.bales)
    slip.put(b); // SAME: late_boat
}

static void finish_notes(HarvestChannel<std::string> &notes, int boats) {
  notes.put("boats landed: " + std::to_string(boats));
  notes.close();
}

double dry_bales(HarvestChannel<KelpBale> &slip, HarvestChannel<RackReading> &racks) {
  double kg = 0.0;
  int rack = 0;
  while (auto bale = slip.take()) { // OK
    kg += bale->wet_kg;
    if (!racks.closed())
      racks.put(RackReading{rack++ % 12, 80.0}); // OK
  }
  return kg;
}

double run_tide(const std::vector<Landing> &landings, int slip_window_minutes) {
  HarvestChannel<KelpBale> slip("slip");
  HarvestChannel<RackReading> racks("racks");
  HarvestChannel<std::string> notes("harbourmaster");

  int boats = 0;
  size_t i = 0;
  for (; i < landings.size(); ++i) {
    if (landings[i].minutes_after_high_water > slip_window_minutes)
      break;
    unload(landings[i], slip);
    ++boats;
  }
  slip.close();
  finish_notes(notes, boats);

  for (; i < landings.size(); ++i)
    unload(landings[i], slip); // BUG: use-after-close #late_boat

  const double kg = dry_bales(slip, racks); // OK
  racks.close();
  while (auto r = racks.take()) // OK
    if (r->humidity_pct > 90.0)
      return -1.0;
  notes.close(); // BUG: double-close
  return kg;
}

int rack_report(const std::vector<RackReading> &readings) {
  HarvestChannel<RackReading> ch("report");
  for (const RackReading &r : readings)
    ch.put(r);
  ch.close();
  int wet = 0;
  while (auto r = ch.take()) // OK
    if (r->humidity_pct > 70.0)
      ++wet;
  return wet;
}
