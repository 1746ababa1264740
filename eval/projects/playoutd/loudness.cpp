// LoudnessGauge: integrates loudness per aired item from the annunciator's
// events, streams each value to the meter wall, and writes the programme
// integrated loudness to the trend file when it is closed.
#include "loudness.h"

#include <cmath>
#include <stdexcept>

LoudnessGauge::LoudnessGauge(Annunciator &bus, const std::string &trendPath)
    : bus_(bus) {
  trend_ = std::fopen(trendPath.c_str(), "a");
  if (!trend_)
    throw std::runtime_error("loudness: cannot open " + trendPath);
  bus_.subscribe(this);
}

LoudnessGauge::~LoudnessGauge() {
  bus_.unsubscribe(this);
  close(); // OK: close() returns early when the trend file is already closed
}

void LoudnessGauge::onEvent(const AirEvent &ev) {
  if (ev.kind != AirEvent::Kind::ItemEnd && ev.kind != AirEvent::Kind::Overload)
    return;
  energy_ += std::pow(10.0, ev.lufs / 10.0);
  ++items_;
  meters_.send("lufs " + ev.item + " " + std::to_string(ev.lufs)); // SAME: gaugebus
}

double LoudnessGauge::integrated() const {
  if (items_ == 0)
    return -70.0;
  return 10.0 * std::log10(energy_ / items_);
}

void LoudnessGauge::close() {
  if (!trend_)
    return;
  std::fprintf(trend_, "integrated %.1f LUFS over %d items\n", integrated(),
               items_);
  std::fclose(trend_);
  trend_ = nullptr;
  meters_.close();
}
