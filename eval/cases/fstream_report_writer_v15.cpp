// Nightly ledger export. ReportWriter produces the summary report: the
// importer on the receiving side rejects a report whose last line is not
// "checksum <hex>". SegmentedExport writes every ledger entry into numbered
// segment files of bounded size; an entry that does not reach a segment is
// a lost ledger line. Both write through std::ofstream members.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <ios>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ledger {

struct Entry {
  std::string Account;
  long long Cents = 0;
  std::string serialize() const { return Account + ";" + std::to_string(Cents); }
};

class ReportWriter {
public:
  explicit ReportWriter(const std::string &Path);
  void addLine(const std::string &Line);
  void note(const std::string &Msg);
  void finish();

private:
  std::ofstream Out;
  std::uint32_t Sum = 0;
};

ReportWriter::ReportWriter(const std::string &Path) : Out(Path, std::ios::trunc) {
  if (!Out.is_open())
    throw std::runtime_error("cannot create report " + Path);
}

void ReportWriter::addLine(const std::string &Line) {
  for (unsigned char C : Line)
    Sum = Sum * 31 + C;
  Out << Line << '\n';
}

void ReportWriter::note(const std::string &Msg) {
  if (!Out.is_open())
    return;
  Out << "# " << Msg << '\n';
}

void ReportWriter::finish() {
  Out << "-- end of report\n";
  Out.flush();
  Out.close();
  Out << "checksum " << std::hex << Sum << '\n'; // BUG: use-after-close
}

class SegmentedExport {
public:
  SegmentedExport(std::string Prefix, std::size_t SegmentLimit)
      : Prefix(std::move(Prefix)), SegmentLimit(SegmentLimit) {}
  void start() { startSegment(); }
  void writeEntries(const std::vector<Entry> &Entries);
  void rollSegment();
  void finish();

private:
  std::string segmentPath() const { return Prefix + "." + std::to_string(Segment) + ".seg"; }
  void startSegment();

  std::string Prefix;
  std::size_t SegmentLimit;
  std::size_t BytesInSegment = 0;
  unsigned Segment = 0;
  std::ofstream Out;
};

void SegmentedExport::startSegment() {
  Out.clear();
  Out.open(segmentPath(), std::ios::trunc);
  if (!Out.is_open())
    throw std::runtime_error("cannot create " + segmentPath());
  Out << "#segment " << Segment << '\n';
}

void SegmentedExport::rollSegment() {
  Out.close();
  ++Segment;
  BytesInSegment = 0;
  startSegment();
  Out << "#continued\n"; // OK: startSegment() reopened the stream
}

void SegmentedExport::writeEntries(const std::vector<Entry> &Entries) {
  for (const Entry &E : Entries) {
    if (BytesInSegment >= SegmentLimit) {
      Out.close();
      ++Segment;
      BytesInSegment = 0;
    }
    const std::string Line = E.serialize();
    Out << Line << '\n'; // BUG: use-after-close
    BytesInSegment += Line.size() + 1;
  }
}

void SegmentedExport::finish() {
  if (Out.is_open()) {
    Out << "#end\n";
    Out.close();
  }
}

} // namespace ledger
