// GustWatch: reads the anemometer on the feed legs on its own thread and
// raises a critical alarm when a gust exceeds the drive limit.
#pragma once
#include "netline.h"
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

class Annunciator;

class GustWatch {
public:
  GustWatch(const std::string &host, std::uint16_t port, Annunciator &board,
            double limitMetresPerSecond);
  ~GustWatch();
  GustWatch(const GustWatch &) = delete;
  GustWatch &operator=(const GustWatch &) = delete;
  bool gusting() const { return gusting_.load(); }
  double lastSpeed() const { return speed_.load(); }

private:
  void loop();
  NetLine anemometer_;
  Annunciator &board_;
  double limit_;
  std::atomic<bool> running_{true};
  std::atomic<bool> gusting_{false};
  std::atomic<double> speed_{0.0};
  std::thread thread_;
};
