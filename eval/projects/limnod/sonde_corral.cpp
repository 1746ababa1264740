// SondeCorral: conduits to the main sonde lent out as RAII hitches. drainIdle()
// closes the idle conduits' sockets but keeps the objects so that acquire() can
// reconnect them without a new allocation.
#include "sonde_corral.h"
#include <stdexcept>

SondeCorral::Hitch::Hitch(SondeCorral &corral, std::unique_ptr<SondeConduit> conduit)
    : corral_(&corral), conduit_(std::move(conduit)) {}

SondeCorral::Hitch::Hitch(Hitch &&other) noexcept
    : corral_(other.corral_), conduit_(std::move(other.conduit_)) {}

SondeCorral::Hitch::~Hitch() {
  if (conduit_)
    corral_->giveBack(std::move(conduit_));
}

SondeCorral::SondeCorral(std::string host, int port, std::size_t maxIdle)
    : host_(std::move(host)), port_(port), maxIdle_(maxIdle) {}

SondeCorral::~SondeCorral() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &conduit : idle_)
    conduit->close(); // BUG: double-close
}

SondeCorral::Hitch SondeCorral::acquire() {
  std::unique_ptr<SondeConduit> conduit;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!idle_.empty()) {
      conduit = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!conduit)
    conduit = std::make_unique<SondeConduit>(host_, port_);
  if (!conduit->up() && !conduit->connect())
    throw std::runtime_error("sonde unreachable: " + host_);
  conduit->command("WAKE"); // OK: reconnected above when drainIdle() had closed it
  return Hitch(*this, std::move(conduit));
}

void SondeCorral::giveBack(std::unique_ptr<SondeConduit> conduit) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!conduit->up() || idle_.size() >= maxIdle_)
    return; // dropped: the destructor closes it if it is still up
  idle_.push_back(std::move(conduit));
}

void SondeCorral::drainIdle() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &conduit : idle_)
    if (conduit->up())
      conduit->close(); // OK: only conduits still up are closed
}

std::size_t SondeCorral::idle() const {
  std::lock_guard<std::mutex> lk(mu_);
  return idle_.size();
}
