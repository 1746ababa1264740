// IsobathCharter: soundings from the bathymetry skiff go into a chart file; every
// 500 soundings the chart is finished (closed and handed to the plotter) and the
// next sounding opens a new one.
#include "isobath_charter.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

namespace {
constexpr std::size_t kSoundingsPerChart = 500;
}

IsobathCharter::IsobathCharter(LimnoContext &ctx) : ctx_(ctx) {
  token_ = ctx_.switchboard.subscribe("bathymetry/sounding", [this](const std::string &reply) {
    std::istringstream in(reply);
    double x = 0, y = 0, depth = 0;
    if (in >> x >> y >> depth)
      addSounding(x, y, depth);
  });
}

IsobathCharter::~IsobathCharter() { ctx_.switchboard.unsubscribe(token_); }

std::string IsobathCharter::nextChartPath() const {
  char name[32];
  std::snprintf(name, sizeof name, "/isobath-%04d.xyz", chartNo_);
  return ctx_.settings.archiveDir + name;
}

void IsobathCharter::addSounding(double x, double y, double depth) {
  if (!chart_.isOpen() && !chart_.open(nextChartPath()))
    return;
  idleTicks_ = 0;
  chart_.append(std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(depth)); // OK: reopened above after finishChart()
  if (++soundings_ % kSoundingsPerChart == 0) {
    chart_.append("# end of chart " + std::to_string(chartNo_));
    finishChart();
  }
}

void IsobathCharter::finishChart() {
  const std::string done = chart_.path();
  chart_.close(); // SAME: isobath_finish
  ++chartNo_;
  ctx_.switchboard.fire("isobath/chart", done);
}

void IsobathCharter::start() {}

void IsobathCharter::tick() {
  // a chart idle for an hour is handed to the plotter as it is
  if (chart_.isOpen() && ++idleTicks_ > 3600) {
    idleTicks_ = 0;
    finishChart(); // OK: only an open chart is finished
  }
}

void IsobathCharter::stop() {
  finishChart(); // BUG: double-close #isobath_finish
}
