// Harvest pipeline of a cranberry marsh: while a bog is flooded and beaten,
// the boom crew's bin tickets, the moisture readings of the berries on the
// conveyor and operator alerts travel through typed channels to the
// receiving station. A channel refuses pushes once closed and may be closed
// only once; consumers drain what is left after it closes. When a bog is
// finished its ticket channel is closed and the last truck's weight is
// recorded; at the end of the day the receiving station shuts the pipeline.
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class HarvestChannel {
public:
  explicit HarvestChannel(std::string name) : name_(std::move(name)) {}

  void push(T value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("push on closed channel " + name_);
    items_.push_back(std::move(value));
  }

  bool tryPush(T value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    items_.push_back(std::move(value));
    return true;
  }

  bool pop(T &out) {
    std::lock_guard<std::mutex> lock(mu_);
    if (items_.empty())
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    return true;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("close of closed channel " + name_);
    closed_ = true;
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  std::string name_;
  mutable std::mutex mu_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct BinTicket {
  int bog = 0;
  int truck = 0;
  double barrels = 0.0;
};

struct HarvestPipeline {
  HarvestChannel<BinTicket> tickets{"tickets"};
  HarvestChannel<double> moisture{"moisture"};
  HarvestChannel<std::string> alerts{"alerts"};
};

namespace {

void finishBog(HarvestPipeline &p, int bog, int lastTruck, double lastBarrels) {
  p.alerts.push("bog " + std::to_string(bog) + " finished"); // OK
  p.tickets.close();
  if (lastBarrels > 0.0)
    p.tickets.push(BinTicket{bog, lastTruck, lastBarrels}); // BUG: use-after-close
}

void recordMoisture(HarvestPipeline &p, const std::vector<double> &samples) {
  for (double m : samples) {
    if (m > 0.9 && !p.alerts.tryPush("wet berries: " + std::to_string(m))) // OK
      break;
    p.moisture.push(m);
  }
}

double drainTickets(HarvestChannel<BinTicket> &tickets) {
  double total = 0.0;
  BinTicket t;
  while (tickets.pop(t)) // OK
    total += t.barrels;
  return total;
}

void shutdownStation(HarvestPipeline &p) {
  p.moisture.close();
  p.alerts.close();
  p.tickets.close(); // SAME: station
  p.alerts.tryPush("station shut down"); // OK
}

double endOfDay(HarvestPipeline &p, int bog, int lastTruck, double lastBarrels) {
  if (lastTruck > 0) {
    try {
      finishBog(p, bog, lastTruck, lastBarrels);
    } catch (const std::logic_error &) {
      p.alerts.push("bog " + std::to_string(bog) + ": last truck not recorded"); // OK
    }
  }
  double barrels = drainTickets(p.tickets);
  shutdownStation(p); // BUG: double-close #station
  return barrels;
}

} // namespace

double harvestBog(int bog, const std::vector<BinTicket> &boomTickets,
                  const std::vector<double> &conveyorMoisture, int lastTruck,
                  double lastBarrels) {
  HarvestPipeline pipeline;
  for (const BinTicket &t : boomTickets)
    pipeline.tickets.push(t);
  recordMoisture(pipeline, conveyorMoisture);
  return endOfDay(pipeline, bog, lastTruck, lastBarrels);
}
