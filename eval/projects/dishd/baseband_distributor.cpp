// BasebandDistributor: the correlator lines are shared with the DelayServer,
// which may isolate (close) one of them at any time; every send here checks
// that the line is still alive first.
#include "baseband_distributor.h"

#include "shiftlog.h"

#include <utility>

BasebandDistributor::BasebandDistributor(ShiftLog &log) : log_(log) {}

void BasebandDistributor::addSink(std::shared_ptr<NetLine> sink) {
  sinks_.push_back(std::move(sink));
}

void BasebandDistributor::announce(const std::string &header) {
  for (auto &sink : sinks_) {
    if (!sink->alive())
      continue;
    try {
      sink->transmit("HDR " + header); // OK
    } catch (const std::exception &e) {
      log_.append("baseband header to " + sink->peer() + " failed: " + e.what());
    }
  }
}

void BasebandDistributor::retire() {
  for (auto &sink : sinks_) {
    if (!sink->alive())
      continue;
    try {
      sink->transmit("EOS"); // OK
    } catch (const std::exception &e) {
      log_.append("end-of-stream to " + sink->peer() + " failed: " + e.what());
    }
    sink->close();
  }
}

std::size_t BasebandDistributor::liveSinks() const {
  std::size_t live = 0;
  for (const auto &sink : sinks_)
    if (sink->alive())
      ++live;
  return live;
}
