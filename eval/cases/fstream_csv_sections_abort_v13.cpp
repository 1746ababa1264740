// CSV exporter that writes several tables into one file, each table as a
// "# name" section. exportTable() validates rows on the fly; on a bad row it
// calls abort(), which closes the stream and deletes the partial file, because
// a file with a half-written section must not be picked up by the loader.
//
// Bug: main() treats a false from exportTable() as "skip this table" and goes
// on with the next one. After an abort() the exporter's stream is closed, so
// the next table's beginSection() and append() write to a closed ofstream:
// the writes only set badbit, nothing reaches a file, and main still reports
// the remaining tables as exported.
// Correct lines: finish() and abort() are guarded by is_open(), so the destructor's
// finish() after an explicit finish() (or after abort()) does nothing.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

struct Row {
  std::string key;
  double value;
};
struct Table {
  std::string name;
  std::vector<Row> rows;
};

class CsvExporter {
public:
  explicit CsvExporter(std::string path) : path_(std::move(path)), out_(path_) {}
  ~CsvExporter() {
    finish(); // OK: no-op once the stream is closed
  }

  bool ok() const { return out_.is_open() && out_.good(); }

  void beginSection(const std::string &name) {
    out_ << "# " << name << '\n'; // SAME: section
  }
  void append(const Row &r) {
    out_ << r.key << ',' << r.value << '\n'; // SAME: section
  }

  void finish() {
    if (!out_.is_open())
      return;
    out_ << "# end\n"; // OK: guarded by is_open()
    out_.close();
  }

  void abort() {
    if (!out_.is_open())
      return;
    out_.close();
    std::remove(path_.c_str());
  }

private:
  std::string path_;
  std::ofstream out_;
};

static bool validRow(const Row &r) {
  return !r.key.empty() && r.key.find(',') == std::string::npos && r.value == r.value;
}

bool exportTable(CsvExporter &exp, const Table &t) {
  exp.beginSection(t.name); // SAME: section
  for (const auto &row : t.rows) {
    if (!validRow(row)) {
      std::cerr << "export: bad row '" << row.key << "' in " << t.name << '\n';
      exp.abort();
      return false;
    }
    exp.append(row); // SAME: section
  }
  return true;
}

int main() {
  std::vector<Table> tables = {
      {"latency", {{"p50", 12.5}, {"p99", 80.1}}},
      {"errors", {{"timeout", 3}, {"bad,key", 1}}},
      {"traffic", {{"rx", 1.2e9}, {"tx", 8.4e8}}},
  };
  CsvExporter exp("metrics.csv");
  if (!exp.ok())
    return 1;
  int exported = 0;
  for (const auto &t : tables) {
    if (!exportTable(exp, t)) { // BUG: use-after-close #section
      std::cerr << "skipping table " << t.name << '\n';
      continue;
    }
    ++exported;
  }
  exp.finish(); // OK: finish() checks is_open() first
  std::cout << exported << " tables exported\n";
  return 0;
}
