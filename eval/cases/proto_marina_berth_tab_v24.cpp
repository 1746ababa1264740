// Marina harbour office: a visiting boat runs a berth tab (nightly berth fee,
// shore power, fuel, pump-out); at departure the tab is settled against the
// card on file. The checkout batch settles the tabs of all boats leaving on
// the morning tide and stops when the payment gateway window runs out.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BerthTab {
public:
  BerthTab(std::string boat, int berth) : boat_(std::move(boat)), berth_(berth) {}

  void charge(const std::string &item, long cents) {
    if (settled_)
      throw std::logic_error("berth tab already settled: " + boat_);
    lines_.emplace_back(item, cents);
    totalCents_ += cents;
  }

  long settle() {
    if (settled_)
      throw std::logic_error("berth tab settled twice: " + boat_);
    settled_ = true;
    return totalCents_;
  }

  void reopen() {
    settled_ = false;
    lines_.clear();
    totalCents_ = 0;
  }

  bool settled() const { return settled_; }
  long totalCents() const { return totalCents_; }
  const std::string &boat() const { return boat_; }
  int berth() const { return berth_; }

private:
  std::string boat_;
  int berth_;
  std::vector<std::pair<std::string, long>> lines_;
  long totalCents_ = 0;
  bool settled_ = false;
};

struct Departure {
  BerthTab *tab;
  int nights;
  double fuelLitres;
  bool pumpOut;
};

class CheckoutBatch {
public:
  explicit CheckoutBatch(std::chrono::steady_clock::time_point deadline)
      : deadline_(deadline) {}

  void run(std::vector<Departure> &departures);
  void extendStay(BerthTab &tab, int extraNights);
  long collectedCents() const { return collected_; }

private:
  bool windowOpen() const {
    return std::chrono::steady_clock::now() < deadline_;
  }
  void chargeStay(BerthTab &tab, const Departure &d);

  std::chrono::steady_clock::time_point deadline_;
  long collected_ = 0;
};

void CheckoutBatch::chargeStay(BerthTab &tab, const Departure &d) {
  tab.charge("berth x" + std::to_string(d.nights), 4200L * d.nights);
  if (d.fuelLitres > 0.0)
    tab.charge("diesel", static_cast<long>(d.fuelLitres * 189.0));
  if (d.pumpOut)
    tab.charge("pump-out", 1500);
}

void CheckoutBatch::run(std::vector<Departure> &departures) {
  for (Departure &d : departures) {
    BerthTab &tab = *d.tab;
    if (tab.settled())
      continue;
    chargeStay(tab, d);

    bool timedOut = false;
    if (!windowOpen()) {
      std::fprintf(stderr, "gateway window closed, settling %s offline\n",
                   tab.boat().c_str());
      collected_ += tab.settle();
      timedOut = true;
    }
    if (!timedOut && d.fuelLitres > 400.0)
      tab.charge("fuel dock surcharge", 2500); // OK
    collected_ += tab.settle(); // BUG: double-close
  }
}

void CheckoutBatch::extendStay(BerthTab &tab, int extraNights) {
  if (tab.settled())
    tab.reopen();
  tab.charge("berth x" + std::to_string(extraNights), 4200L * extraNights); // OK
}

long settleWithLateFee(BerthTab &tab, bool late) {
  const long due = tab.settle();
  if (late)
    tab.charge("late departure", 3000); // BUG: use-after-close
  return due;
}

long settleIfOpen(BerthTab &tab) {
  if (tab.settled())
    return 0;
  return tab.settle(); // OK
}
