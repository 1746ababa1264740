// DelayServer: delay polynomials to the correlator nodes over the lines it
// shares with the baseband distributor, plus a heartbeat that isolates nodes
// which stopped acknowledging.
#include "delay_model.h"

#include "isolation.h"
#include "shiftlog.h"

#include <cstdio>
#include <utility>

DelayModel DelayModel::zero(std::string source) {
  DelayModel m;
  m.source = std::move(source);
  return m;
}

std::string DelayModel::encode() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "DELAY %s %.8f %.12e %.12e %.12e",
                source.c_str(), epochMjd, poly[0], poly[1], poly[2]);
  return buf;
}

DelayServer::DelayServer(ShiftLog &log, std::chrono::seconds silenceLimit)
    : log_(log), limit_(silenceLimit) {}

void DelayServer::addPeer(std::shared_ptr<NetLine> peer) {
  lastAck_[peer.get()] = std::chrono::steady_clock::now();
  peers_.push_back(std::move(peer));
}

void DelayServer::publish(const DelayModel &model) {
  const std::string frame = model.encode();
  for (auto &peer : peers_)
    peer->transmit(frame); // SAME: delay-push
  current_ = model;
}

void DelayServer::publishLive(const DelayModel &model) {
  const std::string frame = model.encode();
  const auto now = std::chrono::steady_clock::now();
  for (auto &peer : peers_) {
    const bool ok = peer->alive();
    if (ok && isolateIfSilent(*peer, log_, now - lastAck_[peer.get()], limit_))
      continue;
    if (ok)
      peer->transmit(frame); // OK
  }
  current_ = model;
}

void DelayServer::heartbeat() {
  const auto now = std::chrono::steady_clock::now();
  for (auto &peer : peers_) {
    if (!peer->alive())
      continue;
    if (now - lastAck_[peer.get()] > limit_)
      isolateLine(*peer, log_, "no delay acknowledgements");
    peer->transmit("PING"); // BUG: use-after-close
  }
}

void DelayServer::acknowledged(const NetLine *peer) {
  lastAck_[peer] = std::chrono::steady_clock::now();
}
