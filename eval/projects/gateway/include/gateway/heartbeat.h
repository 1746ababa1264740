// Two periodic pingers, each with its own connection (heartbeat.cpp):
// Heartbeat to the monitoring endpoint and KeepAlive to the control plane.
// No markers here.
#pragma once
#include "gateway/connection.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace gateway {

class Heartbeat {
public:
  Heartbeat(const std::string &endpoint, std::chrono::milliseconds every);
  ~Heartbeat();
  void start();
  void stop();

private:
  UpstreamConn conn_;
  std::chrono::milliseconds every_;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

class KeepAlive {
public:
  KeepAlive(const std::string &endpoint, std::chrono::milliseconds every);
  ~KeepAlive();
  void start();
  void stop();

private:
  UpstreamConn conn_;
  std::chrono::milliseconds every_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace gateway
