// Skirt-finger wear cards for a hovercraft skirt inspection. Each skirt
// segment (bow, port, starboard, stern) has its own CSV card that records the
// wear depth of every finger measured during the shift. At the end of the
// shift all cards are closed; the bow card is reopened in append mode for the
// inspector's sign-off, and segment totals are exported to one file each.
#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

namespace skirt {

struct FingerWear {
  std::size_t segment = 0;
  int finger = 0;
  double depth_mm = 0.0;
};

class WearCardSet {
public:
  explicit WearCardSet(const std::string &dir) {
    for (const char *segment : {"bow", "port", "starboard", "stern"}) {
      paths_.push_back(dir + "/" + segment + ".csv");
      cards_.emplace_back(paths_.back(), std::ios::app);
    }
  }

  void record(const FingerWear &w) {
    cards_.at(w.segment) << w.finger << ',' << w.depth_mm << '\n'; // SAME: late
  }

  void close_shift() {
    for (std::ofstream &card : cards_)
      card.close();
  }

  void reopen(std::size_t segment) {
    cards_.at(segment).open(paths_.at(segment), std::ios::app);
  }

  std::ofstream &card(std::size_t segment) { return cards_.at(segment); }

private:
  std::vector<std::string> paths_;
  std::vector<std::ofstream> cards_;
};

void sign_off(WearCardSet &cards, const std::string &inspector) {
  cards.close_shift();
  cards.reopen(0);
  cards.card(0) << "# signed off by " << inspector << '\n'; // OK: bow card reopened
  cards.card(0).close();
}

// A finger torn off during recovery is logged as zero remaining depth.
void sign_off_with_loss(WearCardSet &cards, const std::string &inspector,
                        const FingerWear &torn) {
  cards.close_shift();
  cards.reopen(0);
  cards.card(0) << "# signed off by " << inspector << " (finger lost)\n"; // OK
  cards.record(torn); // BUG: use-after-close #late
  cards.card(0).close();
}

struct SegmentTotal {
  std::string name;
  double total_mm = 0.0;
  int fingers = 0;
};

void export_totals(const std::vector<SegmentTotal> &totals, const std::string &dir) {
  std::vector<std::ofstream> outs;
  for (const SegmentTotal &t : totals)
    outs.emplace_back(dir + "/" + t.name + ".tot");
  for (std::size_t i = 0; i < totals.size(); ++i)
    outs[i] << totals[i].total_mm << ' ' << totals[i].fingers << '\n';
  for (std::ofstream &out : outs)
    out.close();

  // The summary line goes to the first segment's file only.
  if (!outs.empty()) {
    outs[0].open(dir + "/" + totals[0].name + ".tot", std::ios::app);
    outs[0] << "# exported\n"; // OK: reopened with open()
    outs[0].close();
  }
}

void export_with_checksums(const std::vector<SegmentTotal> &totals,
                           const std::string &dir) {
  std::vector<std::ofstream> outs;
  for (const SegmentTotal &t : totals)
    outs.emplace_back(dir + "/" + t.name + ".tot");
  double sum = 0.0;
  for (std::size_t i = 0; i < totals.size(); ++i) {
    outs[i] << totals[i].total_mm << '\n';
    sum += totals[i].total_mm;
  }
  for (std::ofstream &out : outs)
    out.close();
  if (outs.empty())
    return;
  outs[0].open(dir + "/" + totals[0].name + ".tot", std::ios::app);
  for (std::size_t i = 0; i < outs.size(); ++i)
    outs[i] << "# sum " << sum << '\n'; // BUG: use-after-close
  outs[0].close();
}

void fresh_shift(std::vector<std::ofstream> &cards, const std::vector<std::string> &paths) {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    cards[i].close();
    cards[i].open(paths[i], std::ios::trunc);
    cards[i] << "finger,depth_mm\n"; // OK: each card reopened before its header
  }
}

} // namespace skirt
