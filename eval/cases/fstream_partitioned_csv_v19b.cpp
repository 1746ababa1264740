// Partitioned CSV export of an analytics table: rows are written to
// part-NNNN.csv files of at most rowsPerPart rows each; a part is closed when
// it is full and the next part is opened only if rows remain. The total-rows
// footer the import job verifies goes at the end of the last part, written
// after the loop; when the row count is an exact multiple of rowsPerPart the
// last part is already closed there and the footer is lost. RejectLog's
// destructor writes its end marker after finish() has closed the file. writeSidecar() checks the stream
// state after close() and opens a separate stream for the marker.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

// A std::ofstream written after close() sets failbit and drops the data.
struct Row {
  long id;
  std::string region;
  double revenue;
};

static std::string partName(const std::string &base, int part) {
  char name[32];
  std::snprintf(name, sizeof name, "/part-%04d.csv", part);
  return base + name;
}

static void writeHeader(std::ofstream &out) {
  out << "id,region,revenue\n";
}

int exportPartitioned(const std::string &base, const std::vector<Row> &rows,
                      std::size_t rowsPerPart) {
  int part = 0;
  std::ofstream out(partName(base, part));
  if (!out)
    return -1;
  writeHeader(out);
  std::size_t inPart = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row &r = rows[i];
    out << r.id << ',' << r.region << ',' << r.revenue << '\n'; // OK: a part is reopened before the next row
    if (++inPart == rowsPerPart) {
      out.close();
      inPart = 0;
      if (i + 1 < rows.size()) {
        out.open(partName(base, ++part));
        writeHeader(out); // OK: the next part was just opened
      }
    }
  }
  out << "# total_rows=" << rows.size() << '\n'; // BUG: use-after-close
  if (out.is_open())
    out.close();
  return part + 1;
}

// RejectLog: ids of rows that failed validation. finish() closes the file
// and returns the count; the destructor appends the end marker the import
// job waits for.
class RejectLog {
public:
  explicit RejectLog(const std::string &path) : out_(path) {}
  ~RejectLog() { out_ << "# end of rejects\n"; } // SAME: rejectend
  void add(const Row &r) {
    out_ << r.id << '\n';
    ++count_;
  }
  std::size_t finish() {
    out_.close();
    return count_;
  }

private:
  std::ofstream out_;
  std::size_t count_ = 0;
};

std::size_t validate(const std::string &base, const std::vector<Row> &rows) {
  RejectLog rejects(base + "/rejects.txt");
  for (const Row &r : rows)
    if (r.revenue < 0 || r.region.empty())
      rejects.add(r);
  return rejects.finish();
} // BUG: use-after-close #rejectend

bool writeSidecar(const std::string &base, int parts, std::size_t rows) {
  std::ofstream meta(base + "/export.meta");
  meta << "parts=" << parts << "\nrows=" << rows << '\n';
  meta.close();
  if (!meta) { // OK: only inspects the stream state
    std::cerr << "export: cannot write " << base << "/export.meta\n";
    return false;
  }
  std::ofstream done(base + "/_SUCCESS");
  done << "parts=" << parts << '\n';
  return static_cast<bool>(done);
}

int main() {
  std::vector<Row> rows;
  for (long id = 1; id <= 2000; ++id)
    rows.push_back({id, id % 2 ? "emea" : "apac", id * 1.25});
  validate("/data/exports/revenue", rows);
  const int parts = exportPartitioned("/data/exports/revenue", rows, 500);
  if (parts < 0)
    return 1;
  return writeSidecar("/data/exports/revenue", parts, rows.size()) ? 0 : 1;
}
