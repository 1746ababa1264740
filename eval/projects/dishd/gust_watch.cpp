// GustWatch: a thread reading wind-speed lines from the anemometer; gusts
// above the drive limit raise a critical alarm for the observing loop.
#include "gust_watch.h"

#include "annunciator.h"

#include <cstdio>
#include <cstdlib>

GustWatch::GustWatch(const std::string &host, std::uint16_t port,
                     Annunciator &board, double limitMetresPerSecond)
    : anemometer_(host, port), board_(board), limit_(limitMetresPerSecond),
      thread_([this] { loop(); }) {}

GustWatch::~GustWatch() {
  running_ = false;
  anemometer_.close(); // SAME: gust-race
  if (thread_.joinable())
    thread_.join();
}

void GustWatch::loop() {
  try {
    while (running_.load()) {
      const std::string reading = anemometer_.receive(); // BUG: use-after-close #gust-race
      const double speed = std::strtod(reading.c_str(), nullptr);
      speed_ = speed;
      const bool gust = speed > limit_;
      if (gust && !gusting_.exchange(true)) {
        char text[64];
        std::snprintf(text, sizeof text, "gust %.1f m/s over limit", speed);
        board_.raise({Alarm::Severity::Critical, "gust", text});
      } else if (!gust) {
        gusting_ = false;
      }
    }
  } catch (const std::exception &e) {
    if (running_.load())
      board_.raise({Alarm::Severity::Major, "gust", e.what()});
  }
}
