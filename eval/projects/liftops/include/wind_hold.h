// WindHold: puts lifts on wind hold when gusts pass the limit. Subscribes to
// the weather feed (held weakly there) and keeps one commander per lift.
#pragma once
#include <map>
#include <string>

#include "chairlift_controller.h"
#include "link_factory.h"
#include "weather_feed.h"

namespace liftops {

class WindHold : public WeatherSubscriber {
public:
  explicit WindHold(double gustLimitKph);

  void addLift(const std::string &liftId, ChairliftController *chair, Commander commander);
  void addAux(const std::string &name, Commander commander);
  void onReading(const WeatherReading &reading) override;
  void forceHold(const std::string &why);
  void closeLiftForWind(const std::string &liftId);

private:
  struct Entry {
    ChairliftController *chair;
    Commander commander;
  };
  std::map<std::string, Entry> lifts_;
  std::map<std::string, Commander> aux_;
  double gustLimitKph_;
};

} // namespace liftops
