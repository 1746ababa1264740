// Journal maintenance: replay into a book, checkpoints, compaction.
// Planted defect: compactJournal() closes `out` again in its catch block when the
// rename() after the explicit close fails. writeCheckpoint() holds the inner
// line of the engine's end-of-day checkpoint written after the journal closed.
#include "matchd/recovery.h"

#include <cstdio>
#include <set>
#include <sstream>

#include "matchd/connection.h"
#include "matchd/net_util.h"

namespace matchd {

std::size_t replayJournal(Journal &j, OrderBook &book) {
  std::size_t n = 0;
  while (auto rec = j.readRecord()) {
    if (rec->empty() || (*rec)[0] == '#') continue;
    Order o;
    if (decodeOrder(*rec, o)) {
      book.add(o);
      ++n;
    } else if (rec->compare(0, 4, "CXL ") == 0) {
      std::istringstream is(rec->substr(4));
      std::uint64_t id = 0;
      if (is >> id) book.cancel(id);
    }
  }
  j.close(); // the file is done; the engine journals into a fresh file from here on
  return n;
}

void writeCheckpoint(Journal &j, std::uint64_t seq) {
  j.append("CKPT seq=" + std::to_string(seq)); // SAME: ckpt
  j.flush();
}

std::size_t compactJournal(const std::string &path, const std::string &tmpPath) {
  Journal in(path, "r");
  std::set<std::uint64_t> cancelled;
  std::vector<std::string> records;
  while (auto rec = in.readRecord()) {
    if (rec->compare(0, 4, "CXL ") == 0) {
      std::istringstream is(rec->substr(4));
      std::uint64_t id = 0;
      if (is >> id) cancelled.insert(id);
    }
    records.push_back(std::move(*rec));
  }
  in.close();
  std::size_t kept = 0;
  Journal out(tmpPath, "w");
  try {
    for (const auto &rec : records) {
      Order o;
      if (decodeOrder(rec, o) && cancelled.count(o.id)) continue;
      if (rec.compare(0, 4, "CXL ") == 0) continue;
      out.append(rec);
      ++kept;
    }
    out.flush();
    out.close(); // must be closed (and flushed to the file) before it replaces the original
    if (std::rename(tmpPath.c_str(), path.c_str()) != 0) throw IoError("compact: rename " + tmpPath + " failed");
  } catch (...) {
    out.close(); // BUG: double-close
    std::remove(tmpPath.c_str());
    throw;
  }
  logInfo("compact: kept " + std::to_string(kept) + " of " + std::to_string(records.size()) + " records");
  return kept;
}

} // namespace matchd
