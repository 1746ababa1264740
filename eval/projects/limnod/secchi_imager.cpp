// SecchiImager: camera over the Secchi disk. tick() captures only while the
// conduit is up; a failed capture hands the conduit to the fault handler.
#include "secchi_imager.h"
#include "limnod_faults.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <stdexcept>

SecchiImager::SecchiImager(LimnoContext &ctx) : ctx_(ctx) {}

void SecchiImager::start() {
  if (conduit_ && conduit_->up())
    return;
  conduit_ = std::make_unique<SondeConduit>(ctx_.settings.host("secchi"), ctx_.settings.sondePort);
  if (!conduit_->connect())
    ++failures_;
}

void SecchiImager::tick() {
  if (!conduit_ || !conduit_->up())
    return;
  capture();
}

void SecchiImager::capture() {
  try {
    conduit_->command("CAPTURE depth=auto"); // OK: tick() calls capture() only on a conduit that is up
    const std::string reply = conduit_->poll(); // "<secchi m> <chl ug/L> <slide path>"
    ++frames_;
    const auto a = reply.find(' ');
    const auto b = reply.find(' ', a == std::string::npos ? a : a + 1);
    if (a == std::string::npos || b == std::string::npos)
      return;
    ctx_.switchboard.fire("secchi/depth", reply.substr(0, a));
    ctx_.switchboard.fire("chlorophyll", reply.substr(a + 1, b - a - 1));
    ctx_.switchboard.fire("secchi/slide", reply.substr(b + 1));
  } catch (const std::runtime_error &e) {
    ++failures_;
    limnoFaults().onSondeFault(*conduit_, e);
    conduit_->close(); // BUG: double-close
  }
}

void SecchiImager::stop() {
  if (!conduit_)
    return;
  if (conduit_->up())
    conduit_->close(); // OK: a fault may have closed it already
  conduit_.reset();
}

bool SecchiImager::healthy() const { return conduit_ && conduit_->up() && failures_ < 3; }
