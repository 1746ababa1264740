// End-of-day upload of lane totals to the operator's central office, over a
// net::Connection (netconn.h).
#pragma once
#include "types.h"

#include <map>
#include <string>
#include <vector>

namespace toll {

class CentralUplink {
public:
  explicit CentralUplink(std::string endpoint);
  void sendDayTotals(const std::map<LaneId, LaneTotals> &totals);
  void sendBatches(const std::vector<std::string> &batches);

private:
  std::string endpoint_;
};

std::string encodeTotals(const LaneTotals &t);

} // namespace toll
