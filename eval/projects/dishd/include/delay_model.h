// DelayServer: publishes the geometric delay polynomial of the current source
// to the correlator nodes (the same lines the baseband distributor uses).
#pragma once
#include "netline.h"
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

class ShiftLog;

struct DelayModel {
  std::string source;
  double epochMjd = 0.0;
  std::array<double, 3> poly{};
  static DelayModel zero(std::string source);
  std::string encode() const;
};

class DelayServer {
public:
  DelayServer(ShiftLog &log, std::chrono::seconds silenceLimit);
  void addPeer(std::shared_ptr<NetLine> peer);
  void publish(const DelayModel &model);
  /// Publishes to peers still open, isolating any that went silent.
  void publishLive(const DelayModel &model);
  void heartbeat();
  void acknowledged(const NetLine *peer);
  const DelayModel &current() const { return current_; }

private:
  ShiftLog &log_;
  std::chrono::seconds limit_;
  std::vector<std::shared_ptr<NetLine>> peers_;
  std::map<const NetLine *, std::chrono::steady_clock::time_point> lastAck_;
  DelayModel current_;
};
