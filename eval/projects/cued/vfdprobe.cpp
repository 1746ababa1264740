// Probes of the networked VFD controllers: probeVfd() asks one controller
// for its identity, logVfdFirmware() notes every controller's firmware in
// the prompt book after the banner check.
#include "decksocket.h"
#include "parley.h"
#include "preshow.h"
#include "promptbook.h"

#include <chrono>
#include <exception>

namespace cued {

namespace {
constexpr std::chrono::milliseconds kDial{1500};
constexpr std::chrono::milliseconds kReply{800};
} // namespace

std::optional<std::string> probeVfd(const LineSpec &spec) {
  try {
    DeckSocket link(spec.host, spec.port, kDial);
    if (!expectBanner(link, "VFD"))
      return std::nullopt;
    return link.query("IDENT?", kReply); // OK: expectBanner() returned true, so the link is open
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

void logVfdFirmware(const LinePlot &plot) {
  for (const LineSpec &spec : plot.lines()) {
    if (spec.kind != "vfd")
      continue;
    try {
      DeckSocket link(spec.host, spec.port, kDial);
      if (!expectBanner(link, "VFD"))
        promptBook().record("probe", spec.name + ": unexpected banner");
      promptBook().record("probe", spec.name + " firmware " + link.query("FW?", kReply)); // BUG: use-after-close
    } catch (const std::exception &e) {
      promptBook().record("probe", spec.name + ": " + e.what());
    }
  }
}

} // namespace cued
