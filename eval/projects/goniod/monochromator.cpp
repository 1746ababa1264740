// goniod — Monochromator: energy requests are batched and only the latest one
// is flushed to the double-crystal monochromator's controller; stop() applies
// the Bragg brake and closes the controller link; shutdown() is what the
// staged shutdown calls.
#include "monochromator.h"

#include <string>
#include <utility>

#include "bringup.h"

namespace goniod {

Monochromator::Monochromator(const Endpoint &ep)
    : ep_(ep), conn_(std::make_unique<PvConn>(ep.host, ep.port)) {
  const std::string banner = conn_->request("HELLO goniod/3");
  if (banner.rfind("DCM", 0) != 0)
    abandon_ioc(*conn_, "monochromator answered '" + banner + "'");
  conn_->put("DCM:MODE", "REMOTE"); // OK: abandon_ioc() is [[noreturn]]
}

void Monochromator::request_energy(double kev) {
  std::lock_guard<std::mutex> lk(mu_);
  pending_kev_.push_back(kev);
}

void Monochromator::flush() {
  std::vector<double> batch;
  {
    std::lock_guard<std::mutex> lk(mu_);
    batch.swap(pending_kev_);
  }
  if (batch.empty())
    return;
  conn_->put("DCM:ENERGY:SP", batch.back()); // SAME: mono_flush
}

void Monochromator::stop() {
  conn_->put("DCM:BRAKE", 1.0);
  conn_->close();
}

void Monochromator::shutdown() {
  stop();
  flush(); // BUG: use-after-close #mono_flush
}

} // namespace goniod
