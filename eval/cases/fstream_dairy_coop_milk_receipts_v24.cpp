// Dairy cooperative collection depot: the tanker driver's handheld uploads
// each farm pickup (litres, butterfat, tank temperature); the depot keeps one
// receipt book per collection day, prints a route total when the route is
// finished, and records corrections made by the quality lab afterwards.
#include <fstream>
#include <iomanip>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Pickup {
  std::string farmId;
  double litres = 0.0;
  double butterfatPct = 0.0;
  double tankCelsius = 0.0;
};

class ReceiptBook {
public:
  explicit ReceiptBook(std::string dir) : dir_(std::move(dir)) {}

  bool openDay(const std::string &date);
  void addPickup(const Pickup &p);
  void closeDay();
  bool amend(const Pickup &p, const std::string &reason);
  double litres() const { return litres_; }
  bool isOpen() const { return out_.is_open(); }

private:
  std::string pathFor(const std::string &date) const {
    return dir_ + "/receipts-" + date + ".txt";
  }

  std::string dir_;
  std::string date_;
  std::ofstream out_;
  double litres_ = 0.0;
};

bool ReceiptBook::openDay(const std::string &date) {
  date_ = date;
  litres_ = 0.0;
  out_.open(pathFor(date), std::ios::out | std::ios::trunc);
  if (!out_)
    return false;
  out_ << "farm      litres   fat%   temp\n";
  return true;
}

void ReceiptBook::addPickup(const Pickup &p) {
  out_ << std::left << std::setw(8) << p.farmId << std::right << std::fixed // SAME: late_tanker
       << std::setprecision(1) << std::setw(8) << p.litres << std::setw(7)
       << std::setprecision(2) << p.butterfatPct << std::setw(7)
       << std::setprecision(1) << p.tankCelsius << '\n';
  litres_ += p.litres;
}

void ReceiptBook::closeDay() {
  if (!out_.is_open())
    return;
  out_ << "total " << std::fixed << std::setprecision(1) << litres_ << " l\n";
  out_.close();
}

bool ReceiptBook::amend(const Pickup &p, const std::string &reason) {
  const bool wasOpen = out_.is_open();
  if (!wasOpen)
    out_.open(pathFor(date_), std::ios::out | std::ios::app);
  if (!out_.is_open())
    return false;
  out_ << "AMEND " << p.farmId << ' ' << p.litres << " l (" << reason << ")\n"; // OK
  if (!wasOpen)
    out_.close();
  return static_cast<bool>(out_);
}

class CollectionDepot {
public:
  explicit CollectionDepot(const std::string &dir) : book_(dir) {}

  bool startDay(const std::string &date) { return book_.openDay(date); }
  void onPickup(const Pickup &p);
  void finishRoute(const std::string &routeId, std::vector<Pickup> stragglers);
  void onLabResult(const Pickup &corrected);

private:
  ReceiptBook book_;
  std::map<std::string, Pickup> byFarm_;
  std::vector<std::string> rejected_;
};

void CollectionDepot::onPickup(const Pickup &p) {
  if (p.tankCelsius > 6.0 || !book_.isOpen()) {
    rejected_.push_back(p.farmId);
    return;
  }
  byFarm_[p.farmId] = p;
  book_.addPickup(p); // OK
}

void CollectionDepot::finishRoute(const std::string &routeId,
                                  std::vector<Pickup> stragglers) {
  book_.closeDay();

  std::ofstream routeLog("route-" + routeId + ".log", std::ios::app);
  routeLog << routeId << " closed with " << byFarm_.size() << " farms\n";
  routeLog.close();

  for (const Pickup &p : stragglers) {
    byFarm_[p.farmId] = p;
    book_.addPickup(p); // BUG: use-after-close #late_tanker
  }
  routeLog << routeId << " late uploads: " << stragglers.size() << '\n'; // BUG: use-after-close
  if (!rejected_.empty()) {
    routeLog.open("route-" + routeId + ".rejected", std::ios::trunc);
    for (const std::string &farm : rejected_)
      routeLog << farm << '\n'; // OK
  }
}

void CollectionDepot::onLabResult(const Pickup &corrected) {
  auto it = byFarm_.find(corrected.farmId);
  if (it == byFarm_.end())
    return;
  it->second = corrected;
  book_.amend(corrected, "lab butterfat retest"); // OK
}
