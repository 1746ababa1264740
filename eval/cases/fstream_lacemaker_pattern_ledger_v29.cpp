// Bobbin-lace workshop: prickings (pricked pattern cards) are ordered by day; the
// ledger keeps one text file per day with a line per order, voided orders are marked
// with a VOID line, and the pattern catalogue is read to price each order.
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct PrickingOrder {
  std::string day;
  std::string customer;
  std::string pattern;
  int pairs = 0;
  bool cancelled = false;
};

class PrickingLedger {
public:
  explicit PrickingLedger(std::string dir) : dir_(std::move(dir)) {}
  bool open_day(const std::string &day);
  void record(const PrickingOrder &o, double price);
  void record_void(const PrickingOrder &o);
  void close_day();
  const std::string &day() const { return day_; }

private:
  std::string dir_;
  std::string day_;
  std::ofstream out_;
  int lines_ = 0;
};

bool PrickingLedger::open_day(const std::string &day) {
  day_ = day;
  lines_ = 0;
  out_.open(dir_ + "/prickings-" + day + ".txt", std::ios::app);
  return out_.is_open();
}

void PrickingLedger::record(const PrickingOrder &o, double price) {
  out_ << o.customer << '\t' << o.pattern << '\t' << o.pairs << '\t' << price << '\n'; // SAME: late_void
  ++lines_;
}

void PrickingLedger::record_void(const PrickingOrder &o) {
  PrickingOrder line = o;
  line.pattern = "VOID " + o.pattern;
  record(line, 0.0);
}

void PrickingLedger::close_day() {
  out_ << "# " << day_ << ": " << lines_ << " lines\n";
  out_.close();
}

static std::map<std::string, double> load_catalogue(const std::vector<std::string> &paths) {
  std::map<std::string, double> prices;
  std::ifstream in;
  for (const std::string &p : paths) {
    in.open(p);
    if (!in)
      continue;
    std::string name;
    double per_pair = 0.0;
    while (in >> name >> per_pair) // OK
      prices[name] = per_pair;
    in.close();
    in.clear();
  }
  return prices;
}

int post_orders(PrickingLedger &ledger, const std::vector<PrickingOrder> &orders,
                const std::vector<std::string> &catalogue_files) {
  if (orders.empty())
    return 0;
  const auto prices = load_catalogue(catalogue_files);
  std::vector<const PrickingOrder *> voided;
  if (!ledger.open_day(orders.front().day))
    return -1;
  int posted = 0;
  for (const PrickingOrder &o : orders) {
    if (o.day != ledger.day()) {
      ledger.close_day();
      if (!ledger.open_day(o.day))
        return -1;
    }
    if (o.cancelled) {
      voided.push_back(&o);
      continue;
    }
    auto it = prices.find(o.pattern);
    const double per_pair = it == prices.end() ? 0.0 : it->second;
    ledger.record(o, per_pair * o.pairs); // OK
    ++posted;
  }
  ledger.close_day();
  for (const PrickingOrder *o : voided)
    ledger.record_void(*o); // BUG: use-after-close #late_void
  return posted;
}

void export_price_list(const std::string &path, const std::map<std::string, double> &prices) {
  std::ofstream out(path, std::ios::trunc);
  if (!out)
    return;
  for (const auto &p : prices)
    out << p.first << ' ' << p.second << '\n';
  out.close();
  std::ofstream stamp(path + ".stamp");
  stamp << prices.size() << '\n'; // OK
}
