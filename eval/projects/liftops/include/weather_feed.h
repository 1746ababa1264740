// WeatherFeed: polls the weather stations and fans readings out to
// subscribers held by weak_ptr.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "weather_station.h"

namespace liftops {

class WeatherSubscriber {
public:
  virtual ~WeatherSubscriber() = default;
  virtual void onReading(const WeatherReading &reading) = 0;
};

class WeatherFeed {
public:
  void addStation(std::shared_ptr<WeatherStation> station);
  void subscribe(std::weak_ptr<WeatherSubscriber> subscriber);
  void pollAll();
  void retire(const std::string &name);
  std::string summary() const;

private:
  std::vector<std::shared_ptr<WeatherStation>> stations_;
  std::vector<std::weak_ptr<WeatherSubscriber>> subscribers_;
  std::vector<WeatherReading> latest_;
};

} // namespace liftops
