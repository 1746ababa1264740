// DiagnosticsShell: status probes of the compressor for the shift log.
#include "diagnostics_shell.h"

#include <utility>

void DiagnosticsShell::attachCompressor(std::shared_ptr<NetLine> line) {
  compressor_ = std::move(line);
}

std::string DiagnosticsShell::probe() {
  if (!compressor_)
    return "compressor: not attached";
  return "compressor: " + compressor_->query("STATUS?"); // SAME: diag-probe
}

std::string DiagnosticsShell::probeIfUp() {
  if (!compressor_)
    return "compressor: not attached";
  if (!*compressor_)
    return "compressor: line closed";
  return "compressor: " + compressor_->query("STATUS?"); // OK
}
