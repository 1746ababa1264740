// Stave inventory for a cooperage. The seasoning yard's stock list (one
// "lot,oak,width_mm,count,months" line per lot) is read, staves that have
// seasoned long enough are allocated to barrels, and a cut plan is written
// for the jointing bench together with a binary label file for the printer.
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct StaveLot {
  std::string lot;
  std::string oak;
  int widthMm = 0;
  int count = 0;
  int seasonedMonths = 0;
};

struct LabelRecord {
  std::uint32_t barrel;
  std::uint16_t staves;
  char oak[10];
};

std::vector<StaveLot> readYard(const std::string &path, int minMonths) {
  std::vector<StaveLot> lots;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream row(line);
    StaveLot l;
    std::getline(row, l.lot, ',');
    std::getline(row, l.oak, ',');
    row >> l.widthMm;
    row.ignore(1);
    row >> l.count;
    row.ignore(1);
    row >> l.seasonedMonths;
    if (row && l.seasonedMonths >= minMonths)
      lots.push_back(l);
  }
  return lots;
}

void writeTrailer(std::ostream &out, int barrels, int staves) {
  out << "# barrels=" << barrels << " staves=" << staves << '\n'; // SAME: trailer
}

int writeCutPlan(const std::vector<StaveLot> &lots, int stavesPerBarrel,
                 const std::string &planPath, const std::string &labelPath) {
  std::ofstream plan(planPath, std::ios::trunc);
  std::ofstream labels(labelPath, std::ios::binary | std::ios::trunc);
  if (!plan || !labels)
    return -1;
  std::map<std::string, int> byOak;
  for (const StaveLot &l : lots)
    byOak[l.oak] += l.count;

  int barrel = 0, used = 0;
  for (const auto &entry : byOak) {
    int n = entry.second / stavesPerBarrel;
    for (int i = 0; i < n; ++i) {
      ++barrel;
      plan << "barrel " << barrel << ": " << stavesPerBarrel << " x " << entry.first << '\n';
      LabelRecord rec{};
      rec.barrel = static_cast<std::uint32_t>(barrel);
      rec.staves = static_cast<std::uint16_t>(stavesPerBarrel);
      entry.first.copy(rec.oak, sizeof rec.oak - 1);
      labels.write(reinterpret_cast<const char *>(&rec), sizeof rec); // OK
    }
    used += n * stavesPerBarrel;
  }
  labels.close();
  if (!labels) {
    plan << "# label file incomplete\n"; // OK
    return -2;
  }
  plan.close();
  writeTrailer(plan, barrel, used); // BUG: use-after-close #trailer
  return barrel;
}

class BenchJournal {
public:
  explicit BenchJournal(std::string path) : path_(std::move(path)) {}
  void note(const std::string &text) {
    std::fstream f(path_, std::ios::in | std::ios::out | std::ios::app);
    if (!f.is_open()) {
      f.open(path_, std::ios::out);
      if (!f.is_open())
        return;
    }
    f << text << '\n'; // OK
  }
  void rewriteHeader(const std::string &cooper, int season) {
    const std::string rule(40, '-');
    std::ofstream f(path_, std::ios::trunc);
    f << "journal of " << cooper << ", season " << season << '\n';
    f.close();
    f.write(rule.data(), static_cast<std::streamsize>(rule.size())); // BUG: use-after-close
  }

private:
  std::string path_;
};
