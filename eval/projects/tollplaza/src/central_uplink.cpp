// End-of-day upload to the central office: one line per lane, or batches of
// pre-encoded lines, over a net::Connection.
#include "central_uplink.h"

#include <netconn.h>

#include <utility>

namespace toll {

CentralUplink::CentralUplink(std::string endpoint) : endpoint_(std::move(endpoint)) {}

void CentralUplink::sendDayTotals(const std::map<LaneId, LaneTotals> &totals) {
  net::Connection conn(endpoint_);
  for (const auto &entry : totals) {
    conn.send(encodeTotals(entry.second)); // BUG: use-after-close
    conn.flush();
    conn.close();
  }
}

void CentralUplink::sendBatches(const std::vector<std::string> &batches) {
  net::Connection conn(endpoint_);
  for (std::size_t i = 0; i < batches.size(); ++i) {
    conn.send(batches[i]); // OK: the connection is closed only after the last batch
    if (i + 1 == batches.size()) {
      conn.flush();
      conn.close();
    }
  }
}

std::string encodeTotals(const LaneTotals &t) {
  return "LANE " + std::to_string(t.lane) + " passages=" + std::to_string(t.passages) +
         " violations=" + std::to_string(t.violations) + " cents=" + std::to_string(t.cents);
}

} // namespace toll
