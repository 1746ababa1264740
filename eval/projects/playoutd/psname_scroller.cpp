// PsnameScroller: scrolls now-playing text through the 8-character RDS PS
// field from a ticker stagehand and traces every frame. trace_ is declared
// before ticker_, so the ticker is destroyed (and its queue drained) while
// the trace file is still open. The air chain quiesces the scroller before
// it powers down the outboard gear that owns the RDS encoder.
#include "psname_scroller.h"
#include "timecode.h"
#include "rds_injector.h"

#include <chrono>
#include <stdexcept>
#include <thread>

PsnameScroller::PsnameScroller(RdsInjector &rds, const std::string &traceDir,
                               const std::string &stamp)
    : rds_(rds), trace_(traceDir), ticker_("ps-scroll") {
  if (!trace_.open("psname-" + stamp))
    throw std::runtime_error("psname: cannot open trace in " + traceDir);
}

void PsnameScroller::scroll(const std::string &text) {
  const std::string padded = "        " + text + "        ";
  for (std::size_t at = 0; at + 8 <= padded.size(); at += 2) {
    const std::string frame = padded.substr(at, 8);
    ticker_.post([this, frame] {
      rds_.apply({"ps", 0, 0, frame}); // OK: quiesce() runs before the outboard is powered down
      trace_.append({nowStamp(), "RDS-PS", frame}); // OK: ticker_ is destroyed before trace_
      std::this_thread::sleep_for(std::chrono::milliseconds(400));
    });
  }
}

void PsnameScroller::quiesce() {
  ticker_.drain();
  ticker_.close();
}
