// DiagnosticsShell: ad-hoc status probes of instruments for the shift log.
// Probes share the instrument lines with their regular users, so callers
// only probe while those users are paused.
#pragma once
#include "netline.h"
#include <memory>
#include <string>

class DiagnosticsShell {
public:
  void attachCompressor(std::shared_ptr<NetLine> line);
  /// Asks the compressor for its status.
  std::string probe();
  /// Same, but reports a closed line instead of asking it.
  std::string probeIfUp();

private:
  std::shared_ptr<NetLine> compressor_;
};
