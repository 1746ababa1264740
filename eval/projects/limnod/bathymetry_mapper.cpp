// BathymetryMapper: the skiff's echosounder, re-armed at the end of each transect
// and after a GNSS position jump. Retiring a conduit hands it to
// retireSondeConduit(), which closes and frees it.
#include "bathymetry_mapper.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <string>

BathymetryMapper::BathymetryMapper(LimnoContext &ctx) : ctx_(ctx) {
  gnssToken_ = ctx_.switchboard.subscribe("gnss/jump", [this](const std::string &) { resync(); });
}

BathymetryMapper::~BathymetryMapper() {
  ctx_.switchboard.unsubscribe(gnssToken_);
  retireSondeConduit(std::move(ping_), "shutdown");
}

void BathymetryMapper::start() {
  if (ping_ && ping_->up())
    return;
  ping_ = std::make_unique<SondeConduit>(ctx_.settings.host("bathymetry"), ctx_.settings.sondePort);
  if (ping_->connect())
    ping_->command("ARM transect=" + std::to_string(transect_));
}

void BathymetryMapper::tick() {
  if (!ping_ || !ping_->up())
    return;
  ping_->command("PING"); // OK: guarded above
  const std::string reply = ping_->poll(); // "<x> <y> <depth>"
  depths_.push_back(std::strtod(reply.c_str() + reply.rfind(' ') + 1, nullptr));
  ctx_.switchboard.fire("bathymetry/sounding", reply);
  if (depths_.size() >= 200)
    changeTransect(transect_ + 1);
}

void BathymetryMapper::changeTransect(int next) {
  // the skiff turns onto the next line: the echosounder is re-armed for it
  retireSondeConduit(std::move(ping_), "transect " + std::to_string(transect_) + " done");
  transect_ = next;
  depths_.clear();
  ping_->command("ARM transect=" + std::to_string(transect_)); // BUG: use-after-close
}

void BathymetryMapper::resync() {
  retireSondeConduit(std::move(ping_), "gnss jump");
  ping_ = std::make_unique<SondeConduit>(ctx_.settings.host("bathymetry"), ctx_.settings.sondePort);
  if (!ping_->connect())
    return;
  ping_->command("ARM transect=" + std::to_string(transect_)); // OK: ping_ is a fresh conduit
}

void BathymetryMapper::stop() { retireSondeConduit(std::move(ping_), "stop"); }
