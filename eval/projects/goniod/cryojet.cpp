// goniod — Cryojet: the nitrogen cryostream at the sample position. A sampler
// thread reads the nozzle temperature twice a second and logs warm excursions;
// operators send it commands (flow, anneal) through the component registry;
// stop() joins the sampler, puts the cryojet in standby and closes the link.
#include "cryojet.h"

#include <chrono>
#include <stdexcept>
#include <string>

#include "elog.h"

namespace goniod {

Cryojet::Cryojet(const Endpoint &ep) : conn_(ep.host, ep.port) {}

Cryojet::~Cryojet() {
  conn_.close(); // SAME: cryo_sampler
  sampling_ = false;
  if (sampler_.joinable())
    sampler_.join();
}

void Cryojet::start() {
  sampling_ = true;
  sampler_ = std::thread([this] { sample_loop(); });
}

void Cryojet::sample_loop() {
  while (sampling_) {
    const double k = conn_.get("CRYO:NOZZLE:TEMP"); // BUG: use-after-close #cryo_sampler
    kelvin_ = k;
    if (k > 120.0)
      elog().append("cryojet nozzle warm: " + std::to_string(k) + " K");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

void Cryojet::command(const std::string &verb) {
  if (stopped_)
    throw std::runtime_error("cryojet stopped, refusing '" + verb + "'");
  conn_.post("CRYO:CMD " + verb); // OK: refused above once stop() has closed the link
}

void Cryojet::stop() {
  if (stopped_.exchange(true))
    return;
  sampling_ = false;
  if (sampler_.joinable())
    sampler_.join();
  conn_.put("CRYO:MODE", "STANDBY");
  conn_.close(); // OK: the sampler thread was joined above
}

} // namespace goniod
