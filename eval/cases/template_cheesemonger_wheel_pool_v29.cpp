// Cheesemonger's counter: wire-cutting stations and label scales are shared between the
// staff through a small pool template, and each day's cut weights and label texts are
// collected in sealed tallies for the stock system. A pool refuses loans once drained
// (draining again is harmless); a tally refuses entries once sealed and must be sealed
// exactly once.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Station> class CounterPool {
public:
  explicit CounterPool(std::vector<Station> stations) : stations_(std::move(stations)), busy_(stations_.size(), false) {}
  Station &borrow();
  void giveBack(const Station &s);
  void drain() {
    if (drained_)
      return;
    drained_ = true;
  }
  bool drained() const { return drained_; }

private:
  std::vector<Station> stations_;
  std::vector<bool> busy_;
  bool drained_ = false;
};

template <typename Station> Station &CounterPool<Station>::borrow() {
  if (drained_)
    throw std::runtime_error("counter pool drained for the day");
  for (size_t i = 0; i < stations_.size(); ++i) {
    if (!busy_[i]) {
      busy_[i] = true;
      return stations_[i];
    }
  }
  throw std::runtime_error("all stations busy");
}

template <typename Station> void CounterPool<Station>::giveBack(const Station &s) {
  for (size_t i = 0; i < stations_.size(); ++i)
    if (&stations_[i] == &s)
      busy_[i] = false;
}

template <typename T> class Tally {
public:
  void record(T v) {
    if (sealed_)
      throw std::logic_error("tally already sealed");
    values_.push_back(std::move(v));
  }
  const std::vector<T> &seal() {
    if (sealed_)
      throw std::logic_error("tally sealed twice");
    sealed_ = true;
    return values_;
  }
  bool sealed() const { return sealed_; }

private:
  std::vector<T> values_;
  bool sealed_ = false;
};

struct WireStation {
  int id = 0;
  int cuts = 0;
};

struct LabelScale {
  int id = 0;
  double tare_g = 0.0;
};

struct Order {
  std::string customer;
  std::string cheese;
  double grams = 0.0;
};

static void weigh_and_label(const Order &o, CounterPool<LabelScale> &scales, Tally<double> &weights,
                            Tally<std::string> &labels) {
  LabelScale &scale = scales.borrow(); // SAME: late_customer
  weights.record(o.grams + scale.tare_g);
  labels.record(o.cheese + " " + std::to_string(static_cast<int>(o.grams)) + "g");
  scales.giveBack(scale);
}

static void cut(const Order &o, CounterPool<WireStation> &wires) {
  WireStation &w = wires.borrow();
  ++w.cuts;
  wires.giveBack(w);
  (void)o;
}

double run_counter(const std::vector<Order> &orders, const std::vector<Order> &after_close) {
  CounterPool<WireStation> wires({{1, 0}, {2, 0}});
  CounterPool<LabelScale> scales({{1, 4.0}, {2, 3.5}});
  Tally<double> weights;
  Tally<std::string> labels;

  for (const Order &o : orders) {
    cut(o, wires);
    weigh_and_label(o, scales, weights, labels);
  }

  wires.drain();
  scales.drain();
  double total = 0.0;
  for (double g : weights.seal())
    total += g;

  for (const Order &o : after_close) {
    if (!wires.drained()) // OK
      cut(o, wires);
    weigh_and_label(o, scales, weights, labels); // BUG: use-after-close #late_customer
  }

  const size_t label_count = labels.seal().size();
  wires.drain(); // OK
  scales.drain(); // OK
  return label_count == 0 ? 0.0 : total;
}

static std::string label_summary(Tally<std::string> &labels) {
  const std::vector<std::string> &all = labels.seal(); // SAME: summary_reseal
  size_t chars = 0;
  for (const std::string &l : all)
    chars += l.size();
  return std::to_string(all.size()) + " labels, " + std::to_string(chars) + " chars";
}

std::string stocktake_labels(const std::vector<std::string> &wheels) {
  Tally<std::string> labels;
  for (const std::string &w : wheels)
    labels.record(w);
  if (labels.seal().empty())
    return "no wheels";
  return label_summary(labels); // BUG: double-close #summary_reseal
}
