// Fishmonger's market stall: scales, ice trays and label printers are handed
// out to the counter staff from small pools. Restocking chills fresh trays on
// the ice machine and stops the tray pool when the machine fails; at closing
// time every pool is shut down and the outstanding price labels are printed.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Res>
class Pool {
public:
  explicit Pool(std::string name) : name_(std::move(name)) {}

  void add(std::unique_ptr<Res> r) {
    ensureOpen("add");
    idle_.push_back(std::move(r));
  }

  Res *acquire() {
    ensureOpen("acquire");
    if (idle_.empty())
      return nullptr;
    busy_.push_back(std::move(idle_.back()));
    idle_.pop_back();
    return busy_.back().get();
  }

  // Returning a resource after shutdown is allowed; it is destroyed.
  void release(Res *r) {
    for (auto it = busy_.begin(); it != busy_.end(); ++it) {
      if (it->get() != r)
        continue;
      if (!shutDown_)
        idle_.push_back(std::move(*it));
      busy_.erase(it);
      return;
    }
  }

  void shutdown() {
    if (shutDown_)
      throw std::logic_error("pool " + name_ + " shut down twice");
    shutDown_ = true;
    idle_.clear();
  }

  bool isShutDown() const { return shutDown_; }

private:
  void ensureOpen(const char *op) const {
    if (shutDown_)
      throw std::logic_error("pool " + name_ + ": " + op + " after shutdown");
  }

  std::string name_;
  std::vector<std::unique_ptr<Res>> idle_;
  std::vector<std::unique_ptr<Res>> busy_;
  bool shutDown_ = false;
};

struct Scale {
  double weigh(double kg) const { return kg; }
};

struct IceTray {
  bool chilled = false;
};

struct LabelPrinter {
  std::vector<std::string> printed;
  void print(const std::string &label) { printed.push_back(label); }
};

// The ice machine's controller; returns false when the compressor trips.
bool chillTray(IceTray &tray);

class Stall {
public:
  Stall();
  bool restock(int trays);
  double serve(const std::string &fish, double kg);
  void closeMarket();

private:
  Pool<Scale> scales_{"scales"};
  Pool<IceTray> trays_{"trays"};
  Pool<LabelPrinter> printers_{"printers"};
  std::vector<std::string> pendingLabels_;
};

Stall::Stall() {
  for (int i = 0; i < 2; ++i)
    scales_.add(std::make_unique<Scale>());
  for (int i = 0; i < 12; ++i)
    trays_.add(std::make_unique<IceTray>());
  printers_.add(std::make_unique<LabelPrinter>());
}

bool Stall::restock(int trays) {
  for (int i = 0; i < trays; ++i) {
    IceTray *t = trays_.acquire();
    if (!t)
      return true;
    if (!chillTray(*t)) {
      trays_.release(t);
      trays_.shutdown();
      return false;
    }
    t->chilled = true;
    trays_.release(t);
  }
  return true;
}

double Stall::serve(const std::string &fish, double kg) {
  if (scales_.isShutDown())
    return 0.0;
  Scale *s = scales_.acquire(); // OK
  if (!s)
    return 0.0;
  double weighed = s->weigh(kg);
  scales_.release(s);
  if (!trays_.isShutDown()) {
    if (IceTray *t = trays_.acquire()) // OK
      trays_.release(t);
  }
  pendingLabels_.push_back(fish + " " + std::to_string(weighed) + "kg");
  return weighed;
}

void Stall::closeMarket() {
  LabelPrinter *p = printers_.acquire();
  trays_.shutdown(); // SAME: close_market
  scales_.shutdown();
  printers_.shutdown();
  if (p) {
    for (const std::string &label : pendingLabels_)
      p->print(label);
    printers_.release(p); // OK
  }
  pendingLabels_.clear();
}

void market_day(Stall &stall, const std::vector<std::pair<std::string, double>> &sales) {
  if (!stall.restock(6))
    std::fprintf(stderr, "ice machine down, trays withdrawn\n");
  for (const auto &sale : sales)
    stall.serve(sale.first, sale.second);
  stall.closeMarket(); // BUG: double-close #close_market
}
