// Request: one client query travelling from the ClientListener to a
// QueryDispatcher worker through a BoundedQueue<Request>.
#pragma once
#include "sqlproxy/ProxyConfig.h"
#include <cstdint>
#include <string>
#include <vector>

namespace sqlproxy {

struct Request {
  uint64_t sessionId = 0;
  std::string sql;
  std::vector<std::string> params; // non-empty: run through the prepared-statement path
  Clock::time_point enqueued;
};

} // namespace sqlproxy
