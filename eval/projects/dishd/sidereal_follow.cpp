// Pointing-computer client. All state changes and PCU traffic happen under
// mu_; offsets are only sent while the state is Tracking, and stop() moves
// the state to Stopped before closing the line, so a late offset from the
// fringe fitter is dropped instead of reaching a closed line. restart()
// emplaces a fresh line into the optional.
#include "sidereal_follow.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

SiderealFollower::SiderealFollower(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {
  pcu_.emplace(host_, port_);
}

void SiderealFollower::follow(const std::string &source, double raDeg,
                              double decDeg) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Stopped || !pcu_)
    throw std::runtime_error("pointing computer stopped, cannot follow " +
                             source);
  char cmd[128];
  std::snprintf(cmd, sizeof cmd, "TRACK %s %.7f %.7f", source.c_str(), raDeg,
                decDeg);
  const std::string reply = pcu_->query(cmd);
  if (std::sscanf(reply.c_str(), "AZEL %lf %lf", &az_, &el_) != 2)
    throw std::runtime_error("pointing computer: unexpected reply " + reply);
  state_ = State::Slewing;
}

void SiderealFollower::onSettled() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Slewing)
    state_ = State::Tracking;
}

void SiderealFollower::applyOffset(double dAzArcsec, double dElArcsec) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::Tracking)
    return;
  char cmd[64];
  std::snprintf(cmd, sizeof cmd, "OFFSET %.2f %.2f", dAzArcsec, dElArcsec);
  pcu_->transmit(cmd); // OK
}

void SiderealFollower::reportParked(double azDeg, double elDeg) {
  std::lock_guard<std::mutex> lock(mu_);
  char cmd[64];
  std::snprintf(cmd, sizeof cmd, "PARKED %.4f %.4f", azDeg, elDeg);
  pcu_->transmit(cmd); // SAME: pcu-parked
}

void SiderealFollower::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Stopped)
    return;
  state_ = State::Stopped;
  if (!pcu_)
    return;
  pcu_->transmit("TRACK OFF");
  pcu_->close();
}

void SiderealFollower::restart() {
  std::lock_guard<std::mutex> lock(mu_);
  if (pcu_)
    pcu_->close();
  pcu_.emplace(host_, port_);
  state_ = State::Idle;
  pcu_->transmit("HELLO dishd"); // OK
}

std::pair<double, double> SiderealFollower::lastCommanded() const {
  std::lock_guard<std::mutex> lock(mu_);
  return {az_, el_};
}

SiderealFollower::State SiderealFollower::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}
