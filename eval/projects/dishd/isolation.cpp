// Isolating instrument lines: a line that stops answering is logged and
// closed so its users see a closed line instead of blocking on it.
#include "isolation.h"

#include "netline.h"
#include "shiftlog.h"

#include <chrono>

void isolateLine(NetLine &line, ShiftLog &log, const std::string &why) {
  log.append("isolating line to " + line.peer() + ": " + why);
  line.close();
}

bool isolateIfSilent(NetLine &line, ShiftLog &log,
                     std::chrono::steady_clock::duration silentFor,
                     std::chrono::steady_clock::duration limit) {
  if (silentFor <= limit)
    return false;
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(silentFor).count();
  isolateLine(line, log, "silent for " + std::to_string(seconds) + " s");
  return true;
}
