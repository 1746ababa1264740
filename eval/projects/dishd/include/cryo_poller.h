// CryoPoller: polls the helium compressor's cold-head temperature on its own
// thread and raises an alarm when the head warms up.
#pragma once
#include "netline.h"
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

class Annunciator;

class CryoPoller {
public:
  CryoPoller(std::shared_ptr<NetLine> compressor, Annunciator &board,
             std::chrono::milliseconds period, double warnKelvin);
  /// Stops and joins the polling thread, then closes the compressor line.
  ~CryoPoller();
  CryoPoller(const CryoPoller &) = delete;
  CryoPoller &operator=(const CryoPoller &) = delete;
  double lastKelvin() const { return kelvin_.load(); }

private:
  void loop();
  std::shared_ptr<NetLine> compressor_;
  Annunciator &board_;
  std::chrono::milliseconds period_;
  double warnKelvin_;
  std::atomic<double> kelvin_{0.0};
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};
