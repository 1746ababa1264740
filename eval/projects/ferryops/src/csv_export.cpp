// CSV export of a sailing's boarding events for the operator's back office,
// written with std::fstream; the rows section is wrapped in a ScopeExit that
// closes the file. verifyCsv() re-reads an export, then reopens the same
// stream in append mode to stamp it as verified.
#include "manifest.h"

#include <cerrno>

#include "scope_exit.h"

namespace ferry {

Status exportBoardingCsv(const std::string &path, const std::vector<BoardingEvent> &rows,
                         bool withTotals) {
  std::fstream csv(path, std::ios::out | std::ios::trunc);
  if (!csv.is_open())
    return Status::IoError(errno, "create " + path);
  std::size_t vehicles = 0;
  {
    auto closeCsv = makeScopeExit([&csv] { csv.close(); }); // SAME: csvguard
    csv << "sailing,ticket,gate,at_ms,vehicle\n";
    for (const BoardingEvent &e : rows) {
      csv << e.sailingId << ',' << e.ticket << ',' << e.gate << ',' << e.atMs << ','
          << (e.vehicle ? 1 : 0) << '\n';
      if (e.vehicle)
        ++vehicles;
      if (!csv)
        return Status::IoError(EIO, "write " + path);
    }
  }
  if (withTotals)
    csv << "total," << rows.size() << ",,," << vehicles << '\n'; // BUG: use-after-close #csvguard
  return Status::Ok();
}

Status verifyCsv(const std::string &path, std::size_t expectRows) {
  std::fstream csv(path, std::ios::in);
  if (!csv.is_open())
    return Status::IoError(errno, "open " + path);
  std::string line;
  std::size_t rows = 0;
  while (std::getline(csv, line)) {
    if (!line.empty() && line.compare(0, 6, "total,") != 0)
      ++rows;
  }
  csv.close();
  if (rows != expectRows + 1)
    return Status::Invalid(path + ": " + std::to_string(rows) + " rows, expected " +
                           std::to_string(expectRows + 1));
  csv.clear(); // OK: resets the stream state before reopening
  csv.open(path, std::ios::out | std::ios::app);
  if (!csv.is_open())
    return Status::IoError(errno, "reopen " + path);
  csv << "# verified " << expectRows << " rows\n"; // OK: reopened above
  return Status::Ok();
}

} // namespace ferry
