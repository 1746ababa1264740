// WeatherStation: one summit/mid/base weather station sending readings over
// UDP. receive() throws once the station is closed; close() is idempotent.
#pragma once
#include <optional>
#include <string>

#include "file_handle.h"
#include "status.h"

namespace liftops {

struct WeatherReading {
  std::string station;
  double windKph = 0;
  double gustKph = 0;
  double tempC = 0;
  double snowCm = 0;
};

class WeatherStation {
public:
  WeatherStation(std::string name, int port);
  ~WeatherStation();

  Status open();
  std::optional<WeatherReading> receive();
  Status pushSnapshot(const std::string &host, int port);
  void close();
  bool isOpen() const { return sock_.valid(); }
  const std::string &name() const { return name_; }
  int port() const { return port_; }

private:
  std::string name_;
  int port_;
  FdHandle sock_;
  std::optional<WeatherReading> last_;
};

std::string formatReading(const WeatherReading &reading);

} // namespace liftops
