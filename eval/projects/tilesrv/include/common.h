// Types shared by every tilesrv component: session ids and the monotonic clock
// used for idle timeouts, keep-alives and latency figures.
#pragma once

#include <chrono>
#include <cstdint>

namespace tilesrv {

using SessionId = std::uint64_t;
using Clock = std::chrono::steady_clock;

} // namespace tilesrv
