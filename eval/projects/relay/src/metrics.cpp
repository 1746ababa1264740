// Metrics: counters written to the relay's LogFile. finalReport() closes the
// log and writes once more; LogFile::write() skips a closed log, so that is
// harmless (negative).
#include "relay/metrics.h"

namespace relay {

void Metrics::count(const std::string &name, std::uint64_t by) {
  if (name == "routed")
    routed_ += by;
  else if (name == "dropped")
    dropped_ += by;
}

void Metrics::report() {
  log_.write("routed=" + std::to_string(routed_) + " dropped=" + std::to_string(dropped_));
}

void Metrics::finalReport() {
  report();
  log_.close();
  log_.write("metrics closed"); // OK
}

} // namespace relay
