// Market-data archiver writing partitioned CSV files for several row types
// (Trade, Quote) through template functions. sealFile<Row>() writes the
// trailer and closes its FILE* argument. exportPartitioned() seals each part
// when it rolls over, yet at the end closes every part again from its list;
// exportTable() appends late rows after sealing the file.
#include <cstdio>
#include <string>
#include <vector>

struct Trade {
  static constexpr const char *kTable = "trades";
  std::string symbol;
  double px;
  long qty;
};

struct Quote {
  static constexpr const char *kTable = "quotes";
  std::string symbol;
  double bid;
  double ask;
};

static void writeRow(std::FILE *fp, const Trade &t) {
  std::fprintf(fp, "%s,%.4f,%ld\n", t.symbol.c_str(), t.px, t.qty);
}

static void writeRow(std::FILE *fp, const Quote &q) {
  std::fprintf(fp, "%s,%.4f,%.4f\n", q.symbol.c_str(), q.bid, q.ask); // SAME: rows_after_seal
}

template <typename Row>
size_t writeRows(std::FILE *fp, const std::vector<Row> &rows) {
  for (const Row &r : rows)
    writeRow(fp, r);
  return rows.size();
}

// Writes the trailer and closes fp. Returns false if the close reported an
// error.
template <typename Row> bool sealFile(std::FILE *fp, size_t count) {
  std::fprintf(fp, "# table=%s rows=%zu\n", Row::kTable, count);
  return std::fclose(fp) == 0;
}

template <typename Row>
bool exportPartitioned(const std::string &base, const std::vector<Row> &rows,
                       size_t perPart) {
  std::vector<std::FILE *> parts;
  std::FILE *cur = nullptr;
  size_t inPart = 0;
  bool good = true;
  for (const Row &r : rows) {
    if (!cur || inPart == perPart) {
      if (cur)
        good = sealFile<Row>(cur, inPart) && good;
      const std::string name = base + "." + std::to_string(parts.size()) + ".csv";
      cur = std::fopen(name.c_str(), "w");
      if (!cur)
        return false;
      parts.push_back(cur);
      inPart = 0;
    }
    writeRow(cur, r); // OK: cur was reopened for the new part after the seal
    ++inPart;
  }
  if (cur)
    good = sealFile<Row>(cur, inPart) && good;
  for (std::FILE *fp : parts)
    std::fclose(fp); // BUG: double-close
  return good;
}

template <typename Row>
bool exportTable(const std::string &path, const std::vector<Row> &rows,
                 const std::vector<Row> &late) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  size_t n = writeRows(fp, rows);
  bool good = sealFile<Row>(fp, n);
  if (!late.empty())
    writeRows(fp, late); // BUG: use-after-close #rows_after_seal
  return good;
}

int main() {
  const std::vector<Trade> trades = {{"ACME", 101.25, 300}, {"ACME", 101.30, 100},
                                     {"INIT", 7.10, 5000}};
  const std::vector<Quote> quotes = {{"ACME", 101.20, 101.30}, {"INIT", 7.05, 7.15}};
  const std::vector<Quote> lateQuotes = {{"ACME", 101.25, 101.35}};

  exportPartitioned("/data/archive/trades-20240105", trades, 2);
  exportTable("/data/archive/quotes-20240105.csv", quotes, lateQuotes);
  return 0;
}
