// goniod — Xbpm: an X-ray beam position monitor. attach() registers a 5 Hz
// beat with the control loop's pacemaker that reads the centroid and hands it
// to the sink; detach() cancels that beat. stop() closes the monitor's link.
#include "xbpm.h"

#include <chrono>
#include <stdexcept>
#include <utility>

namespace goniod {

Xbpm::Xbpm(std::string label, const Endpoint &ep, Sink sink)
    : label_(std::move(label)), conn_(ep.host, ep.port), sink_(std::move(sink)) {}

Xbpm::~Xbpm() { stop(); }

void Xbpm::attach(Pacemaker &pm) {
  beat_ = pm.every(label_ + "-centroid", std::chrono::milliseconds(200),
                   [this] { publish_centroid(); });
}

void Xbpm::detach(Pacemaker &pm) {
  if (beat_ != 0)
    pm.cancel(std::exchange(beat_, 0));
}

void Xbpm::publish_centroid() {
  const std::string reading = conn_.request("GETM " + label_ + ":POS:X " + label_ + // SAME: xbpm_beat
                                            ":POS:Y " + label_ + ":SUM");
  sink_(label_, reading);
}

void Xbpm::command(const std::string &verb) {
  if (stopped_)
    throw std::runtime_error(label_ + " stopped, refusing '" + verb + "'");
  conn_.post(label_ + ":CMD " + verb); // OK: refused above once stop() closed the link
}

void Xbpm::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  conn_.close();
}

} // namespace goniod
