// WeatherFeed: polls every station it holds and fans readings out to the
// subscribers that are still alive (weak_ptr lock). retire() closes a
// station and drops it from the feed; pollAll() receives from every station
// it still holds, without checking whether one was closed elsewhere.
#include "weather_feed.h"

#include <algorithm>

namespace liftops {

void WeatherFeed::addStation(std::shared_ptr<WeatherStation> station) {
  stations_.push_back(std::move(station));
}

void WeatherFeed::subscribe(std::weak_ptr<WeatherSubscriber> subscriber) {
  subscribers_.push_back(std::move(subscriber));
}

void WeatherFeed::pollAll() {
  for (auto &station : stations_) {
    std::optional<WeatherReading> reading = station->receive(); // SAME: feed-poll
    if (!reading)
      continue;
    auto same = std::find_if(latest_.begin(), latest_.end(), [&](const WeatherReading &r) {
      return r.station == reading->station;
    });
    if (same == latest_.end())
      latest_.push_back(*reading);
    else
      *same = *reading;
    for (auto it = subscribers_.begin(); it != subscribers_.end();) {
      if (std::shared_ptr<WeatherSubscriber> sub = it->lock()) {
        sub->onReading(*reading);
        ++it;
      } else {
        it = subscribers_.erase(it);
      }
    }
  }
}

void WeatherFeed::retire(const std::string &name) {
  for (auto it = stations_.begin(); it != stations_.end(); ++it) {
    if ((*it)->name() == name) {
      (*it)->close();
      stations_.erase(it);
      return;
    }
  }
}

std::string WeatherFeed::summary() const {
  std::string text;
  for (const WeatherReading &r : latest_)
    text += formatReading(r) + "\n";
  return text.empty() ? "no readings" : text;
}

} // namespace liftops
